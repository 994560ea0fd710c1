import { relative } from 'node:path';
import type { Plugin } from 'vite';

/*
 * The build needs to know which modules each path's screens are, to list their chunks in the
 * path's page (scripts/prerender.ts): the page then downloads a screen's code together with the
 * app's entry instead of after evaluating it. The router declares its screens as
 * `lazyScreen(() => import('…'))`; this plugin adds the module's id, relative to the web root
 * (the key Vite's manifest uses), as lazyScreen's second argument.
 */

const LAZY_SCREEN_CALL = /lazyScreen\(\(\) => import\('([^']+)'\)\)/g;
const ANY_CALL = /\blazyScreen\(/g;

/** `code` with each `lazyScreen(() => import('x'))` given the module id `resolve('x')` returns. */
export async function annotateScreenSources(code: string, resolve: (specifier: string) => Promise<string>): Promise<string> {
  const calls = [...code.matchAll(LAZY_SCREEN_CALL)];
  const all = code.match(ANY_CALL)?.length ?? 0;
  if (calls.length !== all) {
    throw new Error(`screen-sources: ${all - calls.length} lazyScreen call(s) not written as lazyScreen(() => import('…'))`);
  }
  const sources = await Promise.all(calls.map((call) => resolve(call[1]!)));
  let index = 0;
  return code.replace(LAZY_SCREEN_CALL, (call, specifier: string) => `lazyScreen(() => import('${specifier}'), ${JSON.stringify(sources[index++])})`);
}

export function screenSources(): Plugin {
  let root = '';
  return {
    name: 'sfida:screen-sources',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (id.includes('node_modules') || id.endsWith('lazy-screen.ts') || !code.includes('lazyScreen(')) return null;
      const annotated = await annotateScreenSources(code, async (specifier) => {
        const resolved = await this.resolve(specifier, id);
        if (!resolved) this.error(`screen-sources: cannot resolve ${specifier} from ${id}`);
        return relative(root, resolved.id).split('\\').join('/');
      });
      return { code: annotated, map: null };
    },
  };
}
