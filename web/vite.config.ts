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
          // Fewer, larger shared chunks rather than a file per component: a phone on a slow
          // connection pays a round trip per file, and one file compresses better. `ui`: Chakra's
          // components, ours and lib/; `tracker`: the tracker engine and what the tracker screens
          // share (their frame, which brings the engine, belongs here rather than in `ui`, which
          // every page loads); `core`: core's rules with zod. The last two take only the matched
          // modules, not what those import (React, the router...), which stays in the entry.
          groups: [
            { name: 'ui', test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js)|web[\\/]src[\\/](components[\\/](?!tracker-screen)|lib[\\/])/, minShareCount: 2 },
            {
              name: 'tracker',
              test: /web[\\/]src[\\/](tracker[\\/]|components[\\/]tracker-screen|features[\\/](habits|planner|check-in|leaderboard|progress-summary|challenge-start)[\\/](api|components)[\\/])/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            { name: 'core', test: /core[\\/]src[\\/]|node_modules[\\/]zod[\\/]/, minShareCount: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
