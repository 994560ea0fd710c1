import { describe, expect, it } from 'vitest';
import { countOf, nounFor } from './plural';

describe('Italian plurals', () => {
  it('one is singular; zero and every other count plural', () => {
    expect(countOf(1, 'partecipante', 'partecipanti')).toBe('1 partecipante');
    expect(countOf(0, 'partecipante', 'partecipanti')).toBe('0 partecipanti');
    expect(countOf(2, 'settimana', 'settimane')).toBe('2 settimane');
    expect(countOf(-1, 'punto', 'punti')).toBe('-1 punti');
    expect(nounFor(1, 'giorno', 'giorni')).toBe('giorno');
    expect(nounFor(21, 'giorno', 'giorni')).toBe('giorni');
  });
});
