import { describe, expect, it } from 'vitest';
import { STREAK_BONUSES } from '@sfida/core/points';
import { habitDoneNotice, pointsText } from './points-notice';

const [sevenDays, fourteenDays] = STREAK_BONUSES;

describe('habitDoneNotice', () => {
  it('gives the day’s points and the habit for a plain tick', () => {
    expect(habitDoneNotice('Meditare', 2, [])).toEqual({ type: 'success', title: 'Abitudine completata!', description: '+2 punti · Meditare' });
  });

  it('names the streak bonus apart from the day’s points', () => {
    expect(habitDoneNotice('Meditare', 7, [sevenDays]).description).toBe('+7 punti: 2 per oggi e 5 di bonus per 7 giorni di fila! · Meditare');
  });

  it('names a bonus a back-filled day completes, with no points for the day', () => {
    expect(habitDoneNotice('Meditare', 10, [fourteenDays]).description).toBe('+10 punti di bonus per 14 giorni di fila! · Meditare');
    expect(habitDoneNotice('Meditare', 15, [sevenDays, fourteenDays]).description).toBe('+15 punti di bonus per 7 e 14 giorni di fila! · Meditare');
  });
});

describe('a return after missed days ("Bentornato")', () => {
  it('is the title, the rest of the points below it', () => {
    expect(habitDoneNotice('Meditare', 5, [], 1)).toEqual({ type: 'success', title: 'Ti diamo il bentornato! +3 punti per aver ripreso', description: '+2 punti · Meditare' });
  });
});

describe('pointsText', () => {
  it('signs the points and agrees the noun', () => {
    expect(pointsText(1)).toBe('+1 punto');
    expect(pointsText(-2)).toBe('−2 punti');
  });
});
