import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

/*
 * Runs after `vite build`. The landing page is the same for every signed-out visitor, so it is
 * served as finished HTML: the LandingPage component rendered at build time, its styles inlined,
 * no JavaScript to download or run before a first-time visitor on a phone can read it.
 *
 *   dist/index.html  the prerendered landing (Hosting serves it for `/`)
 *   dist/app.html    the SPA shell (firebase.json rewrites every other path to it), with Chakra's
 *                    global styles already in it, so the browser does not build them at start-up
 *                    (see getProvidedSystem in src/theme.ts)
 *
 * Inside the SPA (after logging out, an unknown path) `/` is still rendered by React.
 */

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
// Inside node_modules so that the server bundle resolves react & co. like the app does.
const serverOut = join(webRoot, 'node_modules', '.prerender');

/** A signed-in visitor belongs on the dashboard (as the SPA's guard decides for `/`). */
const SIGNED_IN_REDIRECT = `fetch('/api/auth/session',{credentials:'include',headers:{Accept:'application/json'}})
.then(function(r){return r.ok?r.json():null})
.then(function(d){if(d&&d.user)location.replace('/dashboard')})
.catch(function(){});`;

/** Fetches the SPA's start-up files once the landing has loaded, so "Accedi" opens quickly. */
function prefetchScript(files: string[]): string {
  return `addEventListener('load',function(){setTimeout(function(){${JSON.stringify(files)}.forEach(function(f){var l=document.createElement('link');l.rel='prefetch';l.href=f;document.head.appendChild(l)})},0)});`;
}

/** Moves emotion's server-rendered `<style>` tags out of the markup, keeping their order. */
function extractStyles(markup: string): { html: string; css: string } {
  let css = '';
  const html = markup.replace(/<style data-emotion="[^"]*"[^>]*>([\s\S]*?)<\/style>/g, (_tag, rules: string) => {
    css += rules;
    return '';
  });
  return { html, css };
}

export async function prerenderLanding(): Promise<void> {
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: join(webRoot, 'src', 'prerender', 'landing.tsx'), outDir: serverOut, emptyOutDir: true, minify: false },
  });
  const { renderLanding, renderGlobalStyles } = (await import(pathToFileURL(join(serverOut, 'landing.js')).href)) as {
    renderLanding: () => string;
    renderGlobalStyles: () => { id: string; markup: string };
  };
  const { html, css } = extractStyles(renderLanding());
  if (!html.includes('<h1')) throw new Error('prerender: the landing page rendered without its heading');
  if (html.includes('<style')) throw new Error('prerender: a style tag was left in the markup');
  const globalStyles = renderGlobalStyles();
  const global = extractStyles(globalStyles.markup);
  if (global.html !== '' || !global.css.includes('--chakra-colors-brand-600')) {
    throw new Error('prerender: Chakra\'s global styles did not render as expected');
  }

  const shell = await readFile(join(dist, 'index.html'), 'utf8');
  const startUpFiles = [...shell.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  if (startUpFiles.length === 0) throw new Error('prerender: no module script found in dist/index.html');
  // The shell's start-up parts (the early session request, the loading indicator) sit between
  // <!--boot--> markers: the landing page has its own.
  const bootParts = /<!--boot-->[\s\S]*?<!--\/boot-->/g;
  if ((shell.match(bootParts) ?? []).length !== 2) throw new Error('prerender: dist/index.html should have two <!--boot--> parts');

  const landing = shell
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<div id="root"><!--boot-->[\s\S]*?<!--\/boot--><\/div>/, () => `<div id="root">${html}</div>`)
    .replace(bootParts, '')
    .replace('</head>', () => `<style>${css}</style>\n  </head>`)
    .replace('</body>', () => `  <script>${SIGNED_IN_REDIRECT}\n${prefetchScript(startUpFiles)}</script>\n  </body>`);

  const app = shell.replace('</head>', () => `  <style id="${globalStyles.id}">${global.css}</style>\n  </head>`);

  await writeFile(join(dist, 'app.html'), app);
  await writeFile(join(dist, 'index.html'), landing);
  await rm(serverOut, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await prerenderLanding();
}
