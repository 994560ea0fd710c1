import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { PERSONAL_DATA, accountLookups, personalDataOf } from './personal-data';

// The table must name every collection the server writes, or the export and the deletion would
// silently skip one. Read from the sources themselves, so a new collection fails here first.
const src = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const CALL = /\.(collection|collectionGroup)\(\s*([^)]*?)\s*\)/g;

/** Each `collection(…)`/`collectionGroup(…)` call of the sources: the file and its argument as written. */
function collectionCalls(): Array<{ file: string; argument: string }> {
  return sourceFiles(src).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(CALL)].map((match) => ({ file: relative(src, file), argument: match[2]! })),
  );
}

const LITERAL = /^(['"`])([A-Za-z]+)\1$/;

describe('the personal data table', () => {
  const calls = collectionCalls();
  const named = new Set(calls.flatMap(({ argument }) => LITERAL.exec(argument)?.[2] ?? []));

  it('finds the collections in the sources (the scan works)', () => {
    expect(named.size).toBeGreaterThan(30);
    expect(named).toContain('users');
    expect(named).toContain('members');
  });

  it('lists every collection the sources name', () => {
    const listed = new Set(PERSONAL_DATA.map((entry) => entry.name));
    expect([...named].filter((name) => !listed.has(name)).sort()).toEqual([]);
  });

  it('names collections only by literals, so the scan sees them all (the table\'s own helpers aside)', () => {
    const computed = calls.filter(({ file, argument }) => !LITERAL.test(argument) && file !== join('shared', 'personal-data.ts'));
    expect(computed).toEqual([]);
  });

  it('lists no collection the sources do not write, and each once', () => {
    const names = PERSONAL_DATA.map((entry) => entry.name);
    expect(names.filter((name) => !named.has(name))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every exported collection its own section of dati.json', () => {
    const sections = PERSONAL_DATA.flatMap((entry) => (entry.export.action === 'export' ? [entry.export.section] : []));
    expect(new Set(sections).size).toBe(sections.length);
  });

  it('says how to find each collection\'s documents, or why they cannot be', () => {
    for (const entry of PERSONAL_DATA) {
      expect(entry.locate.length, entry.name).toBeGreaterThan(0);
      for (const locator of entry.locate) if (locator.by === 'none') expect(locator.why.length, entry.name).toBeGreaterThan(0);
    }
  });
});

describe('accountLookups', () => {
  const db = new Firestore({ projectId: 'personal-data-test' });
  const scope = { uid: 'u1', cohortIds: ['c1', 'c2'] };

  it('reads a document named by the uid by reference', () => {
    const { refs, queries } = accountLookups(db, personalDataOf('users'), scope);
    expect(refs.map((ref) => ref.path)).toEqual(['users/u1']);
    expect(queries).toEqual([]);
  });

  it('queries each field that names the account', () => {
    const { refs, queries } = accountLookups(db, personalDataOf('highFives'), scope);
    expect(refs).toEqual([]);
    expect(queries).toHaveLength(2);
  });

  it('reads a cohort subcollection in each of the account\'s cohorts, and a user subcollection under the account', () => {
    expect(accountLookups(db, personalDataOf('weekStats'), scope).queries).toHaveLength(2);
    expect(accountLookups(db, personalDataOf('seasons'), scope).queries).toHaveLength(1);
  });

  it('finds nothing where the table says the documents cannot be found by uid', () => {
    expect(accountLookups(db, personalDataOf('rateLimits'), scope)).toEqual({ refs: [], queries: [] });
  });

  it('throws for a collection it does not know', () => {
    expect(() => personalDataOf('nowhere')).toThrow('nowhere');
  });
});
