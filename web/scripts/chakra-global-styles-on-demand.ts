import type { Plugin } from 'vite';

/*
 * Chakra's createSystem() builds the global styles (reset, global CSS and one CSS variable per
 * token) eagerly, and ChakraProvider then serializes and inserts them with emotion. On a phone
 * that was the costliest step of start-up (docs/performance-notes.md has the measurements).
 * The built app ships those styles finished in app.html
 * (scripts/prerender.ts), so in the browser bundle this plugin makes `system._global` a lazy
 * getter: built only when something reads it (the tests, the dev server, the prerender).
 *
 * It edits one known statement of Chakra's source. If a Chakra upgrade changes that source the
 * build fails here, loudly, instead of silently shipping the slower start-up.
 */

const SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER_GLOBAL = '  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];\n';
const GLOBAL_PROPERTY = '    _global,\n';

/** Chakra's system.js with `_global` built on first read; throws if the source is not the one we know. */
export function makeGlobalStylesLazy(source: string): string {
  const eager = source.split(EAGER_GLOBAL).length - 1;
  const property = source.split(GLOBAL_PROPERTY).length - 1;
  if (eager !== 1 || property !== 1) {
    throw new Error(
      'chakra-global-styles-on-demand: @chakra-ui/react/dist/esm/styled-system/system.js is not the source this ' +
        'plugin knows (createSystem no longer builds `_global` the same way). Check the new source and update the plugin.',
    );
  }
  return source
    .replace(EAGER_GLOBAL, '  let globalStyles;\n')
    .replace(
      GLOBAL_PROPERTY,
      '    get _global() {\n      return globalStyles ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n',
    );
}

export function chakraGlobalStylesOnDemand(): Plugin {
  let patched = false;
  let ssr = false;
  return {
    name: 'sfida:chakra-global-styles-on-demand',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return null;
      patched = true;
      return { code: makeGlobalStylesLazy(code), map: null };
    },
    buildEnd(error) {
      // The server build (prerender) keeps Chakra external; the browser bundle must contain it.
      if (!error && !ssr && !patched) {
        this.error('chakra-global-styles-on-demand: Chakra\'s styled-system/system.js was not part of the browser build');
      }
    },
  };
}
