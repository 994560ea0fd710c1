import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cohortWeeks,
  contributionChanges,
  contributionDiff,
  formatFigure,
  formatMood,
  formatShare,
  groupKey,
  parseStoredContribution,
  shareOf,
  sumCounters,
  weekSentence,
  weekStatsContribution,
  weekSoFarNote,
  COHORT_WEEK_FIGURES,
  type WeekStatCounters,
} from './cohort-progress';
import { emptyTracker, type TrackerData } from './tracker';

const ROME = 'Europe/Rome';
const START = '2026-11-16';

/** A tracker with one habit from the start, ticked on `ticks`, and what else is given. */
function tracker(parts: Partial<TrackerData> & { ticks?: string[]; zone?: string; start?: string } = {}): TrackerData {
  const { ticks = [], zone = ROME, start = START, ...rest } = parts;
  const base = emptyTracker(zone, new Date(`${start}T08:00:00Z`), start);
  return {
    ...base,
    habits: [{ id: 'h1', name: 'Camminare', createdAt: `${start}T08:00:00.000Z` }],
    completions: { h1: Object.fromEntries(ticks.map((day) => [day, 'onTime' as const])) },
    ...rest,
  };
}

const checkIn = (weekNumber: number, mood: 1 | 2 | 3 | 4 | 5, date: string) => ({
  id: `c${weekNumber}`,
  mood,
  reflection: 'Bene',
  date,
  weekNumber,
  submittedAt: `${date}T18:00:00.000Z`,
});

const counted = (t: TrackerData | null, start: string | null = START, zone = ROME) => weekStatsContribution({ counted: true, challengeStartDate: start, timeZone: zone, tracker: t });

describe('weekStatsContribution', () => {
  it('counts nothing for someone not counted (withdrawn, a coach) or without a start', () => {
    expect(weekStatsContribution({ counted: false, challengeStartDate: START, timeZone: ROME, tracker: tracker() })).toEqual({});
    expect(counted(tracker(), null)).toEqual({});
  });

  it('counts a participant who never synced as a member of their group, and nothing else', () => {
    expect(counted(null)).toEqual({ m_20261116_w1_Europe_2fRome: 1 });
  });

  it('counts the habit-days of every week, the ticks, the check-in with its mood, the planner and activity', () => {
    const counters = counted(
      tracker({
        ticks: ['2026-11-16', '2026-11-17', '2026-11-24'],
        savedPlannerWeeks: [2],
        checkIns: [checkIn(1, 4, '2026-11-22')],
        weeklyActions: { '3': [{ id: 'a1', text: 'Correre', completed: true }] },
      }),
    );
    const group = groupKey(START, ROME);
    expect(counters[`m_${group}`]).toBe(1);
    // One habit existing all eight weeks: 7 habit-days in each.
    for (let week = 1; week <= 8; week++) expect(counters[`p${week}_${group}`]).toBe(7);
    expect(counters).toMatchObject({ w1_ticked: 2, w1_checkIn: 1, w1_mood: 4, w1_active: 1, w2_ticked: 1, w2_planner: 1, w2_active: 1, w3_active: 1 });
    expect(counters.w3_ticked).toBeUndefined();
    expect(counters.w4_active).toBeUndefined();
  });

  it('counts a habit only on the days it existed: from its creation day, until the day it was archived', () => {
    const t = tracker({
      habits: [
        { id: 'h1', name: 'Camminare', createdAt: '2026-11-19T10:00:00.000Z' },
        { id: 'h2', name: 'Leggere', createdAt: '2026-11-16T10:00:00.000Z', archivedAt: '2026-11-18T10:00:00.000Z' },
      ],
      // A tick before h1 existed is no habit-day of it.
      completions: { h1: { '2026-11-17': 'late', '2026-11-19': 'onTime' }, h2: { '2026-11-16': 'onTime' } },
    });
    const counters = counted(t);
    const group = groupKey(START, ROME);
    // h1 on 19–22 (4 days), h2 on 16–17 (2 days).
    expect(counters[`p1_${group}`]).toBe(6);
    expect(counters.w1_ticked).toBe(2);
    expect(counters[`p2_${group}`]).toBe(7);
  });

  it('reads a habit’s creation in the tracker’s zone across the Rome DST change (the last Sunday of March)', () => {
    // Start Monday 23 March 2026; summer time begins on Sunday the 29th.
    const start = '2026-03-23';
    const t = tracker({
      start,
      // 23:30 UTC on the 29th is already Monday the 30th in Rome (UTC+2 from that morning): a week-2 habit.
      habits: [{ id: 'h1', name: 'Camminare', createdAt: '2026-03-29T22:30:00.000Z' }],
      completions: { h1: { '2026-03-30': 'onTime' } },
    });
    const counters = counted(t, start);
    const group = groupKey(start, ROME);
    expect(counters[`p1_${group}`]).toBeUndefined();
    expect(counters[`p2_${group}`]).toBe(7);
    expect(counters.w2_ticked).toBe(1);
    expect(counters.w1_active).toBeUndefined();
  });
});

describe('a late joiner of a "together" cohort', () => {
  it('counts only from the week they joined in: the weeks before are not theirs', () => {
    const late = weekStatsContribution({ counted: true, challengeStartDate: START, challengeJoinedOn: '2026-11-25', timeZone: ROME, tracker: null });
    expect(late).toEqual({ [`m_${groupKey(START, ROME, 2)}`]: 1 });
    const totals = sumCounters([late, counted(null)]);
    const weeks = cohortWeeks(totals, new Date('2026-11-26T10:00:00Z'));
    expect(weeks.map((week) => week.participants).slice(0, 3)).toEqual([1, 2, 0]);
  });
});

describe('contributionDiff and contributionChanges', () => {
  it('gives only what changed, and nothing for the same contribution again', () => {
    expect(contributionDiff({ a: 1, b: 2 }, { a: 1, b: 3, c: 1 })).toEqual({ b: 1, c: 1 });
    expect(contributionDiff({ a: 1, b: 2 }, { a: 1 })).toEqual({ b: -2 });
    const same = { cohortId: 'c1', counters: { a: 1 } };
    expect(contributionChanges(same, same)).toEqual([]);
  });

  it('takes a contribution out of the old cohort when it moves, and all of it when it ends', () => {
    expect(contributionChanges({ cohortId: 'c1', counters: { a: 1 } }, { cohortId: 'c2', counters: { a: 1, b: 1 } })).toEqual([
      { cohortId: 'c1', diff: { a: -1 } },
      { cohortId: 'c2', diff: { a: 1, b: 1 } },
    ]);
    expect(contributionChanges({ cohortId: 'c1', counters: { a: 1 } }, null)).toEqual([{ cohortId: 'c1', diff: { a: -1 } }]);
    expect(contributionChanges(null, { cohortId: 'c1', counters: {} })).toEqual([]);
  });

  it('leaves the sum of the applied differences equal to the last contributions, however often each participant syncs', () => {
    const contribution = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: 0, max: 9 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), contribution), { maxLength: 40 }), (syncs) => {
        const last = new Map<number, WeekStatCounters>();
        const totals: WeekStatCounters = {};
        for (const [participant, next] of syncs) {
          for (const [name, amount] of Object.entries(contributionDiff(last.get(participant) ?? {}, next))) totals[name] = (totals[name] ?? 0) + amount;
          last.set(participant, next);
        }
        const expected = sumCounters([...last.values()]);
        for (const name of new Set([...Object.keys(totals), ...Object.keys(expected)])) expect(totals[name] ?? 0).toBe(expected[name] ?? 0);
      }),
    );
  });

  it('reads a stored contribution back, and nothing from something else', () => {
    const stored = { cohortId: 'c1', counters: { w1_active: 1 } };
    expect(parseStoredContribution(JSON.stringify(stored))).toEqual(stored);
    expect(parseStoredContribution('{')).toBeNull();
    expect(parseStoredContribution(undefined)).toBeNull();
    expect(parseStoredContribution(JSON.stringify({ cohortId: 1 }))).toBeNull();
  });
});

describe('cohortWeeks', () => {
  it('counts a participant in a week once it has begun for them, and makes the shares', () => {
    const anna = counted(tracker({ ticks: ['2026-11-16'], checkIns: [checkIn(1, 4, '2026-11-22')], savedPlannerWeeks: [1] }));
    const bruno = counted(tracker({ checkIns: [checkIn(1, 2, '2026-11-22')] }));
    const carla = counted(null);
    // Dario starts a week later: on Wednesday 25 November his week 1 has begun, not his week 2.
    const dario = counted(tracker({ start: '2026-11-23', ticks: ['2026-11-23'] }), '2026-11-23');
    const weeks = cohortWeeks(sumCounters([anna, bruno, carla, dario]), new Date('2026-11-25T10:00:00Z'));
    expect(weeks).toHaveLength(8);
    const [week1, week2, week3] = weeks;
    // Week 1 is over for Anna and Bruno (7 habit-days each); Dario has lived 3 of his (Monday to Wednesday).
    expect(week1).toMatchObject({ week: 1, participants: 4, active: 3, checkIns: 2, planners: 1, habitDaysTicked: 2, habitDaysPossible: 17 });
    expect(week1).toMatchObject({ inProgress: 1, daysSoFar: 3 });
    expect(week1!.activeRate).toBe(0.75);
    expect(week1!.checkInRate).toBe(0.5);
    expect(week1!.plannerRate).toBe(0.25);
    expect(week1!.habitDaysRate).toBeCloseTo(2 / 17);
    expect(week1!.averageMood).toBe(3);
    // Week 2 counts only the 3 days come so far, not its 7: never days not yet lived.
    expect(week2).toMatchObject({ participants: 3, active: 0, activeRate: 0, habitDaysPossible: 6, averageMood: null, inProgress: 3, daysSoFar: 3 });
    expect(week3).toMatchObject({ participants: 0, activeRate: null, checkInRate: null, habitDaysRate: null });
  });

  it('measures a week under way on its days gone by, as the issue saw it: day 2 of week 2', () => {
    // "6 % (38 di 658)" counted all seven days of week 2 on its second: two participants who ticked
    // both days so far are at 100 %, not 2 of 7.
    const everyDay = (n: number) => Array.from({ length: n }, (_, i) => `2026-11-${String(16 + i).padStart(2, '0')}`);
    const one = counted(tracker({ ticks: everyDay(9) }));
    // Tuesday 24 November, 10:00 in Rome: week 2 has had its Monday and is in its Tuesday.
    const [, week2] = cohortWeeks(sumCounters([one, one]), new Date('2026-11-24T09:00:00Z'));
    expect(week2).toMatchObject({ participants: 2, habitDaysTicked: 4, habitDaysPossible: 4, habitDaysRate: 1, inProgress: 2, daysSoFar: 2 });
    expect(weekSoFarNote(week2!)).toBe('finora, 2 giorni su 7');
    // A week over for everyone says nothing; groups at different days say so without a number.
    const [week1] = cohortWeeks(sumCounters([one]), new Date('2026-11-24T09:00:00Z'));
    expect(week1).toMatchObject({ habitDaysPossible: 7, inProgress: 0, daysSoFar: null });
    expect(weekSoFarNote(week1!)).toBeNull();
    const later = counted(tracker({ start: '2026-11-17' }), '2026-11-17');
    const [mixed] = cohortWeeks(sumCounters([later, counted(tracker({ start: '2026-11-18' }), '2026-11-18')]), new Date('2026-11-19T09:00:00Z'));
    expect(mixed).toMatchObject({ participants: 2, habitDaysPossible: 3 + 2, inProgress: 2, daysSoFar: null });
    expect(weekSoFarNote(mixed!)).toBe('finora: contano solo i giorni già passati');
  });

  it('keeps the share of habit-days ticked at most what was possible so far, over random histories of a week under way', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 14, maxLength: 14 }), fc.integer({ min: 0, max: 13 }), (marks, today) => {
        const day = (n: number) => `2026-11-${String(16 + n).padStart(2, '0')}`;
        // Ticks only on days come so far, as the app allows.
        const ticks = marks.flatMap((ticked, n) => (ticked && n <= today ? [day(n)] : []));
        const weeks = cohortWeeks(counted(tracker({ ticks })), new Date(`${day(today)}T11:00:00Z`));
        const current = weeks[today < 7 ? 0 : 1]!;
        expect(current.habitDaysPossible).toBe((today % 7) + 1);
        expect(current.habitDaysTicked).toBeLessThanOrEqual(current.habitDaysPossible);
        expect(current.daysSoFar).toBe(today % 7 === 6 ? null : (today % 7) + 1);
      }),
      { numRuns: 60 },
    );
  });

  it('begins a week at midnight in the participant’s zone across the Rome DST change, a New York participant a few hours later', () => {
    const start = '2026-03-23';
    const totals = sumCounters([counted(null, start, ROME), counted(null, start, 'America/New_York')]);
    // Week 2 begins on Monday 30 March: 22:00 UTC on the 29th in Rome (summer time from that morning), 04:00 UTC on the 30th in New York.
    const at = (instant: string) => cohortWeeks(totals, new Date(instant))[1]!.participants;
    expect(at('2026-03-29T21:59:00Z')).toBe(0);
    expect(at('2026-03-29T22:00:00Z')).toBe(1);
    expect(at('2026-03-30T03:59:00Z')).toBe(1);
    expect(at('2026-03-30T04:00:00Z')).toBe(2);
  });

  it('leaves out a group nobody is left in, and names with a zone spelled in the field safely', () => {
    const key = groupKey('2026-11-16', 'America/Port-au-Prince');
    expect(key).toMatch(/^[A-Za-z0-9_]+$/);
    const totals = { [`m_${key}`]: 1, [`m_${groupKey(START, ROME)}`]: 0 };
    expect(cohortWeeks(totals, new Date('2026-11-17T12:00:00Z'))[0]!.participants).toBe(1);
  });
});

describe('formatting', () => {
  it('writes shares as whole percentages and moods with an Italian decimal comma', () => {
    expect(shareOf(5, 7)).toBeCloseTo(0.714);
    expect(shareOf(1, 0)).toBeNull();
    expect(shareOf(3, 2)).toBe(1);
    expect(formatShare(0.714)).toBe('71 %');
    expect(formatShare(null)).toBe('—');
    expect(formatMood(3.8)).toBe('3,8');
    expect(formatMood(null)).toBe('—');
    const [active, , , , mood] = COHORT_WEEK_FIGURES;
    const week = cohortWeeks({}, new Date())[0]!;
    expect(formatFigure(active, { ...week, activeRate: 0.5 })).toBe('50 %');
    expect(formatFigure(mood, { ...week, averageMood: 4 })).toBe('4,0');
    expect(formatFigure(mood, undefined)).toBe('—');
  });

  it('says a week with the compared cohort’s figure at the same week', () => {
    const [active, , , , mood] = COHORT_WEEK_FIGURES;
    const week = { ...cohortWeeks({}, new Date())[2]!, participants: 7, activeRate: 0.71, averageMood: 3.8 };
    const september = { name: 'Settembre', week: { ...week, activeRate: 0.64, averageMood: 3.5 } };
    expect(weekSentence(active, week, september)).toBe('Settimana 3: 71 % attivi contro 64 % nella coorte Settembre');
    expect(weekSentence(mood, week, september)).toBe('Settimana 3: umore medio 3,8 contro 3,5 nella coorte Settembre');
    expect(weekSentence(active, week, null)).toBe('Settimana 3: 71 % attivi');
    expect(weekSentence(active, { ...week, participants: 0 }, september)).toBe('Settimana 3: non ancora iniziata; nella coorte Settembre: 64 % attivi');
    expect(weekSentence(active, week, { name: 'Settembre', week: { ...week, participants: 0 } })).toBe('Settimana 3: 71 % attivi (nella coorte Settembre non ancora iniziata)');
    expect(weekSentence(active, { ...week, inProgress: 7, daysSoFar: 2 }, null)).toBe('Settimana 3: 71 % attivi (finora, 2 giorni su 7)');
  });
});
