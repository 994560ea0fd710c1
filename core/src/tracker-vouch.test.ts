import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TrackerData } from './tracker';
import type { HabitSchedule } from './habit-schedule';
import { addDays, mondayOf, todayIn } from './dates';
import { compareHistoryEntries, entryDay, totalPoints, withReconciledHistory } from './points';
import { mergeTrackers } from './tracker-merge';
import { replay, scenarioArbitrary } from '../test-support/tracker-scenarios';
import { emptyTracker } from './tracker';
import { addHabit, savePlanner, setActionText, setHabitSchedule, submitCheckIn, toggleAction, toggleHabit } from './tracker-actions';
import { calendarWeekCap, localHour, vouchTracker } from './tracker-vouch';
import { currentStreak } from './streaks';

const ROME = 'Europe/Rome';
const START = '2026-03-02';

function ok(result: ReturnType<typeof toggleHabit>): TrackerData {
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

function withHabits(count: number, at: Date, zone = ROME, start = START): TrackerData {
  let data = emptyTracker(zone, at, start);
  for (let i = 0; i < count; i++) data = ok(addHabit(data, `Abitudine ${i + 1}`, at, `h${i}`));
  return data;
}

const vouch = (submitted: TrackerData, stored: TrackerData | null, now: Date, start = START) =>
  vouchTracker(submitted, stored, { challengeStartDate: start, timeZone: ROME, now });

describe('vouchTracker', () => {
  it("the attacker's copy (a month ticked on time, a far-east zone, 750-point entries) counts at its honest value", () => {
    // Week 5, Wednesday 1 April 2026, 10:00 in Rome; first sync of this copy.
    const now = new Date('2026-04-01T08:00:00Z');
    const zone = 'Pacific/Kiritimati';
    const data = withHabits(20, new Date('2026-03-02T08:00:00Z'), zone);
    const completions: TrackerData['completions'] = {};
    for (const habit of data.habits) {
      completions[habit.id] = {};
      for (let back = 0; back < 30; back++) completions[habit.id]![addDays('2026-04-02', -back)] = 'onTime';
    }
    const forged: TrackerData = {
      ...data,
      completions,
      pointsHistory: [
        { points: 750, reason: 'Bonus', timestamp: '2026-03-25T10:00:00.000Z', weekNumber: 4, kind: 'streakBonus', ref: 'streakBonus:h0:2026-03-25:30' },
        { points: 750, reason: 'Bonus', timestamp: '2026-03-31T10:00:00.000Z', weekNumber: 5, kind: 'streakBonus', ref: 'streakBonus:h1:2026-03-31:30' },
      ],
    };
    const vouched = vouch(forged, null, now);
    expect(vouched.timeZone).toBe(ROME);
    // Only today (Rome) is on time; six days back are back-filled; older and future days are not taken.
    const days = Object.keys(vouched.completions.h0!).sort();
    expect(days).toEqual(Array.from({ length: 7 }, (_, i) => addDays('2026-03-26', i)));
    expect(Object.entries(vouched.completions.h0!).filter(([, kind]) => kind === 'onTime').map(([day]) => day)).toEqual(['2026-04-01']);
    // Today's ticks (20 × 2) and the 7-day bonus the back-filled strip completes (20 × 5), nothing else.
    expect(totalPoints(vouched.pointsHistory)).toBe(140);
    expect(vouched.pointsHistory.every((entry) => entry.timestamp === now.toISOString())).toBe(true);
    expect(currentStreak(vouched.completions.h0!, '2026-04-01')).toBe(7);
  });

  it('a new participant cannot pass 110 points on day 1, nor a streak of 2', () => {
    const now = new Date('2026-03-02T18:00:00Z');
    let data = withHabits(20, now);
    for (const habit of data.habits) data = ok(toggleHabit(data, habit.id, '2026-03-02', now));
    for (const [i, id] of ['w1-a1', 'w1-a2', 'w1-a3'].entries()) data = ok(setActionText(data, 1, id, `Azione ${i}`, now));
    for (const id of ['w1-a1', 'w1-a2', 'w1-a3']) data = ok(toggleAction(data, 1, id, now));
    data = ok(savePlanner(data, 1, now));
    data = ok(submitCheckIn(data, { mood: 4, reflection: 'Bene' }, now));
    // Plus a forged tick for tomorrow.
    const forged = { ...data, completions: { ...data.completions, h0: { ...data.completions.h0, '2026-03-03': 'onTime' as const } } };
    const vouched = vouch(forged, null, now);
    expect(totalPoints(vouched.pointsHistory)).toBeLessThanOrEqual(110);
    expect(totalPoints(vouched.pointsHistory)).toBe(40 + 30 + 10 + 10);
    expect(currentStreak(vouched.completions.h0!, '2026-03-03')).toBe(1);
  });

  it('a tick for yesterday is on time until 03:00, across both daylight-saving changes', () => {
    // 29 March 2026: Rome moves from 02:00 CET to 03:00 CEST. 25 October: from 03:00 CEST back to 02:00 CET.
    const cases = [
      { now: '2026-03-29T00:45:00Z', yesterday: '2026-03-28', hour: 1, onTime: true },
      { now: '2026-03-29T01:30:00Z', yesterday: '2026-03-28', hour: 3, onTime: false },
      { now: '2026-10-25T01:30:00Z', yesterday: '2026-10-24', hour: 2, onTime: true },
      { now: '2026-10-25T02:05:00Z', yesterday: '2026-10-24', hour: 3, onTime: false },
    ];
    for (const { now, yesterday, hour, onTime } of cases) {
      const at = new Date(now);
      expect(localHour(at, ROME)).toBe(hour);
      const start = '2026-03-02';
      const before = new Date(`${yesterday}T20:00:00Z`);
      const data = ok(toggleHabit(withHabits(1, before, ROME, start), 'h0', yesterday, before));
      const vouched = vouchTracker(data, null, { challengeStartDate: start, timeZone: ROME, now: at });
      expect(vouched.completions.h0![yesterday]).toBe(onTime ? 'onTime' : 'late');
    }
  });

  it('a tick seen before keeps its kind; ticked again later it is judged again', () => {
    const monday = new Date('2026-03-09T09:00:00Z');
    const first = vouch(ok(toggleHabit(withHabits(1, monday), 'h0', '2026-03-09', monday)), null, monday);
    expect(first.completions.h0).toEqual({ '2026-03-09': 'onTime' });
    const tuesday = new Date('2026-03-10T09:00:00Z');
    // Sent again, unchanged, a day later: still on time.
    expect(vouch(first, first, tuesday).completions.h0).toEqual({ '2026-03-09': 'onTime' });
    // Unticked and ticked again on Tuesday: now a back-fill.
    const redone = ok(toggleHabit(ok(toggleHabit(first, 'h0', '2026-03-09', tuesday)), 'h0', '2026-03-09', new Date(tuesday.getTime() + 1000)));
    const forged = { ...redone, completions: { h0: { '2026-03-09': 'onTime' as const } } };
    expect(vouch(forged, first, tuesday).completions.h0).toEqual({ '2026-03-09': 'late' });
  });

  it('a participant who joined a cohort running together in its week 2 cannot back-fill the days before they joined', () => {
    // Joined on Wednesday of week 2 (start 2026-03-02): Monday and Tuesday are in the strip but not theirs.
    const wednesday = new Date('2026-03-11T09:00:00Z');
    let sent = withHabits(1, wednesday);
    for (const day of ['2026-03-09', '2026-03-10', '2026-03-11']) sent = ok(toggleHabit(sent, 'h0', day, wednesday));
    const joined = vouchTracker(sent, null, { challengeStartDate: START, firstDay: '2026-03-11', timeZone: ROME, now: wednesday });
    expect(joined.completions.h0).toEqual({ '2026-03-11': 'onTime' });
    // Without a first day (everyone else) the same ticks are back-fills.
    expect(vouch(sent, null, wednesday).completions.h0).toEqual({ '2026-03-09': 'late', '2026-03-10': 'late', '2026-03-11': 'onTime' });
  });

  it('planners and check-ins of closed weeks are not taken; the open week counts', () => {
    const week1 = new Date('2026-03-04T09:00:00Z');
    const stored = vouch(withHabits(1, week1), null, week1);
    let late = stored;
    for (const [i, id] of ['w1-a1', 'w1-a2', 'w1-a3'].entries()) late = ok(setActionText(late, 1, id, `Azione ${i}`, week1));
    late = ok(savePlanner(late, 1, week1));
    late = ok(submitCheckIn(late, { mood: 3, reflection: 'Ok' }, week1));
    // Sent only in week 2, after the grace hours.
    const week2 = new Date('2026-03-10T09:00:00Z');
    const vouched = vouch(late, stored, week2);
    expect(vouched.weeklyActions['1']).toBeUndefined();
    expect(vouched.savedPlannerWeeks).toEqual([]);
    expect(vouched.checkIns).toEqual([]);
    expect(vouched.pointsHistory).toEqual([]);
    // The same copy sent on Monday at 01:00 (grace) still counts for week 1.
    const mondayNight = new Date('2026-03-09T00:00:00Z');
    expect(totalPoints(vouch(late, stored, mondayNight).pointsHistory)).toBe(20);
  });

  it('after the eight weeks no planner week is open: the week-8 planner pays nothing in maintenance', () => {
    // Day 56 is 26 April 2026 (start 2 March): the planner of week 8 counts that day and through its grace hours.
    const lastDay = new Date('2026-04-26T18:00:00Z');
    let planned = withHabits(1, lastDay);
    for (const [i, id] of ['w8-a1', 'w8-a2', 'w8-a3'].entries()) planned = ok(setActionText(planned, 8, id, `Azione ${i}`, lastDay));
    planned = ok(savePlanner(planned, 8, lastDay));
    expect(totalPoints(vouch(planned, null, lastDay).pointsHistory)).toBe(10);
    const day58 = new Date('2026-04-28T08:00:00Z');
    const late = vouch(planned, null, day58);
    expect(late.savedPlannerWeeks).toEqual([]);
    expect(late.pointsHistory).toEqual([]);
    // And the reducers say so before any sync.
    const refused = savePlanner(planned, 8, day58);
    expect(refused.ok ? null : refused.message).toBe('Le otto settimane sono concluse: il planner non si modifica più.');
  });

  it('after the eight weeks the points are final: a schedule read over past days adds no bonus, as it would during them', () => {
    // Ticked on time on Mondays, Wednesdays, Fridays and Sundays for two weeks, each synced that day.
    const noon = (day: string) => new Date(`${day}T11:00:00Z`);
    let stored: TrackerData | null = null;
    let data = withHabits(1, noon(START));
    for (const day of ['2026-03-02', '2026-03-04', '2026-03-06', '2026-03-08', '2026-03-09', '2026-03-11', '2026-03-13']) {
      stored = vouch(ok(toggleHabit(data, 'h0', day, noon(day))), stored, noon(day));
      data = stored;
    }
    const everyOtherDay: HabitSchedule = { kind: 'weekdays', days: [0, 2, 4, 6] };
    const bonuses = (tracker: TrackerData) => tracker.pointsHistory.filter((entry) => entry.kind === 'streakBonus');
    expect(bonuses(data)).toEqual([]);
    // During the eight weeks the new schedule makes the seven ticks a run, and pays its bonus.
    const during = noon('2026-03-15');
    expect(bonuses(vouch(ok(setHabitSchedule(data, 'h0', everyOtherDay, during)), data, during))).toHaveLength(1);
    // In the maintenance phase (day 61) the same change adds nothing.
    const after = noon('2026-05-01');
    expect(vouch(ok(setHabitSchedule(data, 'h0', everyOtherDay, after)), data, after).pointsHistory).toEqual(data.pointsHistory);
  });

  it('takes a monthly check-in in its maintenance month only, and pays nothing for it', () => {
    // Day 57 is 27 April 2026 (start 2 March); the first month ends on 24 May, in Rome's summer time.
    const inMonth = new Date('2026-05-24T21:30:00Z'); // 23:30 in Rome
    const sent = ok(submitCheckIn(withHabits(1, inMonth), { mood: 2, reflection: 'Fatica' }, inMonth));
    const vouched = vouch(sent, null, inMonth);
    expect(vouched.checkIns.map((checkIn) => checkIn.weekNumber)).toEqual([9]);
    expect(vouched.pointsHistory).toEqual([]);
    // The same copy first received in the second month (after its grace hours) is not taken.
    expect(vouch(sent, null, new Date('2026-05-25T08:00:00Z')).checkIns).toEqual([]);
    // Received at 01:00 of the next day, within the grace hours: still month 1's.
    expect(vouch(sent, null, new Date('2026-05-24T23:00:00Z')).checkIns.map((checkIn) => checkIn.weekNumber)).toEqual([9]);
  });

  it("the server's entries keep their dates; new ones are dated now; the browser's history is never read", () => {
    const monday = new Date('2026-03-09T09:00:00Z');
    const first = vouch(ok(toggleHabit(withHabits(2, monday), 'h0', '2026-03-09', monday)), null, monday);
    const later = new Date('2026-03-09T15:00:00Z');
    const next = ok(toggleHabit(first, 'h1', '2026-03-09', later));
    const forged = { ...next, pointsHistory: next.pointsHistory.map((entry) => ({ ...entry, timestamp: '2026-03-02T08:00:00.000Z', points: 750 })) };
    const vouched = vouch(forged, first, new Date('2026-03-09T15:00:05Z'));
    expect(vouched.pointsHistory.map((entry) => [entry.ref, entry.points, entry.timestamp])).toEqual([
      ['habit:h0:2026-03-09', 2, monday.toISOString()],
      ['habit:h1:2026-03-09', 2, '2026-03-09T15:00:05.000Z'],
    ]);
  });

  it('a copy already over the calendar week cap (forged before this rule) earns nothing more that week', () => {
    expect(calendarWeekCap(20)).toBe(820);
    const monday = new Date('2026-03-30T09:00:00Z');
    const data = withHabits(20, new Date('2026-03-02T08:00:00Z'));
    const completions: TrackerData['completions'] = {};
    for (const habit of data.habits.slice(0, 19)) {
      completions[habit.id] = Object.fromEntries(Array.from({ length: 28 }, (_, i) => [addDays('2026-03-02', i), 'onTime' as const]));
    }
    // Paid under the old rules, every entry dated this Monday.
    const paid = withReconciledHistory({ ...data, completions }, monday);
    const stored = { ...paid, pointsHistory: paid.pointsHistory.map(({ date: _date, ...entry }) => entry) };
    expect(totalPoints(stored.pointsHistory)).toBeGreaterThan(calendarWeekCap(20));
    const ticked = ok(toggleHabit(stored, 'h19', '2026-03-30', monday));
    const vouched = vouch(ticked, stored, monday);
    expect(vouched.completions.h19).toEqual({ '2026-03-30': 'onTime' });
    expect(vouched.pointsHistory).toEqual([...stored.pointsHistory].sort(compareHistoryEntries));
  });

  it('keeps every calendar week within its cap for participants who sync as they go', () => {
    fc.assert(
      fc.property(scenarioArbitrary(100), (scenario) => {
        let server: TrackerData | null = null;
        replay(scenario, (data, at) => {
          const context = { challengeStartDate: scenario.challengeStartDate, timeZone: scenario.timeZone, now: at };
          server = vouchTracker(server ? mergeTrackers(server, data, at) : data, server, context);
          const weeks = new Map<string, number>();
          for (const entry of server.pointsHistory) {
            const monday = mondayOf(entryDay(entry, scenario.timeZone));
            weeks.set(monday, (weeks.get(monday) ?? 0) + entry.points);
          }
          for (const points of weeks.values()) expect(points).toBeLessThanOrEqual(calendarWeekCap(server.habits.length));
        });
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('never takes the zone from the browser', () => {
    const now = new Date('2026-03-09T23:30:00Z'); // 00:30 on Tuesday in Rome, still Monday in New York
    const data = withHabits(1, now, 'America/New_York');
    const ticked = ok(toggleHabit(data, 'h0', todayIn('America/New_York', now), now));
    const vouched = vouch(ticked, null, now);
    expect(vouched.timeZone).toBe(ROME);
    // Monday ticked at 00:30 on Tuesday in Rome: within the grace hours, on time.
    expect(vouched.completions.h0).toEqual({ '2026-03-09': 'onTime' });
  });
});
