import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TrackerData } from './tracker';
import { addDays, todayIn } from './dates';
import { emptyTracker } from './tracker';
import { replay, scenarioArbitrary } from '../test-support/tracker-scenarios';
import { addHabit, savePlanner, setActionText, submitCheckIn, toggleHabit } from './tracker-actions';
import { checkTrackerPlausible } from './tracker-plausibility';

const ZONE = 'Europe/Rome';
const START = '2026-03-02';
const now = new Date('2026-03-10T18:00:00Z');

const must = (result: { ok: true; data: TrackerData } | { ok: false; message: string }): TrackerData => {
  if (!result.ok) throw new Error(result.message);
  return result.data;
};
/** A realistic tracker: a habit ticked for 9 days, a saved planner, a check-in. */
function lived(): TrackerData {
  let data = must(addHabit(emptyTracker(ZONE, new Date('2026-03-02T07:00:00Z'), START), 'Leggere', new Date('2026-03-02T07:00:00Z'), 'h'));
  for (let i = 0; i < 9; i++) {
    const at = new Date(`${addDays(START, i)}T18:00:00Z`);
    data = must(toggleHabit(data, 'h', todayIn(ZONE, at), at));
  }
  for (const [i, text] of ['Uno', 'Due', 'Tre'].entries()) data = must(setActionText(data, 2, `w2-a${i + 1}`, text, now));
  data = must(savePlanner(data, 2, now));
  return must(submitCheckIn(data, { mood: 4, reflection: 'Bene' }, now));
}
const check = (data: TrackerData, start: string | null = START, at = now) => checkTrackerPlausible(data, { challengeStartDate: start, now: at });

describe('checkTrackerPlausible', () => {
  it('accepts what the reducers produce', () => {
    expect(check(lived())).toEqual({ ok: true });
    expect(check(emptyTracker(ZONE, now), null)).toEqual({ ok: true });
  });

  it('refuses completions before the start, in the future, or for unknown habits', () => {
    const data = lived();
    expect(check({ ...data, completions: { h: { ...data.completions.h, '2026-03-01': 'late' } } })).toMatchObject({ ok: false });
    expect(check({ ...data, completions: { h: { ...data.completions.h, '2026-03-13': 'late' } } })).toMatchObject({ ok: false });
    expect(check({ ...data, completions: { ...data.completions, ghost: { '2026-03-05': 'late' } } })).toMatchObject({ ok: false });
  });

  it('refuses a second check-in in a week and a check-in whose week does not match its date', () => {
    const data = lived();
    const checkIn = data.checkIns[0]!;
    expect(check({ ...data, checkIns: [checkIn, { ...checkIn, id: 'c2' }] }).ok).toBe(false);
    expect(check({ ...data, checkIns: [{ ...checkIn, weekNumber: 1 }] }).ok).toBe(false);
  });

  it('accepts a monthly check-in in its maintenance month and refuses one dated outside it or for a future month', () => {
    // Day 57 is 27 April 2026: month 1 runs to 24 May.
    const may = new Date('2026-05-10T10:00:00Z');
    const monthly = must(submitCheckIn(emptyTracker(ZONE, may, START), { mood: 4, reflection: 'Continuo' }, may));
    expect(monthly.checkIns[0]?.weekNumber).toBe(9);
    expect(check(monthly, START, may)).toEqual({ ok: true });
    const checkIn = monthly.checkIns[0]!;
    expect(check({ ...monthly, checkIns: [{ ...checkIn, date: '2026-04-26' }] }, START, may)).toEqual({ ok: false, message: 'Il mese del check-in non corrisponde alla sua data.' });
    expect(check({ ...monthly, checkIns: [{ ...checkIn, weekNumber: 10 }] }, START, may)).toEqual({ ok: false, message: 'Check-in per una settimana futura.' });
    // A week-8 check-in sent after the eight weeks, as earlier versions allowed, stays valid.
    expect(check({ ...monthly, checkIns: [{ ...checkIn, weekNumber: 8 }] }, START, may)).toEqual({ ok: true });
  });

  it('refuses activity before the start and plans for future weeks', () => {
    const data = lived();
    expect(check(data, null).ok).toBe(false);
    expect(check(data, '2026-03-20').ok).toBe(false);
    const future = { ...data, weeklyActions: { ...data.weeklyActions, '3': data.weeklyActions['2']! } };
    expect(check(future).ok).toBe(false);
  });

  it('accepts every state reached by random action sequences and refuses tampered copies', () => {
    fc.assert(
      fc.property(scenarioArbitrary(120), fc.nat(), (scenario, pick) => {
        let last: { data: TrackerData; now: Date } | undefined;
        let step = 0;
        replay(scenario, (data, at) => {
          last = { data, now: at };
          if (step++ % 4 !== 0) return;
          const result = checkTrackerPlausible(data, { challengeStartDate: scenario.challengeStartDate, now: at });
          if (!result.ok) throw new Error(`refused at ${at.toISOString()}: ${result.message}`);
        });
        if (last) expect(checkTrackerPlausible(last.data, { challengeStartDate: scenario.challengeStartDate, now: last.now })).toEqual({ ok: true });
        if (!last) return;
        const { data, now: at } = last;
        const verdict = (d: TrackerData) => checkTrackerPlausible(d, { challengeStartDate: scenario.challengeStartDate, now: at }).ok;
        const habit = data.habits[pick % Math.max(1, data.habits.length)];
        if (habit) {
          const before = addDays(scenario.challengeStartDate, -1);
          expect(verdict({ ...data, completions: { ...data.completions, [habit.id]: { ...data.completions[habit.id], [before]: 'late' } } })).toBe(false);
        }
        const checkIn = data.checkIns[0];
        if (checkIn) expect(verdict({ ...data, checkIns: [...data.checkIns, { ...checkIn, id: `${checkIn.id}-bis` }] })).toBe(false);
      }),
      { numRuns: 30 },
    );
  }, 20_000);
});
