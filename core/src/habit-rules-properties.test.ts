import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IsoDate } from './iso-date';
import type { CompletionKind, TrackerData } from './tracker';
import { NEW_COHORT_RULES } from './cohort';
import { addDays, challengeWeekNumber, compareIsoDates } from './dates';
import { emptyTracker } from './tracker';
import { comebackDays, comebackGap, jollyDays, jolliesLeft, trackerRules } from './habit-rules';
import { habitStreak } from './streaks';

// Random histories of one daily habit in Rome, the habit made on the second Monday of a base week
// that holds a DST change, the challenge starting on any of the seven days before it: the same ticks
// seen through every place the challenge weeks' boundary can fall.

const ROME = 'Europe/Rome';
// Spring: Sunday 29 March 2026 (clocks forward) falls in the habit's first week; autumn: Sunday 25 October 2026 (clocks back).
const FIRST_DAYS = ['2026-03-23', '2026-10-19'] as const;
const SPAN = 28;

interface History {
  first: IsoDate;
  shift: number;
  forgiving: boolean;
  ticks: boolean[];
}

const historyArbitrary = fc.record({
  first: fc.constantFrom(...FIRST_DAYS),
  shift: fc.integer({ min: 0, max: 6 }),
  forgiving: fc.boolean(),
  // Mostly ticked, so runs and gaps of every length turn up.
  ticks: fc.array(fc.integer({ min: 0, max: 9 }).map((n) => n < 6), { minLength: SPAN, maxLength: SPAN }),
});

/** The tracker of `history`: the habit made at 08:00 in Rome on `first`, the challenge started `shift` days before. */
function trackerOf({ first, shift, forgiving, ticks }: History, shiftOverride = shift): TrackerData {
  const start = addDays(first, -shiftOverride);
  const completions: Record<IsoDate, CompletionKind> = {};
  ticks.forEach((ticked, i) => {
    if (ticked) completions[addDays(first, i)] = 'onTime';
  });
  const created = first.startsWith('2026-03') ? `${first}T07:00:00.000Z` : `${first}T06:00:00.000Z`;
  return {
    ...emptyTracker(ROME, new Date(created), start),
    rules: { ...NEW_COHORT_RULES, comebackBonus: true, forgivingStreak: forgiving },
    habits: [{ id: 'h', name: 'Meditare', createdAt: created }],
    completions: { h: completions },
  };
}

const habitOf = (data: TrackerData) => data.habits[0]!;

/** A return, by the missed days alone: an on-time tick right after `gap` missed days, all on or after the habit's first day. */
function isReturn(history: History, index: number, gap: number): boolean {
  if (!history.ticks[index] || index < gap) return false;
  for (let back = 1; back <= gap; back++) if (history.ticks[index - back]) return false;
  return true;
}

describe('"Bentornato" over random histories', () => {
  it('is due on the first return of each challenge week, a return counted on the missed days alone', () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        const data = trackerOf(history);
        const gap = comebackGap(trackerRules(data));
        const start = data.challengeStartDate!;
        const expected: IsoDate[] = [];
        const weeks = new Set<number>();
        history.ticks.forEach((_, i) => {
          const day = addDays(history.first, i);
          const week = challengeWeekNumber(start, day);
          if (!isReturn(history, i, gap) || weeks.has(week)) return;
          weeks.add(week);
          expected.push(day);
        });
        expect(comebackDays(data, habitOf(data))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on where the week boundary falls: one return earns the same from every start', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIRST_DAYS),
        fc.boolean(),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 6 }),
        (first, forgiving, before, missed, after) => {
          const ticks = [...Array<boolean>(before).fill(true), ...Array<boolean>(missed).fill(false), ...Array<boolean>(after).fill(true)];
          const history = { first, shift: 0, forgiving, ticks };
          const back = addDays(first, before + missed);
          const due = missed >= comebackGap(trackerRules(trackerOf(history))) ? [back] : [];
          for (let shift = 0; shift < 7; shift++) {
            const data = trackerOf(history, shift);
            expect(comebackDays(data, habitOf(data)), `start ${data.challengeStartDate}`).toEqual(due);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('pays the return on Tuesday after Saturday, Sunday and a Monday that opens a week, as after Thursday to Saturday', () => {
    // Challenge weeks from Monday 23 March 2026; the habit made on Wednesday 1 April, ticked Wed–Fri.
    const history = (ticks: string) => ({ first: '2026-04-01', shift: 9, forgiving: true, ticks: [...ticks].map((mark) => mark === 'x') });
    const weekend = trackerOf(history('xxx...x'));
    expect(weekend.challengeStartDate).toBe('2026-03-23');
    // The jolly covers Saturday 4 (week 2); Sunday breaks the streak, so Monday 6 has none to keep
    // and spends no jolly of week 3.
    expect(jollyDays(weekend, habitOf(weekend), '2026-04-06')).toEqual(['2026-04-04']);
    expect(jolliesLeft(weekend, habitOf(weekend), '2026-04-07')).toBe(1);
    expect(comebackDays(weekend, habitOf(weekend))).toEqual(['2026-04-07']);
    expect(habitStreak(weekend, habitOf(weekend), '2026-04-07')).toBe(1);
    // Thursday to Saturday missed, back on Sunday.
    const midweek = trackerOf(history('x...x'));
    expect(comebackDays(midweek, habitOf(midweek))).toEqual(['2026-04-05']);
  });
});

describe('the jolly over random histories', () => {
  it('keeps a streak alive and never more: no day before the first tick, the streak never above the ticks and never below the one without jollies', () => {
    fc.assert(
      fc.property(historyArbitrary, fc.integer({ min: 0, max: SPAN }), (history, todayIndex) => {
        const data = trackerOf({ ...history, forgiving: true });
        const strict = trackerOf({ ...history, forgiving: false });
        const today = addDays(history.first, todayIndex);
        const firstTick = history.ticks.indexOf(true);
        const covered = jollyDays(data, habitOf(data), addDays(today, -1));
        if (firstTick === -1) expect(covered).toEqual([]);
        else for (const day of covered) expect(compareIsoDates(day, addDays(history.first, firstTick))).toBeGreaterThan(0);

        const streak = habitStreak(data, habitOf(data), today);
        const ticksSoFar = history.ticks.slice(0, todayIndex + 1).filter(Boolean).length;
        expect(streak).toBeLessThanOrEqual(ticksSoFar);
        expect(streak).toBeGreaterThanOrEqual(habitStreak(strict, habitOf(strict), today));
        if (ticksSoFar === 0) expect(streak).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
