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
          // Chakra's components and ours in one shared chunk rather than ~20 files of 1–3 KB:
          // a phone on a slow connection pays a round trip per file, and one file compresses
          // better (/login: 6 files and 140 KB gzip instead of 20 files and 147 KB).
          groups: [{ name: 'ui', test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js)|web[\\/]src[\\/]components/, minShareCount: 2 }],
        },
      },
    },
  },
});
