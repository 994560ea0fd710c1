import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot } from './stack/profiles';
import { findChromium } from './stack/chromium';

// The home-screen icons of the web app manifest, drawn from the brand mark (the favicon's "8" on
// the brand green) by Chromium and committed: run again only when the mark changes
// (`npx tsx scripts/make-app-icons.ts`). A maskable icon keeps the mark inside the central 80%,
// the safe zone a launcher's mask never cuts.

const GREEN = '#0f5c4d';

function markSvg(size: number, { maskable }: { maskable: boolean }): string {
  // Maskable: a full-bleed green square, the "8" smaller; otherwise the favicon's rounded tile.
  const radius = maskable ? 0 : size * 0.22;
  const fontSize = size * (maskable ? 0.45 : 0.56);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <rect width="${size}" height="${size}" rx="${radius}" fill="${GREEN}"/>
    <text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff">8</text>
  </svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const outDir = join(repoRoot, 'web', 'public', 'icons');
  await mkdir(outDir, { recursive: true });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${markSvg(icon.size, icon)}</body></html>`);
    await writeFile(join(outDir, icon.file), await page.locator('svg').screenshot({ omitBackground: true }));
    console.log(`web/public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
