import { describe, expect, it } from 'vitest';
import { annotateScreenSources } from './screen-sources';

const resolve = async (specifier: string) => `src/${specifier.replace(/^(\.\.\/)+/, '')}.tsx`;

describe('annotateScreenSources', () => {
  it("gives each lazyScreen the module id its import resolves to", async () => {
    const code = [
      "const Landing = lazyScreen(() => import('../features/landing/landing-page'));",
      "const screens = { '/dashboard': lazyScreen(() => import('../features/tracker/pages/dashboard-page')) };",
    ].join('\n');
    expect(await annotateScreenSources(code, resolve)).toBe(
      [
        "const Landing = lazyScreen(() => import('../features/landing/landing-page'), \"src/features/landing/landing-page.tsx\");",
        "const screens = { '/dashboard': lazyScreen(() => import('../features/tracker/pages/dashboard-page'), \"src/features/tracker/pages/dashboard-page.tsx\") };",
      ].join('\n'),
    );
  });

  it('fails the build on a lazyScreen written another way, whose chunks app.html could not list', async () => {
    const code = "const A = lazyScreen(() => import('./a'));\nconst B = lazyScreen(() => import('./b').then((m) => ({ default: m.B })));";
    await expect(annotateScreenSources(code, resolve)).rejects.toThrow("1 lazyScreen call(s) not written as lazyScreen(() => import('…'))");
  });

  it('leaves code without lazy screens as it is', async () => {
    const code = "import { lazyScreen } from '../lib/lazy-screen';\nexport const x = 1;";
    expect(await annotateScreenSources(code, resolve)).toBe(code);
  });
});
