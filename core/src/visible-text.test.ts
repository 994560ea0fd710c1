import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { normaliseVisibleText, visibleTextProblem } from './visible-text';

describe('visibleTextProblem', () => {
  test.each([
    ['Giulia Rossi', null],
    ['Zoë Ñúñez-D’Amico', null],
    ['李小龙', null],
    ['مريم', null],
    ['🙂 Marco', null],
    ['Anna\uD83DRossi', 'malformed'],
    ['\uDE00', 'malformed'],
    ['Anna\u0000', 'control'],
    ['Anna\u0007Rossi', 'control'],
    ['Anna\u0085', 'control'],
    ['Anna\nRossi', 'control'],
    ['Anna\tRossi', 'control'],
    ['\u202EissoR annA', 'bidi'],
    ['Anna\u2066Rossi\u2069', 'bidi'],
    ['\u200B\u200C\u200D', 'invisible'],
    ['\u2060\uFEFF', 'invisible'],
    ['   ', 'invisible'],
    ['\u3164', 'invisible'],
  ] as const)('%j → %s', (text, problem) => {
    expect(visibleTextProblem(text)).toBe(problem);
  });

  test('a blank text is fine where it may be empty (a planner slot), never a malformed one', () => {
    expect(visibleTextProblem('   ', { allowBlank: true })).toBeNull();
    expect(visibleTextProblem('\u202E', { allowBlank: true })).toBe('bidi');
  });

  test('line breaks are fine where the text may span lines, control characters are not', () => {
    expect(visibleTextProblem('Settimana dura.\nMa ce la faccio.', { multiline: true })).toBeNull();
    expect(visibleTextProblem('Riga\u0000', { multiline: true })).toBe('control');
  });

  test('any well-formed text of letters passes; any text with a lone surrogate fails', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (text) => {
        fc.pre(/(?!\p{Default_Ignorable_Code_Point})\p{L}/u.test(text) && !/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(text));
        expect(visibleTextProblem(text)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string(), (before, surrogate, after) => {
        expect(visibleTextProblem(`${before}${String.fromCharCode(surrogate)}a${after}`.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, 'x'))).not.toBeNull();
      }),
    );
  });
});

test('normaliseVisibleText composes: two spellings of one word are one string', () => {
  expect(normaliseVisibleText('Nicol\u0065\u0300')).toBe('Nicolè');
});
