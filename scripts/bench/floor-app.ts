import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { chakraGlobalStylesOnDemand } from '../../web/scripts/chakra-global-styles-on-demand';
import { compileHintsForStartUp } from '../../web/scripts/compile-hints';
import { repoRoot } from '../stack/profiles';

/*
 * The floor of a signed-in page: web/bench/floor, the least a screen can be on this app's stack
 * (React, React Router, TanStack Query, Chakra UI with the app's theme), built by Vite with the
 * app's own plugins and served as Hosting serves the app: compressed, with app.html's built
 * global styles in the page, and one JSON answer for its session.
 */

const FLOOR_ROOT = join(repoRoot, 'web', 'bench', 'floor');
const GLOBAL_STYLES = /<style id="chakra-global-styles">[\s\S]*?<\/style>/;
const SESSION = JSON.stringify({ name: 'Giulia', startedOn: '26 settembre 2026' });
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

export interface FloorApp {
  url: string;
  close(): Promise<void>;
}

/** Builds the floor page and serves it on 127.0.0.1; null when web/dist (for its global styles) is missing. */
export async function serveFloorApp(): Promise<FloorApp | null> {
  const appHtml = join(repoRoot, 'web', 'dist', 'app.html');
  if (!existsSync(appHtml)) return null;
  const styles = GLOBAL_STYLES.exec(readFileSync(appHtml, 'utf8'))?.[0];
  if (!styles) throw new Error('web/dist/app.html has no built global styles');

  const outDir = await mkdtemp(join(tmpdir(), 'sfida8-floor-'));
  await build({
    root: FLOOR_ROOT,
    configFile: false,
    logLevel: 'silent',
    plugins: [react(), chakraGlobalStylesOnDemand(), compileHintsForStartUp()],
    build: { outDir, emptyOutDir: true },
  });
  const page = (await readFile(join(outDir, 'index.html'), 'utf8')).replace('<!--global-styles-->', styles);

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://floor').pathname;
    if (path === '/api/session') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store' });
      res.end(SESSION);
      return;
    }
    const file = normalize(join(outDir, path));
    if (path.startsWith('/assets/') && file.startsWith(outDir) && existsSync(file)) {
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Encoding': 'gzip',
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
      res.end(gzipSync(readFileSync(file)));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip', 'Cache-Control': 'no-cache' });
    res.end(gzipSync(page));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/dashboard`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
