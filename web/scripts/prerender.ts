import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { loadingWhenSignedIn, prefetchScript, SIGNED_IN_REDIRECT, startAfterFirstPaint } from './page-scripts';

/*
 * Runs after `vite build`. The landing page is the same for every signed-out visitor, so it is
 * served as finished HTML: the LandingPage component rendered at build time, its styles inlined,
 * no JavaScript to download or run before a first-time visitor on a phone can read it.
 *
 *   dist/index.html  the prerendered landing (Hosting serves it for `/`), never hydrated
 *   dist/login.html, register.html, terms.html, privacy.html: the signed-out pages, prerendered
 *                    with the app's own tree and hydrated by main.tsx (a signed-in visitor gets a
 *                    fresh render instead)
 *   dist/dashboard.html, planner.html, … (one per signed-in screen, see signedInPaths): the SPA
 *                    shell for that path, with the screen's tab title, its chunks preloaded next
 *                    to the app's entry, and the styles emotion would otherwise serialize and
 *                    insert while rendering it (rendered for a fixture participant, see
 *                    src/prerender/signed-in-fixture.ts; the markup itself is thrown away)
 *   dist/app.html    the SPA shell for every other path (firebase.json rewrites them to it)
 *   Every shell carries Chakra's global styles, so the browser does not build them at start-up
 *   (see getProvidedSystem in src/theme.ts).
 *
 * Inside the SPA (after logging out, an unknown path) `/` is still rendered by React.
 */

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
// Inside node_modules so that the server bundle resolves react & co. like the app does.
const serverOut = join(webRoot, 'node_modules', '.prerender');

/**
 * Moves emotion's server-rendered `<style>` tags out of the markup. `css` is every rule, each style
 * once, in order; `tag` the same without Chakra's global styles (already in the page, see
 * #chakra-global-styles), as one `<style>` whose attribute tells the browser's emotion cache that
 * its styles are inserted: emotion then neither serializes nor inserts them a second time.
 * (`data-s` spares the tag emotion's move out of the markup, a second parse of its rules.)
 */
export function extractStyles(markup: string): { html: string; css: string; tag: string } {
  const seen = new Set<string>();
  let css = '';
  let rules = '';
  const names: string[] = [];
  const html = markup.replace(/<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g, (_tag, attribute: string, text: string) => {
    if (seen.has(attribute)) return '';
    seen.add(attribute);
    css += text;
    const [key, ...styleNames] = attribute.split(' ');
    if (key === 'css') {
      rules += text;
      names.push(...styleNames);
    }
    return '';
  });
  const tag = names.length > 0 ? `<style data-s="" data-emotion="css ${names.join(' ')}">${rules}</style>` : '';
  return { html, css, tag };
}

/** Vite's build manifest (dist/.vite/manifest.json), the parts used here. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * For each path, the chunk files of its screens and of everything they import, other than the
 * files the page loads anyway (`alreadyLoaded`). A screen without a source, or one the manifest
 * does not know, fails the build.
 */
export function screenChunksByPath(
  manifest: Manifest,
  paths: string[],
  sourcesAt: (path: string) => (string | undefined)[],
  alreadyLoaded: string[],
): Record<string, string[]> {
  const chunksOf = (key: string, found: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in Vite's manifest`);
    const file = `/${chunk.file}`;
    if (found.has(file)) return;
    found.add(file);
    for (const imported of chunk.imports ?? []) chunksOf(imported, found);
  };
  const byPath: Record<string, string[]> = {};
  for (const path of paths) {
    const found = new Set<string>();
    for (const source of sourcesAt(path)) {
      if (!source) throw new Error(`prerender: a screen at ${path} has no source (is the screen-sources plugin in vite.config.ts?)`);
      chunksOf(source, found);
    }
    const files = [...found].filter((file) => !alreadyLoaded.includes(file));
    if (files.length > 0) byPath[path] = files;
  }
  return byPath;
}

interface ServerPages {
  prerenderedPaths(): string[];
  signedInPaths(): string[];
  screenSourcesAt(path: string): (string | undefined)[];
  isSignedOutOnly(path: string): boolean;
  renderLanding(): Promise<string>;
  renderGlobalStyles(): { id: string; markup: string };
  renderSignedOutPage(path: string): Promise<{ markup: string; title: string }>;
  renderSignedInScreens(): Promise<{ path: string; markup: string; title: string }[]>;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function prerender(): Promise<void> {
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: join(webRoot, 'src', 'prerender', 'pages.tsx'), outDir: serverOut, emptyOutDir: true, minify: false },
  });
  const pages = (await import(pathToFileURL(join(serverOut, 'pages.js')).href)) as ServerPages;
  const { html, css } = extractStyles(await pages.renderLanding());
  if (!html.includes('<h1')) throw new Error('prerender: the landing page rendered without its heading');
  if (html.includes('<style')) throw new Error('prerender: a style tag was left in the markup');
  const globalStyles = pages.renderGlobalStyles();
  const global = extractStyles(globalStyles.markup);
  if (global.html !== '' || !global.css.includes('--chakra-colors-brand-600')) {
    throw new Error("prerender: Chakra's global styles did not render as expected");
  }

  const shell = await readFile(join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(shell)?.[1];
  if (!entry) throw new Error('prerender: no module script found in dist/index.html');
  const preloads = [...shell.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const startUpFiles = [entry, ...preloads];
  const moduleTags = /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;
  // The shell's start-up parts (the early session request, the loading indicator) sit between
  // <!--boot--> markers: the landing page has its own.
  const bootParts = /<!--boot-->[\s\S]*?<!--\/boot-->/g;
  if ((shell.match(bootParts) ?? []).length !== 2) throw new Error('prerender: dist/index.html should have two <!--boot--> parts');
  const loadingIndicator = /<div id="root"><!--boot-->([\s\S]*?)<!--\/boot--><\/div>/;
  const loadingMarkup = loadingIndicator.exec(shell)?.[1];
  if (!loadingMarkup) throw new Error('prerender: no loading indicator in dist/index.html');

  const landing = shell
    .replace(moduleTags, '')
    .replace(loadingIndicator, () => `<div id="root">${html}</div>`)
    .replace(bootParts, '')
    .replace('</head>', () => `<style>${css}</style>\n  </head>`)
    .replace('</body>', () => `  <script>${SIGNED_IN_REDIRECT}\n${prefetchScript(startUpFiles)}</script>\n  </body>`);

  const manifestFile = join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  await rm(join(dist, '.vite'), { recursive: true, force: true }); // not for Hosting to serve
  const withGlobalStyles = shell.replace('</head>', () => `  <style id="${globalStyles.id}">${global.css}</style>\n  </head>`);
  const screenChunks = screenChunksByPath(manifest, pages.signedInPaths(), (path) => pages.screenSourcesAt(path), startUpFiles);
  if (!screenChunks['/dashboard']?.some((file) => file.includes('/dashboard-page-'))) {
    throw new Error("prerender: the dashboard's chunks were not found");
  }
  for (const screen of await pages.renderSignedInScreens()) {
    const { html: markup, tag } = extractStyles(screen.markup);
    if (!markup.includes('<h1') || !tag) throw new Error(`prerender: the signed-in screen ${screen.path} did not render as expected`);
    const preloadLinks = (screenChunks[screen.path] ?? []).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
    const signedInShell = withGlobalStyles
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(screen.title)}</title>`)
      .replace('</head>', () => `  ${[...preloadLinks, tag].join('\n    ')}\n  </head>`);
    await writeFile(join(dist, `${screen.path.slice(1)}.html`), signedInShell);
  }

  for (const path of pages.prerenderedPaths()) {
    const page = await pages.renderSignedOutPage(path);
    const { html: markup, tag } = extractStyles(page.markup);
    if (!markup.includes('<h1') || markup.includes('<style')) throw new Error(`prerender: ${path} did not render as expected`);
    const prerendered = withGlobalStyles
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace(loadingIndicator, () => `<div id="root" data-prerendered="${path}">${markup}</div>`)
      .replace('</head>', () => `  ${tag}\n  </head>`)
      .replace(moduleTags, '')
      .replace('</body>', () => {
        const signedIn = pages.isSignedOutOnly(path) ? `${loadingWhenSignedIn(loadingMarkup)}\n` : '';
        return `  <script>${signedIn}${startAfterFirstPaint(entry, preloads)}</script>\n  </body>`;
      });
    await writeFile(join(dist, `${path.slice(1)}.html`), prerendered);
  }
  await writeFile(join(dist, 'app.html'), withGlobalStyles);
  await writeFile(join(dist, 'index.html'), landing);
  await rm(serverOut, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await prerender();
}
