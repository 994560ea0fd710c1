import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { searchMessages, searchNameOf, searchQuerySchema, searchTermOf } from './participant-search';

describe('the participant search', () => {
  it('matches names without accents, case or extra spaces', () => {
    expect(searchNameOf('  Élodie   D’Àngelo ')).toBe('elodie d’angelo');
    expect(searchNameOf('NICCOLÒ')).toBe('niccolo');
    expect(searchNameOf(null)).toBe('');
  });

  it('reads an "@" as a whole email in lower case, anything else as the start of a name', () => {
    expect(searchTermOf(' Anna.Rossi@Example.IT ')).toEqual({ kind: 'email', email: 'anna.rossi@example.it' });
    expect(searchTermOf('Crèsc')).toEqual({ kind: 'name', prefix: 'cresc' });
  });

  it('asks for 2 to 100 characters', () => {
    expect(z.safeParse(searchQuerySchema, { q: ' a ' }).error?.issues[0]?.message).toBe(searchMessages.queryTooShort);
    expect(z.safeParse(searchQuerySchema, { q: 'a'.repeat(101) }).error?.issues[0]?.message).toBe(searchMessages.queryTooLong);
    expect(z.parse(searchQuerySchema, { q: ' an ' })).toEqual({ q: 'an' });
  });
});
