import { describe, expect, it } from 'vitest';
import type { CheckIn, PointsEntry, TrackerData } from './tracker';
import type { AttentionReason } from './coach';
import { addDays } from './dates';
import { emptyTracker, trackerDataSchema } from './tracker';
import { compareRosterRows, habitsPercent, lastActivityDay, plannerWeeksSaved, reflectionsByWeek, rosterFigures, rosterTrainingOf } from './roster';
import { weekHabitsPercent } from './habit-share';

const ZONE = 'Europe/Rome';
/** Monday 19 October 2026: the clocks go back in Rome on Sunday the 25th. */
const START = '2026-10-19';

function tracker(parts: Partial<TrackerData> = {}): TrackerData {
  return trackerDataSchema.parse({ ...emptyTracker(ZONE, new Date('2026-10-18T10:00:00Z'), START), ...parts });
}

const points = (timestamp: string, value: number, weekNumber = 1): PointsEntry => ({
  points: value,
  reason: 'Punti',
  timestamp,
  weekNumber,
  kind: 'habit',
  ref: `habit:h:${timestamp}`,
});

const checkIn = (weekNumber: number, mood: number): CheckIn => {
  const date = addDays(START, (weekNumber - 1) * 7 + 2);
  return { id: `c${weekNumber}`, mood, reflection: 'Settimana', date, weekNumber, submittedAt: `${date}T18:00:00.000Z` };
};

const habit = (id: string, createdAt: string, archivedAt?: string) => ({ id, name: `Abitudine ${id}`, createdAt, ...(archivedAt ? { archivedAt } : {}) });
const ticks = (...days: string[]) => Object.fromEntries(days.map((d) => [d, 'onTime' as const]));

describe('rosterFigures', () => {
  it('zeros and nulls before the first sync', () => {
    expect(rosterFigures({ tracker: null, challengeStartDate: null, today: START })).toEqual({
      started: false,
      challengeWeek: 0,
      pointsThisWeek: 0,
      totalPoints: 0,
      habitsLast7DaysPercent: null,
      currentStreak: 0,
      lastActivity: null,
      lastMood: null,
      moodTrend: null,
      plannerSavedThisWeek: false,
    });
    expect(rosterFigures({ tracker: null, challengeStartDate: START, today: addDays(START, 9) })).toMatchObject({ started: true, challengeWeek: 2 });
  });

  it('reads the whole row from a tracker', () => {
    const data = tracker({
      habits: [habit('h', '2026-10-18T10:00:00.000Z')],
      completions: { h: ticks('2026-10-26', '2026-10-27', '2026-10-28') },
      savedPlannerWeeks: [1, 2],
      checkIns: [checkIn(2, 2), checkIn(1, 5)],
      pointsHistory: [points('2026-10-20T10:00:00.000Z', 30), points('2026-10-27T10:00:00.000Z', 12, 2)],
    });
    expect(rosterFigures({ tracker: data, challengeStartDate: START, today: '2026-10-28' })).toEqual({
      started: true,
      challengeWeek: 2,
      pointsThisWeek: 12,
      totalPoints: 42,
      habitsLast7DaysPercent: 43, // 3 of 7 days
      currentStreak: 3,
      lastActivity: '2026-10-28',
      lastMood: 2,
      moodTrend: -3,
      plannerSavedThisWeek: true,
    });
  });

  it("this week's points: the calendar week in the participant's zone, across the autumn clock change", () => {
    const data = tracker({
      pointsHistory: [
        // Sunday 25 October, 23:30 in Rome (winter time, UTC+1): last week.
        points('2026-10-25T22:30:00.000Z', 5),
        // Monday 26 October, 00:30 in Rome.
        points('2026-10-25T23:30:00.000Z', 7),
      ],
    });
    expect(rosterFigures({ tracker: data, challengeStartDate: START, today: '2026-10-25' }).pointsThisWeek).toBe(5);
    expect(rosterFigures({ tracker: data, challengeStartDate: START, today: '2026-10-26' }).pointsThisWeek).toBe(7);
  });
});

describe('habitsPercent', () => {
  const today = '2026-10-28';

  it('7 calendar days across the clock change; today only once ticked', () => {
    const h = habit('h', '2026-10-18T10:00:00.000Z');
    const week = ['2026-10-22', '2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26', '2026-10-27'];
    expect(habitsPercent(tracker({ habits: [h], completions: { h: ticks(...week) } }), START, today)).toBe(100);
    expect(habitsPercent(tracker({ habits: [h], completions: { h: ticks(...week, today) } }), START, today)).toBe(100);
    expect(habitsPercent(tracker({ habits: [h], completions: { h: ticks('2026-10-21', '2026-10-25') } }), START, today)).toBe(17); // 1 of 6
  });

  it('counts a habit only while it exists, and only from the start', () => {
    // Created at 00:30 on the 26th in Rome, archived on the 28th: the 26th and 27th count.
    const h = habit('h', '2026-10-25T23:30:00.000Z', '2026-10-28T08:00:00.000Z');
    expect(habitsPercent(tracker({ habits: [h], completions: { h: ticks('2026-10-26') } }), START, today)).toBe(50);
    const old = habit('o', '2026-10-01T10:00:00.000Z');
    expect(habitsPercent(tracker({ habits: [old], completions: { o: ticks('2026-10-19') } }), START, '2026-10-20')).toBe(100);
    expect(habitsPercent(tracker({ habits: [old] }), '2026-10-28', today)).toBeNull();
    expect(habitsPercent(tracker({ habits: [old] }), null, today)).toBeNull();
    expect(habitsPercent(tracker(), START, today)).toBeNull();
  });
});

describe('lastActivityDay', () => {
  it('the latest day anything was done, read in the tracker zone', () => {
    expect(lastActivityDay(tracker(), '2026-10-30')).toBeNull();
    // 23:30 on Sunday 25 October in Rome: the first hour of winter time has gone by.
    const unticked = tracker({ changedAt: { habitDays: { h: { '2026-10-24': Date.parse('2026-10-25T22:30:00.000Z') } }, actions: {} } });
    expect(lastActivityDay(unticked, '2026-10-30')).toBe('2026-10-25');
    const planned = tracker({ changedAt: { habitDays: {}, actions: { '2': { a: Date.parse('2026-10-26T08:00:00.000Z') } } } });
    expect(lastActivityDay(planned, '2026-10-30')).toBe('2026-10-26');
    expect(lastActivityDay(tracker({ checkIns: [checkIn(1, 4)] }), '2026-10-30')).toBe('2026-10-21');
    expect(lastActivityDay(tracker({ habits: [habit('h', '2026-10-20T22:30:00.000Z')] }), '2026-10-30')).toBe('2026-10-21');
  });

  it('a device clock ahead counts as today', () => {
    const ahead = tracker({ pointsHistory: [points('2026-11-02T10:00:00.000Z', 2)] });
    expect(lastActivityDay(ahead, '2026-10-30')).toBe('2026-10-30');
  });
});

describe('compareRosterRows', () => {
  const reason = (code: AttentionReason['code']): AttentionReason => ({ code, label: code });
  it('the most urgent first, then more reasons, then by name in Italian order', () => {
    const rows = [
      { userId: 'a', name: 'Zoe', attention: [] },
      { userId: 'b', name: 'Élio', attention: [] },
      { userId: 'c', name: 'Bea', attention: [reason('noPlanner')] },
      { userId: 'd', name: 'Carlo', attention: [reason('moodDrop')] },
      { userId: 'e', name: 'Anna', attention: [reason('noPlanner'), reason('noActivity')] },
      { userId: 'f', name: 'Dario', attention: [reason('lowMood')] },
      { userId: 'g', name: 'Bea', attention: [reason('noPlanner')] },
    ];
    expect(rows.sort(compareRosterRows).map((r) => r.userId)).toEqual(['f', 'd', 'e', 'c', 'g', 'b', 'a']);
  });
});

describe('rosterTrainingOf', () => {
  it('the stored answers and sheet, only those', () => {
    const user = { name: 'Anna', tempoAllenamento: 'PIU_TRE_ANNI', luogoAllenamento: 'PALESTRA', livelloAllenamento: 'AVANZATO', schedaAssegnata: 'AVANZATO_PALESTRA' };
    expect(rosterTrainingOf(user)).toEqual({
      tempoAllenamento: 'PIU_TRE_ANNI',
      luogoAllenamento: 'PALESTRA',
      livelloAllenamento: 'AVANZATO',
      schedaAssegnata: 'AVANZATO_PALESTRA',
    });
  });

  it('null before the onboarding, and for a value the schemas do not name', () => {
    const none = { tempoAllenamento: null, luogoAllenamento: null, livelloAllenamento: null, schedaAssegnata: null };
    expect(rosterTrainingOf(none)).toEqual(none);
    expect(rosterTrainingOf({ tempoAllenamento: 'SEMPRE', luogoAllenamento: 3, livelloAllenamento: undefined, schedaAssegnata: { x: 1 } })).toEqual(none);
  });
});

describe('plannerWeeksSaved', () => {
  it('the weeks so far with a saved planner, the current one included', () => {
    expect(plannerWeeksSaved([1, 2, 4], 4)).toBe(3);
    expect(plannerWeeksSaved([1, 3], 2)).toBe(1);
  });

  it('a week saved ahead counts only once it arrives; nothing before the start', () => {
    expect(plannerWeeksSaved([1, 2, 3], 2)).toBe(2);
    expect(plannerWeeksSaved([1], 0)).toBe(0);
    expect(plannerWeeksSaved([], 8)).toBe(0);
  });
});

describe('reflectionsByWeek', () => {
  it('each week’s reflection in week order, null for a week without a check-in', () => {
    const first = { ...checkIn(1, 4), reflection: 'Buona partenza' };
    const third = { ...checkIn(3, 2), reflection: '=Fatica' };
    expect(reflectionsByWeek(tracker({ checkIns: [third, first] }))).toEqual(['Buona partenza', null, '=Fatica', null, null, null, null, null]);
  });

  it('the last submitted of two check-ins for one week; eight nulls before the first sync', () => {
    const early = { ...checkIn(2, 3), id: 'a', reflection: 'Prima', submittedAt: '2026-10-28T10:00:00.000Z' };
    const late = { ...checkIn(2, 3), id: 'b', reflection: 'Seconda', submittedAt: '2026-10-28T18:00:00.000Z' };
    expect(reflectionsByWeek(tracker({ checkIns: [late, early] }))[1]).toBe('Seconda');
    expect(reflectionsByWeek(null)).toEqual(Array.from({ length: 8 }, () => null));
  });
});

describe('weekHabitsPercent for a monthly check-in', () => {
  it('reads a maintenance month’s days, not a ninth week', () => {
    // Day 57 is 14 December 2026; month 1 runs to 10 January 2027.
    const data = tracker({ habits: [habit('h', '2026-10-19T06:00:00.000Z')], completions: { h: ticks('2026-12-14', '2026-12-15', '2026-12-28') } });
    expect(weekHabitsPercent(data, START, 9, '2026-12-28')).toBe(Math.round((100 * 3) / 15));
    // Week 8 still reads its own seven days.
    expect(weekHabitsPercent(data, START, 8, '2026-12-28')).toBe(0);
  });
});

describe('the "Mantenimento" figures of a roster row', () => {
  it('only past day 56: the day and month, the habit-days of the last 7 days and the latest monthly mood', () => {
    // Day 57 is 14 December 2026 (start 19 October); today, 20 December, is day 63.
    const data = tracker({
      habits: [habit('a', '2026-10-19T06:00:00.000Z'), habit('b', '2026-10-19T06:00:00.000Z')],
      completions: { a: ticks('2026-12-13', '2026-12-14', '2026-12-20'), b: ticks('2026-12-15') },
      checkIns: [checkIn(8, 4), { ...checkIn(8, 2), id: 'm1', weekNumber: 9, date: '2026-12-15', submittedAt: '2026-12-15T18:00:00.000Z' }],
    });
    expect(rosterFigures({ tracker: data, challengeStartDate: START, today: '2026-12-20' }).maintenance).toEqual({
      day: 7,
      month: 1,
      habitDaysLast7: 3,
      lastMonthlyMood: 2,
    });
    // Before a monthly check-in, none; on day 56, no maintenance at all.
    const weekly = { ...data, checkIns: [checkIn(8, 4)] };
    expect(rosterFigures({ tracker: weekly, challengeStartDate: START, today: '2026-12-20' }).maintenance?.lastMonthlyMood).toBeNull();
    expect(rosterFigures({ tracker: data, challengeStartDate: START, today: '2026-12-13' }).maintenance).toBeUndefined();
    // Never synced: listed all the same, with nothing ticked.
    expect(rosterFigures({ tracker: null, challengeStartDate: START, today: '2026-12-20' }).maintenance).toEqual({ day: 7, month: 1, habitDaysLast7: 0, lastMonthlyMood: null });
  });
});
