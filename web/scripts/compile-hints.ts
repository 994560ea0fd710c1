import type { Plugin } from 'vite';

/*
 * V8 compiles a function the first time it is called, on the main thread. Start-up calls most of
 * the entry chunk and what it imports (React DOM, the router, TanStack Query, Chakra), so those
 * compilations land in the page's longest tasks: evaluating the modules and the first render.
 * The magic comment `//# allFunctionsCalledOnLoad` at the top of a file (Chrome 136+, "explicit
 * compile hints") asks V8 to compile every function of that file eagerly, on the background
 * thread that streams the script in. Other browsers ignore the comment.
 *
 * Only the chunks every page runs at start get it: the entry and the chunks it imports
 * statically. The screens' chunks load on demand and run only partly, so compiling all of
 * them would cost more than it saves. It shortens the signed-out pages' blocking time; on the
 * dashboard, whose blocking time is mostly rendering, the gain is within noise (decision 013;
 * the measurements are in docs/performance-notes.md).
 */

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  code: string;
  map: { mappings: string } | null;
}
interface AssetLike {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
type BundleLike = Record<string, ChunkLike | AssetLike>;

/** The entry chunks and every chunk they import statically (the files each page runs at start). */
export function startUpChunks(bundle: BundleLike): string[] {
  const chunks = new Map<string, ChunkLike>();
  for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
  const found = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || found.has(fileName)) return;
    found.add(fileName);
    chunk.imports.forEach(visit);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  return [...found].sort();
}

/** A source map's mappings for the same code with one line added on top. */
const shiftedOneLine = (mappings: string) => `;${mappings}`;

/** Puts the compile hint on top of the start-up chunks, keeping their source maps in line. */
export function addCompileHints(bundle: BundleLike): string[] {
  const hinted = startUpChunks(bundle);
  for (const fileName of hinted) {
    const chunk = bundle[fileName] as ChunkLike;
    if (chunk.code.startsWith(COMPILE_HINT)) continue;
    chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    if (chunk.map) chunk.map.mappings = shiftedOneLine(chunk.map.mappings);
    const mapFile = bundle[`${fileName}.map`];
    if (mapFile?.type === 'asset') {
      const text = typeof mapFile.source === 'string' ? mapFile.source : new TextDecoder().decode(mapFile.source);
      const map = JSON.parse(text) as { mappings: string };
      map.mappings = shiftedOneLine(map.mappings);
      mapFile.source = JSON.stringify(map);
    }
  }
  return hinted;
}

export function compileHintsForStartUp(): Plugin {
  let ssr = false;
  return {
    name: 'sfida:compile-hints-for-start-up',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (ssr) return;
        const hinted = addCompileHints(bundle as unknown as BundleLike);
        if (hinted.length === 0) this.error('compile-hints: the browser build has no entry chunk');
      },
    },
  };
}
