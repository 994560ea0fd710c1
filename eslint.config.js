import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = import.meta.dirname;

/** The folders directly under `dir`. */
function foldersOf(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** The web app's features and the server's, each a zone of its own: a feature never imports another. */
const webFeatures = foldersOf('web/src/features');
const serverFeatures = foldersOf('functions/src/features');

/**
 * Imports run one way: shared code sits below the code that uses it. In the web app lib/ is the
 * bottom; components/ and tracker/ (the local-first engine, on lib/ and core only) sit on it, and
 * coach-shared/ (what the coach console's features share: its paths, the cohorts list, the cohort
 * filter...) on lib/ and components/; features on those, never on one another; app/ alone composes
 * features. testing/ (the tests'
 * helpers and fixtures) sits above them all: only test files import it, never the build's code
 * (prerender/, web/scripts) nor a screen. On the
 * server, the cross-cutting code (middleware, sessions, shared) never reaches into a feature, and a
 * feature never into another: what several read lives in shared/, and app.ts wires one to another.
 */
const importZones = [
  { target: 'web/src/lib', from: ['web/src/components', 'web/src/tracker', 'web/src/coach-shared', 'web/src/features', 'web/src/app'], message: 'lib/ is the bottom of the web app: it imports only core and packages.' },
  { target: 'web/src/components', from: ['web/src/coach-shared', 'web/src/features', 'web/src/app'], message: 'Shared components never import a feature or app/.' },
  { target: 'web/src/tracker', from: ['web/src/components', 'web/src/coach-shared', 'web/src/features', 'web/src/app'], message: 'The tracker engine imports only lib/ and core.' },
  {
    target: 'web/src/coach-shared',
    from: ['web/src/tracker', 'web/src/features', 'web/src/app'],
    message: 'coach-shared/ sits below the coach features: it imports only lib/, components/ and core.',
  },
  { target: 'web/src/features', from: 'web/src/app', message: 'A feature never imports app/: app/ composes features, not the other way round.' },
  ...webFeatures.map((name) => ({
    target: `web/src/features/${name}`,
    from: 'web/src/features',
    except: [`./${name}`],
    message: 'A feature never imports another: move what both need to components/, lib/ or tracker/, or compose them in app/.',
  })),
  {
    // The coach console's features carry the coach- prefix; the participants' screens never load its code.
    target: webFeatures.filter((name) => !name.startsWith('coach-')).map((name) => `web/src/features/${name}`),
    from: 'web/src/coach-shared',
    message: 'Only the coach console (features/coach-*, app/) uses coach-shared/: a participant feature never does.',
  },
  {
    // Test files may; the screens and the engine they test may not.
    target: ['web/src/app', 'web/src/features', 'web/src/coach-shared', 'web/src/components', 'web/src/lib', 'web/src/tracker'].flatMap((dir) => [`${dir}/**/!(*.test).ts`, `${dir}/**/!(*.test).tsx`]),
    from: 'web/src/testing',
    message: 'Production code never imports testing/: its helpers and fixtures are for tests only.',
  },
  {
    target: ['web/src/prerender', 'web/scripts'],
    from: 'web/src/testing',
    message: 'Build code never imports testing/: move the fixture data both need out of testing/ (testing/ may import it).',
  },
  {
    target: ['functions/src/middleware', 'functions/src/sessions', 'functions/src/shared'],
    from: 'functions/src/features',
    message: 'Middleware, sessions and shared code never import a feature: features build on them.',
  },
  // Production code only: the API tests build on other features' admin commands (ensureAccount) to seed.
  ...serverFeatures.map((name) => ({
    target: `functions/src/features/${name}/**/!(*.test).ts`,
    from: 'functions/src/features',
    except: [`./${name}`],
    message: 'A server feature never imports another: move what both read to shared/, or wire them together in app.ts.',
  })),
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'functions/lib/**', '.data/**', '.test-data/**', 'test-results/**', 'playwright-report/**', '.bench/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Plain scripts the service worker imports (web/public/push-handler.js).
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/scripts/**/*.ts', 'functions/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: importZones }],
    },
  },
  {
    // Every query string goes through a schema: parseOr400 answers a bad one with its Italian 400.
    files: ['functions/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[object.name="req"][property.name="query"]:not(CallExpression[callee.name="parseOr400"] > MemberExpression)',
          message: 'Read a query string only as parseOr400(schema, req.query), with a schema from core/src/query-params.ts or the router.',
        },
      ],
    },
  },
  {
    // A repository answers data or a domain error (shared/domain-error.ts); the error handler alone speaks HTTP.
    files: ['functions/src/**/*repository.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/http-error'], message: 'A repository throws a domain error (shared/domain-error.ts), never an HTTP one.' }] }],
    },
  },
  {
    // core is shared by browser and server: it must stay free of React and Firebase.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-*', 'firebase*', 'express', '@chakra-ui/*', 'node:*'] }],
    },
  },
);
