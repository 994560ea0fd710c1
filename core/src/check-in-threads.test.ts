import { describe, expect, it } from 'vitest';
import { checkInThreadId, fillPlaceholders, firstNameOf, needsSupport, parseCheckInThreadId } from './check-in-threads';

describe('check-in threads', () => {
  it('names a thread by participant and week, and reads the name back', () => {
    expect(checkInThreadId('abc_w1', 3)).toBe('abc_w1_w3');
    expect(parseCheckInThreadId('abc_w1_w3')).toEqual({ userId: 'abc_w1', weekNumber: 3 });
    expect(parseCheckInThreadId('abc_w9')).toBeNull();
    expect(parseCheckInThreadId('_w2')).toBeNull();
  });

  it('fills every {nome} and {settimana}, leaving other braces as written', () => {
    expect(fillPlaceholders('Ciao {nome}! {nome}, settimana {settimana} {altro}', { nome: 'Anna', settimana: 4 })).toBe('Ciao Anna! Anna, settimana 4 {altro}');
    expect(firstNameOf('  Maria   Rossi ')).toBe('Maria');
    expect(firstNameOf(null)).toBe('');
  });

  it('a mood of 1 or 2 asks for support', () => {
    expect([1, 2, 3, 4, 5].map(needsSupport)).toEqual([true, true, false, false, false]);
  });
});
