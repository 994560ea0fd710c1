import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeGlobalStylesLazy } from './chakra-global-styles-on-demand';

const require = createRequire(import.meta.url);
const chakraRoot = dirname(require.resolve('@chakra-ui/react/package.json', { paths: [join(import.meta.dirname, '..')] }));
const systemSource = readFileSync(join(chakraRoot, 'dist', 'esm', 'styled-system', 'system.js'), 'utf8');

describe('makeGlobalStylesLazy', () => {
  it('turns the installed Chakra\'s eager global styles into a getter that builds them once', () => {
    const lazy = makeGlobalStylesLazy(systemSource);
    expect(lazy).not.toContain('const _global = [');
    expect(lazy).toContain('get _global() {');
    expect(lazy).toContain('globalStyles ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]');
  });

  it('fails loudly on a createSystem it does not know', () => {
    expect(() => makeGlobalStylesLazy(systemSource.replace('getTokenCss()];', 'getTokenCss(), extra()];'))).toThrow(
      /not the source this plugin knows/,
    );
    expect(() => makeGlobalStylesLazy(`${systemSource}\n  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];\n`)).toThrow();
  });
});
