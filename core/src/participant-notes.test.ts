import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { addNoteRequestSchema, changedTags, firstLineOf, MAX_NOTE, normaliseTag, noteTexts, readTagParam, tagSchema, tagTexts, updateTagsRequestSchema } from './participant-notes';

const tagMessage = (value: unknown) => {
  const parsed = z.safeParse(tagSchema, value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('tags', () => {
  test('are trimmed, their spaces collapsed, composed and in lower case: one tag however typed', () => {
    expect(normaliseTag('  Da   Richiamare\t')).toBe('da richiamare');
    expect(normaliseTag('PREMIUM')).toBe(normaliseTag('premium'));
    // "è" typed as e + combining accent, and as one character.
    expect(normaliseTag('Perche\u0300')).toBe(normaliseTag('perchè'));
    expect(z.parse(tagSchema, '  Infortunio  Spalla ')).toBe('infortunio spalla');
  });

  test('are refused, in Italian, when empty, too long, with a comma or with characters that hide what they say', () => {
    expect(tagMessage('   ')).toBe(tagTexts.tagRequired);
    expect(tagMessage(42)).toBe(tagTexts.tagRequired);
    expect(tagMessage('x'.repeat(31))).toBe(tagTexts.tagTooLong);
    // Counted in characters, not UTF-16 units.
    expect(tagMessage('😀'.repeat(31))).toBe(tagTexts.tagTooLong);
    expect(tagMessage('😀'.repeat(30))).toBeNull();
    expect(tagMessage('x'.repeat(30))).toBeNull();
    expect(tagMessage('premium, vip')).toBe(tagTexts.tagComma);
    expect(tagMessage('a\u0000b')).toBe('Il testo contiene caratteri di controllo non ammessi');
    expect(tagMessage('\u200B\u200B')).toBe('Il testo deve contenere almeno una lettera o un numero visibile');
  });

  test('read from a query string: the stored form, or undefined', () => {
    expect(readTagParam('Da%20richiamare'.replace('%20', ' '))).toBe('da richiamare');
    expect(readTagParam('x'.repeat(40))).toBeUndefined();
  });

  test('a change adds new ones at the end, once, and takes off the removed (removal wins)', () => {
    expect(changedTags(['a', 'b'], ['c', 'a', 'c'], [])).toEqual(['a', 'b', 'c']);
    expect(changedTags(['a', 'b'], [], ['a', 'z'])).toEqual(['b']);
    expect(changedTags(['a'], ['b'], ['b'])).toEqual(['a']);
  });

  test('a change names something to do', () => {
    expect(z.safeParse(updateTagsRequestSchema, {}).error?.issues[0]?.message).toBe(tagTexts.nothingToChange);
    expect(z.safeParse(updateTagsRequestSchema, { add: [], remove: [] }).error?.issues[0]?.message).toBe(tagTexts.nothingToChange);
    expect(z.parse(updateTagsRequestSchema, { add: ['Premium'] })).toEqual({ add: ['premium'] });
  });
});

describe('notes', () => {
  test('a note is trimmed, never empty, at most MAX_NOTE characters, line breaks kept', () => {
    const parse = (text: string) => z.safeParse(addNoteRequestSchema, { text, requestId: 'richiesta-1' });
    expect(parse('  Riga uno\nRiga due  ').data?.text).toBe('Riga uno\nRiga due');
    expect(parse('  ').error?.issues[0]?.message).toBe(noteTexts.textRequired);
    expect(parse('x'.repeat(MAX_NOTE + 1)).error?.issues[0]?.message).toBe(noteTexts.textTooLong);
    expect(z.safeParse(addNoteRequestSchema, { text: 'Nota', requestId: 'a/b' }).error?.issues[0]?.message).toBe(noteTexts.requestId);
  });

  test('the roster previews the first line with something in it, cut with an ellipsis', () => {
    expect(firstLineOf('\n  \n  Prima riga  \nseconda')).toBe('Prima riga');
    expect(firstLineOf('a'.repeat(121))).toBe(`${'a'.repeat(120)}…`);
    expect(firstLineOf('a'.repeat(120))).toBe('a'.repeat(120));
    expect(firstLineOf('Riga\r\naltra')).toBe('Riga');
  });
});
