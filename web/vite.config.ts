import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chakraGlobalStylesOnDemand } from './scripts/chakra-global-styles-on-demand.ts';
import { compileHintsForStartUp } from './scripts/compile-hints.ts';
import { screenSources } from './scripts/screen-sources.ts';

const UI = /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js)|web[\\/]src[\\/](components|lib)[\\/]/;
const TRACKER = /web[\\/]src[\\/](tracker|features[\\/](habits|planner|check-in|leaderboard|progress-summary|challenge-start|challenge-end)[\\/](api|components|hooks))[\\/]/;
/**
 * The parts of components/ and lib/ that only the tracker screens use: their frame (which brings
 * the tracker engine) and some of the UI kit. They ride in the tracker chunk rather than in `ui`.
 */
/**
 * The conversation (the participant's messages, the coach's threads): its components, its core rules
 * and React Query's infinite queries, which only it uses. Not in `ui` nor `core`, which every page
 * loads: one chunk of its own.
 */
const CONVERSATION =
  /web[\\/]src[\\/]components[\\/](conversation-timeline|conversation-composer)\.|core[\\/]src[\\/](conversations|conversation-texts)\.ts$|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](useInfiniteQuery|infiniteQueryOptions)\.js$|@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]infiniteQueryObserver\.js$/;
/** React Query's `useQueries`, which only the leaderboard's pages use: with them, not a chunk of its own. */
const TRACKER_QUERIES = /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](useQueries|queriesObserver)\.js$/;
const TRACKER_ONLY = /web[\\/]src[\\/](components[\\/](tracker-screen|stat-tile|progress-bar|tips-list|week-bar-chart|mood-chart|day-strip|points-by-week-chart|check-in-card)|lib[\\/](points-notice|week-label|use-today))\./;

/**
 * Core's modules that only screens beyond the tracker's import (events, resources, the
 * conversation...), apart from `core`, which every tracker screen loads whole. One a tracker screen
 * imports would bring them all back to it: the budgets e2e says so.
 */
/**
 * Google sign-in's own code (the redirect, the SDK's errors, the mark): the sign-in pages and the
 * profile's deletion confirmation use it, no other screen. Not in `ui`, which every page loads.
 */
const GOOGLE = /web[\\/]src[\\/](lib[\\/]google-sign-in|components[\\/]google-mark)\./;

const MORE_CORE = /core[\\/]src[\\/](events|resources|training-labels)\.ts$/;

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
          // components, ours and lib/, which every page loads; `tracker`: the tracker engine, what
          // the tracker features share and TRACKER_ONLY; `conversation`: CONVERSATION; `core`: core's rules with zod, and
          // `core-more`: those only other screens need (MORE_CORE; the coach console's own rules ride in its chunk).
          // The last four take only the matched modules, not what those import (React, the router...), which stays in the entry.
          groups: [
            { name: 'ui', test: (id) => UI.test(id) && !TRACKER_ONLY.test(id) && !CONVERSATION.test(id) && !GOOGLE.test(id), minShareCount: 2 },
            { name: 'google', test: GOOGLE, minShareCount: 2, includeDependenciesRecursively: false },
            { name: 'tracker', test: (id) => TRACKER.test(id) || TRACKER_ONLY.test(id) || TRACKER_QUERIES.test(id), minShareCount: 2, includeDependenciesRecursively: false },
            { name: 'conversation', test: CONVERSATION, minShareCount: 2, includeDependenciesRecursively: false },
            { name: 'core-more', test: MORE_CORE, minShareCount: 2, includeDependenciesRecursively: false },
            { name: 'core', test: /core[\\/]src[\\/]|node_modules[\\/]zod[\\/]/, minShareCount: 2, includeDependenciesRecursively: false },
            // The Firebase Auth SDK, loaded on a tap on "Accedi con Google" only: one file, and left
            // out of the service worker's precache (scripts/service-worker.ts).
            { name: 'firebase-auth', test: /node_modules[\\/](firebase|@firebase)[\\/]/ },
          ],
        },
      },
    },
  },
});
