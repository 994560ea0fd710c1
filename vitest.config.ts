import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One Vitest run, four projects: pure rules, the web app in jsdom, server units,
// and API tests that drive the real Express app against the local emulators.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['core/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/web.ts'],
        },
      },
      {
        test: {
          name: 'functions-unit',
          include: ['functions/src/**/*.test.ts', 'scripts/**/*.test.ts', 'web/scripts/**/*.test.ts', 'tests/cross/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['functions/src/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/emulators.global.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/firestore-queries.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // All API files share one emulator pair; run them one file at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
