// Bundles the function for Cloud Functions: @sfida/core (a workspace package that
// Cloud Build cannot install) is inlined; every runtime dependency listed in
// functions/package.json stays external and is installed by Cloud Build.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(await readFile(new URL('package.json', import.meta.url), 'utf8'));
const dependencies = Object.keys(pkg.dependencies ?? {});

await build({
  absWorkingDir: here,
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  // The email templates (shared/mail/templates/*.tsx): React's automatic runtime, as tsconfig says.
  jsx: 'automatic',
  sourcemap: true,
  legalComments: 'none',
  // Externals by package name, subpaths included (firebase-admin/firestore, …).
  external: dependencies.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
console.log('functions/lib/index.js built');
