import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServiceWorker } from './service-worker';

const web = join(import.meta.dirname, '..');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('web app manifest', () => {
  it('is Italian, opens the dashboard standalone, and its icons are the sizes it says (one maskable)', async () => {
    const manifest = JSON.parse(await readFile(join(web, 'public', 'manifest.webmanifest'), 'utf8')) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Sfida 8 settimane', short_name: 'Sfida 8', lang: 'it', start_url: '/dashboard', display: 'standalone' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await readFile(join(web, 'public', icon.src))), icon.src).toEqual({ width, height });
    }
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    const html = await readFile(join(web, 'index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });
});

describe('service worker', { timeout: 60_000 }, () => {
  it('precaches the pages and the hashed files, never a download; navigations fall back to the SPA, never for /api', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'sw-'));
    try {
      await mkdir(join(dist, 'assets'));
      await mkdir(join(dist, 'downloads'));
      for (const file of ['index.html', 'app.html', 'dashboard.html', 'assets/index-abc123.js', 'assets/ui-def456.css', 'manifest.webmanifest']) {
        await writeFile(join(dist, file), `/* ${file} */`);
      }
      await writeFile(join(dist, 'downloads', 'ricettario-veloce.pdf'), '%PDF');
      const { count } = await buildServiceWorker(dist);
      expect(count).toBe(6);
      const sw = await readFile(join(dist, 'sw.js'), 'utf8');
      for (const url of ['dashboard.html', 'app.html', 'assets/index-abc123.js']) expect(sw).toContain(`"${url}"`);
      expect(sw).not.toContain('ricettario');
      // The fallback and its denylist as Workbox writes them.
      expect(sw).toContain('"/app.html"');
      expect(sw).toMatch(/\^\\\/api\\\//);
      // A waiting worker takes over only when told to (the app's "Aggiorna").
      expect(sw).toContain('SKIP_WAITING');
      // Push messages are shown by the app's own handler.
      expect(sw).toContain('importScripts("/push-handler.js")');
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
