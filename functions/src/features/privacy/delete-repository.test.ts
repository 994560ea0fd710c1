import { describe, expect, test } from 'vitest';
import { PERSONAL_DATA } from '../../shared/personal-data';
import { collectionsWithoutRewrite, ledgerIdOf, REWRITES } from './delete-repository';

describe('the deletion covers the registry', () => {
  test('every collection the registry says is rewritten (redact, remove-id) has its rewrite', () => {
    expect(collectionsWithoutRewrite()).toEqual([]);
  });

  test('a rewrite is only for a collection of the registry', () => {
    const names = new Set(PERSONAL_DATA.map((entry) => entry.name));
    expect(Object.keys(REWRITES).filter((name) => !names.has(name))).toEqual([]);
  });
});

describe('ledgerIdOf', () => {
  test('a keyed hash: the same for a uid and a key, another for another key, never the uid itself', () => {
    const key = Buffer.alloc(32, 1);
    const id = ledgerIdOf(key, 'utente-1');
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(ledgerIdOf(key, 'utente-1')).toBe(id);
    expect(ledgerIdOf(Buffer.alloc(32, 2), 'utente-1')).not.toBe(id);
    expect(ledgerIdOf(key, 'utente-2')).not.toBe(id);
  });
});
