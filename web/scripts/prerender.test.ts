import { describe, expect, it } from 'vitest';
import { extractStyles, screenChunksByPath } from './prerender';

const manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_ui-1.js'] },
  '_ui-1.js': { file: 'assets/ui-1.js' },
  '_zod-1.js': { file: 'assets/zod-1.js' },
  'src/components/app-shell.tsx': { file: 'assets/app-shell-1.js', imports: ['_ui-1.js', 'index.html'] },
  'src/pages/dashboard-page.tsx': { file: 'assets/dashboard-page-1.js', imports: ['_ui-1.js', '_zod-1.js', 'index.html'] },
  'src/pages/events-page.tsx': { file: 'assets/events-page-1.js', imports: ['index.html'] },
};
const sources: Record<string, string[]> = {
  '/dashboard': ['src/components/app-shell.tsx', 'src/pages/dashboard-page.tsx'],
  '/eventi': ['src/components/app-shell.tsx', 'src/pages/events-page.tsx'],
};
const startUp = ['/assets/index-1.js', '/assets/ui-1.js'];

describe('screenChunksByPath', () => {
  it("lists each path's screens and what they import, once, without the files every page loads", () => {
    expect(screenChunksByPath(manifest, ['/dashboard', '/eventi'], (path) => sources[path] ?? [], startUp)).toEqual({
      '/dashboard': ['/assets/app-shell-1.js', '/assets/dashboard-page-1.js', '/assets/zod-1.js'],
      '/eventi': ['/assets/app-shell-1.js', '/assets/events-page-1.js'],
    });
  });

  it('leaves out a path with nothing more to load', () => {
    expect(screenChunksByPath(manifest, ['/nowhere'], () => [], startUp)).toEqual({});
  });

  it('fails the build when a screen has no source or the manifest does not know it', () => {
    expect(() => screenChunksByPath(manifest, ['/dashboard'], () => [undefined], startUp)).toThrow('has no source');
    expect(() => screenChunksByPath(manifest, ['/x'], () => ['src/pages/x-page.tsx'], startUp)).toThrow("src/pages/x-page.tsx is not in Vite's manifest");
  });
});

describe('extractStyles', () => {
  const markup =
    '<style data-emotion="css-global 1a2b">:root{--x:1}</style><div class="css-aa"><style data-emotion="css aa">.css-aa{color:red}</style>' +
    '<p class="css-bb">x</p><style data-emotion="css bb cc">.css-bb{margin:0}.css-cc{padding:0}</style><style data-emotion="css aa">.css-aa{color:red}</style></div>';

  it('takes every style tag out of the markup', () => {
    expect(extractStyles(markup).html).toBe('<div class="css-aa"><p class="css-bb">x</p></div>');
  });

  it('keeps every rule once, in order, global ones included', () => {
    expect(extractStyles(markup).css).toBe(':root{--x:1}.css-aa{color:red}.css-bb{margin:0}.css-cc{padding:0}');
  });

  it("gives the component styles back as one tag that emotion's browser cache takes as inserted, without moving it", () => {
    expect(extractStyles(markup).tag).toBe('<style data-s="" data-emotion="css aa bb cc">.css-aa{color:red}.css-bb{margin:0}.css-cc{padding:0}</style>');
  });

  it('has no tag when there are only global styles', () => {
    expect(extractStyles('<style data-emotion="css-global 1a2b">:root{--x:1}</style><p>x</p>').tag).toBe('');
  });
});
