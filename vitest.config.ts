import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Component test files that replace a module with vi.mock: in a VM pool a worker keeps one
// module registry for all its files, so such a mock would reach the files after it.
const webTestsWithMocks = readdirSync('web/src', { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.test\.tsx?$/.test(name))
  .map((name) => join('web/src', name).replaceAll('\\', '/'))
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')));

const webTest = {
  environment: 'jsdom',
  setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/web.ts'],
} as const;

// One Vitest run, five projects: pure rules, the web app in jsdom (most of it in VM contexts,
// which import React and Chakra once per worker instead of once per file; the files that mock
// modules apart, in their own processes), server units, and API tests that drive the real
// Express app against the local emulators. Two workers: the machine has two cores.
export default defineConfig({
  test: {
    maxWorkers: 2,
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
        test: { ...webTest, name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], exclude: webTestsWithMocks, pool: 'vmForks' },
      },
      {
        plugins: [react()],
        test: { ...webTest, name: 'web-mocks', include: webTestsWithMocks, pool: 'forks' },
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
          // api-worker.ts first: it points the worker at its own emulators before anything reads the env.
          setupFiles: ['tests/setup/api-worker.ts', 'tests/setup/fail-on-console-error.ts', 'tests/setup/firestore-queries.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
