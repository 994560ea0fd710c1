import { describe, expect, it } from 'vitest';
import { checkInItemKey, checkInThreadId, fillPlaceholders, firstNameOf, needsSupport, parseCheckInItemKey, parseCheckInThreadId, placeholderParts } from './check-in-threads';

describe('check-in threads', () => {
  it('names a thread by participant and week, and reads the name back', () => {
    expect(checkInThreadId('abc_w1', 3)).toBe('abc_w1_w3');
    expect(parseCheckInThreadId('abc_w1_w3')).toEqual({ userId: 'abc_w1', season: 1, weekNumber: 3 });
    // Beyond week 8, a maintenance month's check-in (9 is the first month), up to the last period.
    expect(parseCheckInThreadId('abc_w9')).toEqual({ userId: 'abc', season: 1, weekNumber: 9 });
    expect(parseCheckInThreadId('abc_w21')).toEqual({ userId: 'abc', season: 1, weekNumber: 21 });
    expect(parseCheckInThreadId('abc_w22')).toBeNull();
    expect(parseCheckInThreadId('abc_w0')).toBeNull();
    expect(parseCheckInThreadId('abc_w09')).toBeNull();
    expect(parseCheckInThreadId('_w2')).toBeNull();
  });

  it('a later season’s week has an id of its own, so it never overwrites the first season’s', () => {
    expect(checkInThreadId('abc', 1, 1)).toBe('abc_w1');
    expect(checkInThreadId('abc', 1, 2)).toBe('abc_s2_w1');
    expect(checkInThreadId('abc', 1, 2)).not.toBe(checkInThreadId('abc', 1));
    expect(parseCheckInThreadId('abc_s2_w1')).toEqual({ userId: 'abc', season: 2, weekNumber: 1 });
    expect(parseCheckInThreadId('abc_s12_w9')).toEqual({ userId: 'abc', season: 12, weekNumber: 9 });
    for (const [season, week] of [[1, 1], [2, 8], [3, 21], [40, 9]] as const) {
      expect(parseCheckInThreadId(checkInThreadId('Xy9', week, season))).toEqual({ userId: 'Xy9', season, weekNumber: week });
      expect(parseCheckInItemKey(checkInItemKey(season, week))).toEqual({ season, weekNumber: week });
    }
    // The first season writes no season; no leading zero, no season 0.
    for (const id of ['abc_s1_w1', 'abc_s0_w1', 'abc_s02_w1', 'abc_s2_w22', 'abc_s2_w0']) expect(parseCheckInThreadId(id), id).toBeNull();
    expect(checkInItemKey(1, 3)).toBe('3');
    expect(checkInItemKey(2, 3)).toBe('s2w3');
    for (const key of ['s1w3', 's0w3', 's02w3', 's2w22', 's2', 'w3', '03', 'abc']) expect(parseCheckInItemKey(key), key).toBeNull();
  });

  it('fills every {nome} and {settimana}, leaving other braces as written', () => {
    expect(fillPlaceholders('Ciao {nome}! {nome}, settimana {settimana} {altro}', { nome: 'Anna', settimana: 4 })).toBe('Ciao Anna! Anna, settimana 4 {altro}');
    expect(firstNameOf('  Maria   Rossi ')).toBe('Maria');
    expect(firstNameOf(null)).toBe('');
  });

  it('{settimana} in a maintenance month reads the month, never "settimana 9"', () => {
    const values = { nome: 'Anna', settimana: 10 };
    expect(fillPlaceholders('Siamo alla {settimana}, {nome}', values)).toBe('Siamo alla fase di mantenimento (mese 2), Anna');
    expect(fillPlaceholders('Com\'è andata la settimana {settimana}?', values)).toBe('Com\'è andata la fase di mantenimento (mese 2)?');
    expect(fillPlaceholders('Settimana {settimana}: bravo', { nome: 'Anna', settimana: 9 })).toBe('Fase di mantenimento (mese 1): bravo');
    expect(fillPlaceholders('{settimana}', { nome: 'Anna', settimana: 8 })).toBe('settimana 8');
  });

  it('{settimana} reads "settimana N", and a "settimana" written just before it is not doubled', () => {
    const values = { nome: 'Anna', settimana: 3 };
    expect(fillPlaceholders('Siamo alla {settimana}', values)).toBe('Siamo alla settimana 3');
    expect(fillPlaceholders('Settimana {settimana}: forza {nome}!', values)).toBe('Settimana 3: forza Anna!');
    expect(fillPlaceholders('la {settimana}, poi la {settimana}', values)).toBe('la settimana 3, poi la settimana 3');
    expect(fillPlaceholders('bisettimana {settimana}', values)).toBe('bisettimana settimana 3');
    expect(fillPlaceholders('{Settimana} {nomi}', values)).toBe('{Settimana} {nomi}');
  });

  it('cuts a text at its placeholders', () => {
    expect(placeholderParts('Ciao {nome}, siamo alla {settimana}! {altro}')).toEqual([
      'Ciao ',
      { placeholder: 'nome' },
      ', siamo alla ',
      { placeholder: 'settimana' },
      '! {altro}',
    ]);
    expect(placeholderParts('{nome}')).toEqual([{ placeholder: 'nome' }]);
    expect(placeholderParts('')).toEqual([]);
  });

  it('a mood of 1 or 2 asks for support', () => {
    expect([1, 2, 3, 4, 5].map(needsSupport)).toEqual([true, true, false, false, false]);
  });
});
