import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  INVITE_CODE_ALPHABET,
  MIN_INVITE_CODE_BITS,
  currentShapeInviteCode,
  inviteCodeRandomBits,
  isShortInviteCode,
  newInviteCode,
} from './invite-codes';

/** The draws of a cryptographic source, as fast-check picks them. */
const draws = fc.array(fc.nat(), { minLength: 12, maxLength: 12 });
function picker(values: number[]) {
  let i = 0;
  return (n: number) => values[i++]! % n;
}

describe('newInviteCode', () => {
  test('the first word of the name as ASCII capitals, then 3 groups of 4 from the alphabet', () => {
    expect(newInviteCode('Autunno 2026', () => 0)).toBe('AUTUNNO-AAAA-AAAA-AAAA');
    expect(newInviteCode('  Città di Roma', picker([30, 29, 28, 27, 0, 1, 2, 3, 4, 5, 6, 7]))).toBe('CITTA-9876-ABCD-EFGH');
    expect(newInviteCode('Primaveraestate lunga', () => 0)).toMatch(/^PRIMAVERAE-/);
    expect(newInviteCode('!!!', () => 0)).toBe('SFIDA-AAAA-AAAA-AAAA');
  });

  test('carries at least 40 bits of randomness: never a code the console asks to replace', () => {
    fc.assert(
      fc.property(fc.string(), draws, (name, values) => {
        const code = newInviteCode(name, picker(values));
        expect(code).toMatch(new RegExp(`^[A-Z0-9]{1,10}(-[${INVITE_CODE_ALPHABET}]{4}){3}$`));
        expect(inviteCodeRandomBits(code)).toBeGreaterThanOrEqual(MIN_INVITE_CODE_BITS);
        expect(isShortInviteCode(code)).toBe(false);
      }),
    );
  });

  test('12 characters of 31: about 59 bits', () => {
    expect(inviteCodeRandomBits('AUTUNNO-7K2Q-9XJD-M4TP')).toBeCloseTo(12 * Math.log2(31), 10);
    expect(12 * Math.log2(31)).toBeGreaterThan(59.4);
  });
});

describe('currentShapeInviteCode', () => {
  test.each([
    ['AUTUNNO-7K2Q-9XJD-M4TP'],
    ['autunno-7k2q-9xjd-m4tp'],
    ['  AUTUNNO 7K2Q 9XJD M4TP '],
    ['AUTUNNO7K2Q9XJDM4TP'],
    ['autunno-7k2q9xjdm4tp'],
    ['AUTUNNO – 7K2Q – 9XJD – M4TP'],
  ])('%j reads as AUTUNNO-7K2Q-9XJD-M4TP', (typed) => {
    expect(currentShapeInviteCode(typed)).toBe('AUTUNNO-7K2Q-9XJD-M4TP');
  });

  test('the slug keeps its digits, the last 12 characters are the random part', () => {
    expect(currentShapeInviteCode('2026 7K2Q9XJDM4TP')).toBe('2026-7K2Q-9XJD-M4TP');
  });

  test.each([
    ['a code made before decision 024', 'AUTUNNO-7K2Q'],
    ['a look-alike in the random part', 'AUTUNNO-7K2Q-9XJD-M4T0'],
    ['no slug', '7K2Q-9XJD-M4TP'],
    ['a slug longer than 10', 'AUTUNNOAUTUNNO-7K2Q-9XJD-M4TP'],
    ['an operator-chosen code', 'SFIDA-LOCALE-2025'],
    ['empty', ''],
  ])('%s: null', (_what, typed) => {
    expect(currentShapeInviteCode(typed)).toBeNull();
  });

  test('every new code, however typed, reads back as itself', () => {
    fc.assert(
      fc.property(fc.string(), draws, fc.boolean(), fc.boolean(), (name, values, lower, squeeze) => {
        const code = newInviteCode(name, picker(values));
        let typed = lower ? code.toLowerCase() : code;
        if (squeeze) typed = typed.replaceAll('-', '');
        expect(currentShapeInviteCode(typed)).toBe(code);
      }),
    );
  });
});

describe('isShortInviteCode', () => {
  test.each([
    ['a code made before decision 024 (4 random characters, 19.8 bits)', 'AUTUNNO-7K2Q', true],
    ['the same, as stored in lower case', ' autunno-7k2q ', true],
    ['an operator-chosen code (no known randomness)', 'SFIDA-LOCALE-2025', true],
    ['a code with no dash', 'AUTUNNO26', true],
    ['two groups of 4 (39.6 bits)', 'AUTUNNO-7K2Q-9XJD', true],
    ['a current code', 'AUTUNNO-7K2Q-9XJD-M4TP', false],
  ])('%s: %s', (_what, code, short) => {
    expect(isShortInviteCode(code)).toBe(short);
  });

  test('a code that is not short is exactly how its typings read: the server looks it up there', () => {
    for (const code of ['AUTUNNO-7K2Q-9XJD-M4TP', 'SETTEMBRE-7K2Q', 'SFIDA-LOCALE-2025', 'AUTUNNO7K2Q9XJDM4TP']) {
      expect(!isShortInviteCode(code)).toBe(currentShapeInviteCode(code) === code.trim().toUpperCase());
    }
  });

  test('old bits are counted: 4 characters of 31', () => {
    expect(inviteCodeRandomBits('AUTUNNO-7K2Q')).toBeCloseTo(4 * Math.log2(31), 10);
    expect(inviteCodeRandomBits('SFIDA-LOCALE-2025')).toBe(0);
  });
});
