import { describe, expect, it } from 'vitest';
import { checkInThreadId, fillPlaceholders, firstNameOf, needsSupport, parseCheckInThreadId, placeholderParts } from './check-in-threads';

describe('check-in threads', () => {
  it('names a thread by participant and week, and reads the name back', () => {
    expect(checkInThreadId('abc_w1', 3)).toBe('abc_w1_w3');
    expect(parseCheckInThreadId('abc_w1_w3')).toEqual({ userId: 'abc_w1', weekNumber: 3 });
    // Beyond week 8, a maintenance month's check-in (9 is the first month), up to the last period.
    expect(parseCheckInThreadId('abc_w9')).toEqual({ userId: 'abc', weekNumber: 9 });
    expect(parseCheckInThreadId('abc_w21')).toEqual({ userId: 'abc', weekNumber: 21 });
    expect(parseCheckInThreadId('abc_w22')).toBeNull();
    expect(parseCheckInThreadId('abc_w0')).toBeNull();
    expect(parseCheckInThreadId('abc_w09')).toBeNull();
    expect(parseCheckInThreadId('_w2')).toBeNull();
  });

  it('fills every {nome} and {settimana}, leaving other braces as written', () => {
    expect(fillPlaceholders('Ciao {nome}! {nome}, settimana {settimana} {altro}', { nome: 'Anna', settimana: 4 })).toBe('Ciao Anna! Anna, settimana 4 {altro}');
    expect(firstNameOf('  Maria   Rossi ')).toBe('Maria');
    expect(firstNameOf(null)).toBe('');
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
