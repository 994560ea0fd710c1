import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderRicettarioPdf } from './content/render-pdf';
import { writeCspHashes } from './csp-hashes';
import { repoRoot } from './stack/profiles';
import { run } from './stack/run';

/**
 * Builds what Hosting and Functions serve: the SPA (with the recipes PDF,
 * generated from data in the repo, and the CSP hashes of its inline scripts in
 * firebase.json) and the bundled function.
 */
export async function buildAll(options: { quiet?: boolean } = {}): Promise<void> {
  await run('npm', ['run', 'build', '-w', 'web', '--silent'], options);
  const downloads = join(repoRoot, 'web', 'dist', 'downloads');
  await mkdir(downloads, { recursive: true });
  await writeFile(join(downloads, 'ricettario-veloce.pdf'), await renderRicettarioPdf());
  if (writeCspHashes()) console.log("firebase.json: gli hash degli script inline della CSP seguono la build (da includere nel commit).");
  await run('npm', ['run', 'build', '-w', 'functions', '--silent'], options);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
