import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderRicettarioPdf, renderSchedaPdf } from './render-pdf';
import { schedaIds } from './schede/index';

/** File name of the recipes booklet inside the output directory. */
export const RICETTARIO_FILE_NAME = 'ricettario-veloce.pdf';

/** Path of a sheet's PDF relative to the output directory, e.g. "schede/PRINCIPIANTE_CASA.pdf". */
export function schedaPdfPath(id: string): string {
  return path.join('schede', `${id}.pdf`);
}

/**
 * Renders the four training sheets and the recipe booklet into `outDir`:
 * `<outDir>/schede/<ID>.pdf` and `<outDir>/ricettario-veloce.pdf`.
 * Returns the absolute paths of the files written.
 */
export async function buildAllPdfs(outDir: string): Promise<string[]> {
  const root = path.resolve(outDir);
  await mkdir(path.join(root, 'schede'), { recursive: true });
  const jobs = [
    ...schedaIds.map((id) => ({ file: path.join(root, schedaPdfPath(id)), render: () => renderSchedaPdf(id) })),
    { file: path.join(root, RICETTARIO_FILE_NAME), render: renderRicettarioPdf },
  ];
  return Promise.all(
    jobs.map(async ({ file, render }) => {
      await writeFile(file, await render());
      return file;
    }),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('Uso: tsx scripts/content/build-pdfs.ts <cartella-di-uscita>');
    process.exit(1);
  }
  buildAllPdfs(outDir).then(
    (files) => {
      for (const f of files) console.log(`scritto ${f}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
