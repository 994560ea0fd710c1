import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chakraGlobalStylesOnDemand } from './scripts/chakra-global-styles-on-demand.ts';
import { compileHintsForStartUp } from './scripts/compile-hints.ts';
import { screenSources } from './scripts/screen-sources.ts';

// In development the API runs behind the local Hosting emulator (firebase.json rewrites
// /api/** to the function), so the dev server forwards /api there and cookies stay same-origin.
export default defineConfig({
  plugins: [react(), screenSources(), chakraGlobalStylesOnDemand(), compileHintsForStartUp()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:5000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each screen needs (read, then removed, by scripts/prerender.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Fewer, larger shared chunks rather than ~20 files of 0.2–3 KB: a phone on a slow
          // connection pays a round trip per file, and one file compresses better. Chakra's
          // components and ours (/login preloads 3 files, 140 KB gzip, instead of 20 files and 147 KB);
          // the tracker screens' shared code; core's rules with zod (/dashboard: 7 files instead
          // of 14, same bytes). The last two groups take only the matched modules, not what those
          // import (React, the router...), which stays in the entry every page loads anyway.
          groups: [
            { name: 'ui', test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js)|web[\\/]src[\\/](components|lib)[\\/]/, minShareCount: 2 },
            { name: 'tracker', test: /web[\\/]src[\\/](tracker|features[\\/]tracker[\\/](api|components))[\\/]/, minShareCount: 2, includeDependenciesRecursively: false },
            { name: 'core', test: /core[\\/]src[\\/]|node_modules[\\/]zod[\\/]/, minShareCount: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
