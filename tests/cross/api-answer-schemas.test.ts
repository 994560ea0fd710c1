import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/stack/profiles';

// Every answer of our API that the web app reads is checked by a schema (core's, as the server
// builds it), so that a change of contract fails where the answer is read, not screens later.
// apiFetch's type already asks for `schema`; this also covers readApiResponse, whose schema is
// optional for the one reader that has reason to go without.

/** Reads the tracker's copy tolerantly (restoreTracker), as local storage is read: no schema. */
const TOLERANT_READERS = ['web/src/tracker/server-copy.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line` of each call to apiFetch or readApiResponse in `code` that passes no schema. */
function callsWithoutSchema(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      const options = node.arguments[1];
      const hasSchema =
        name === 'apiFetch'
          ? options !== undefined && ts.isObjectLiteralExpression(options) && options.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'schema')
          : options !== undefined;
      if ((name === 'apiFetch' || name === 'readApiResponse') && !hasSchema) {
        found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('answers of the API in the web app', () => {
  it('are each read with a schema', () => {
    const files = sourceFiles(join(repoRoot, 'web/src')).map((path) => relative(repoRoot, path));
    const unchecked = files.filter((file) => !TOLERANT_READERS.includes(file)).flatMap((file) => callsWithoutSchema(file, readFileSync(join(repoRoot, file), 'utf8')));
    expect(unchecked).toEqual([]);
  });

  it('a call without one is found', () => {
    const code = [
      "await apiFetch('/api/a', { method: 'POST', schema: noContent });",
      "await apiFetch('/api/b', { method: 'POST' });",
      'await apiFetch(path, options);',
      'await readApiResponse(response, schema);',
      'await readApiResponse(response);',
    ].join('\n');
    expect(callsWithoutSchema('example.ts', code)).toEqual(['example.ts:2', 'example.ts:3', 'example.ts:5']);
  });
});
