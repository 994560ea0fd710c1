import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, startUpChunks } from './compile-hints';

/** One generated line whose first column maps to line 1, column 0 of `src/entry.ts`. */
const ONE_LINE_MAP = { version: 3, sources: ['src/entry.ts'], names: [], mappings: 'AAAA' };

function chunk(fileName: string, options: { isEntry?: boolean; imports?: string[]; map?: boolean } = {}) {
  return {
    type: 'chunk' as const,
    fileName,
    isEntry: options.isEntry ?? false,
    imports: options.imports ?? [],
    code: `export const name = ${JSON.stringify(fileName)};`,
    map: options.map ? { ...ONE_LINE_MAP } : null,
  };
}

function asset(fileName: string, source: string) {
  return { type: 'asset' as const, fileName, source };
}

type Chunk = ReturnType<typeof chunk>;
type Asset = ReturnType<typeof asset>;

function bundleOf(...files: Array<Chunk | Asset>) {
  return Object.fromEntries(files.map((file) => [file.fileName, file]));
}

const codeOf = (bundle: Record<string, Chunk | Asset>, fileName: string) => (bundle[fileName] as Chunk).code;

describe('startUpChunks', () => {
  it('is the entry and what it imports statically, however deep, and not the screens loaded on demand', () => {
    const bundle = bundleOf(
      chunk('assets/index.js', { isEntry: true, imports: ['assets/ui.js', 'assets/runtime.js'] }),
      chunk('assets/ui.js', { imports: ['assets/runtime.js', 'assets/react.js'] }),
      chunk('assets/react.js'),
      chunk('assets/runtime.js'),
      chunk('assets/dashboard-page.js', { imports: ['assets/ui.js', 'assets/zod.js'] }),
      chunk('assets/zod.js'),
    );
    expect(startUpChunks(bundle)).toEqual(['assets/index.js', 'assets/react.js', 'assets/runtime.js', 'assets/ui.js']);
  });

  it('is empty without an entry chunk', () => {
    expect(startUpChunks(bundleOf(chunk('assets/a.js', { imports: ['assets/b.js'] }), chunk('assets/b.js')))).toEqual([]);
  });
});

describe('addCompileHints', () => {
  it('puts the hint on the first line of the start-up chunks only, once', () => {
    const bundle = bundleOf(
      chunk('assets/index.js', { isEntry: true, imports: ['assets/ui.js'] }),
      chunk('assets/ui.js'),
      chunk('assets/login-page.js', { imports: ['assets/ui.js'] }),
    );
    addCompileHints(bundle);
    addCompileHints(bundle);
    expect(codeOf(bundle, 'assets/index.js')).toBe(`${COMPILE_HINT}\nexport const name = "assets/index.js";`);
    expect(codeOf(bundle, 'assets/ui.js').split(COMPILE_HINT)).toHaveLength(2);
    expect(codeOf(bundle, 'assets/login-page.js')).not.toContain(COMPILE_HINT);
  });

  it('keeps the source maps pointing at the same code, in the chunk and in the emitted .map file', () => {
    const bundle = bundleOf(chunk('assets/index.js', { isEntry: true, map: true }), asset('assets/index.js.map', JSON.stringify(ONE_LINE_MAP)));
    addCompileHints(bundle);
    // In source map mappings each ";" starts the next generated line: the old first line is now the second.
    expect((bundle['assets/index.js'] as Chunk).map?.mappings).toBe(';AAAA');
    expect(JSON.parse((bundle['assets/index.js.map'] as Asset).source)).toEqual({ ...ONE_LINE_MAP, mappings: ';AAAA' });
  });
});
