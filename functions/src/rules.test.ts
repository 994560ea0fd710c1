import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// Browsers never talk to Firestore or Storage directly: both rule files must
// deny every read and write. This reads the rules as text and checks that
// every `allow` is conditioned on a function that can only return false.
const root = fileURLToPath(new URL('../../', import.meta.url));

function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
}

/** Functions whose whole body is `return false;`. */
function alwaysFalseFunctions(source: string): Set<string> {
  const names = new Set<string>();
  for (const match of source.matchAll(/function\s+(\w+)\s*\([^)]*\)\s*\{\s*return\s+false\s*;?\s*\}/g)) names.add(match[1]!);
  return names;
}

function analyse(source: string) {
  const code = stripComments(source);
  const denying = alwaysFalseFunctions(code);
  const allows = [...code.matchAll(/\ballow\s+([\w\s,]+?)\s*(?::\s*if\s+([^;]+))?;/g)].map((m) => ({
    methods: m[1]!.split(',').map((s) => s.trim()),
    condition: m[2]?.trim() ?? null,
  }));
  const functionCount = [...code.matchAll(/\bfunction\s+\w+/g)].length;
  return { code, denying, allows, functionCount };
}

/** A condition that is `false`, or a call of an always-false helper. */
function isAlwaysFalse(condition: string | null, denying: Set<string>): boolean {
  if (condition === null) return false; // `allow read;` allows everything
  if (condition === 'false') return true;
  const call = /^(\w+)\(\s*\)$/.exec(condition);
  return call !== null && denying.has(call[1]!);
}

describe.each([
  ['firestore.rules', 'cloud.firestore', '/databases/{database}/documents'],
  ['storage.rules', 'firebase.storage', '/b/{bucket}/o'],
])('%s', (file, service, base) => {
  test('is the expected service and covers every path', async () => {
    const { code } = analyse(await readFile(`${root}${file}`, 'utf8'));
    expect(code).toMatch(new RegExp(`service\\s+${service.replace('.', '\\.')}\\s*\\{`));
    expect(code).toContain(`match ${base}`);
    expect(code).toMatch(/match\s+\/\{\w+=\*\*\}/);
  });

  test('every allow statement is conditioned on something that is always false', async () => {
    const { allows, denying, functionCount } = analyse(await readFile(`${root}${file}`, 'utf8'));
    expect(allows.length).toBeGreaterThan(0);
    // Every helper defined must be a constant-false one, so no condition can hide logic.
    expect(denying.size).toBe(functionCount);
    for (const allow of allows) {
      expect(allow.condition, `allow ${allow.methods.join(', ')}`).not.toBeNull();
      expect(isAlwaysFalse(allow.condition, denying), `allow ${allow.methods.join(', ')}: if ${allow.condition}`).toBe(true);
    }
    const methods = allows.flatMap((a) => a.methods);
    expect(methods).toEqual(expect.arrayContaining(['read', 'write']));
  });

  test('the checker itself rejects permissive rules', () => {
    const permissive = [
      'allow read, write: if true;',
      'allow read;',
      'allow read: if request.auth != null;',
      'function ok() { return request.auth != null; } allow read: if ok();',
    ];
    for (const snippet of permissive) {
      const { allows, denying } = analyse(snippet);
      expect(allows.every((a) => isAlwaysFalse(a.condition, denying))).toBe(false);
    }
  });
});
