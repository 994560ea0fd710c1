import { describe, expect, it } from 'vitest';
import type { IsoDate } from './iso-date';
import type { CompletionKind, Habit, TrackerData } from './tracker';
import type { HabitSchedule } from './habit-schedule';
import { NEW_COHORT_RULES } from './cohort';
import { addDays } from './dates';
import { emptyTracker } from './tracker';
import { habitScheduleSchema, scheduleLabel, scheduleWeekStart, weekTicks } from './habit-schedule';
import { comebackDays, isScheduledDay, jollyDays, scheduleDaysOf } from './habit-rules';
import { habitStreak } from './streaks';
import { expectedAwards, withReconciledHistory } from './points';
import { setHabitSchedule } from './tracker-actions';
import { teammateWeek } from './teams';
import { rosterDigest } from './roster-digest';
import { rosterFigures } from './roster';
import { dueReminders, DEFAULT_REMINDER_PREFS } from './reminders';
import { habitHeatmap } from './habit-heatmap';

// Monday 23 March 2026: Rome moves its clocks forward on Sunday the 29th, in the first week.
const ROME_START = '2026-03-23';
// Monday 19 October 2026: Rome moves its clocks back on Sunday the 25th, in the first week.
const AUTUMN_START = '2026-10-19';
// Monday 2 March 2026 in New York: the clocks go forward on Sunday the 8th.
const NEW_YORK_START = '2026-03-02';

/** A tracker with one habit on `schedule`, ticked on time on the days marked 'x' from `from`. */
function tracker(schedule: HabitSchedule | undefined, pattern: string, start = ROME_START, zone = 'Europe/Rome', extra: Partial<TrackerData> = {}): TrackerData {
  const completions: Record<IsoDate, CompletionKind> = {};
  [...pattern].forEach((mark, i) => {
    if (mark === 'x') completions[addDays(start, i)] = 'onTime';
  });
  const habit: Habit = { id: 'h', name: 'Correre', createdAt: `${start}T06:00:00.000Z`, ...(schedule ? { schedule } : {}) };
  return { ...emptyTracker(zone, new Date(`${start}T06:00:00Z`), start), habits: [habit], completions: { h: completions }, ...extra };
}

const habitOf = (data: TrackerData) => data.habits[0]!;
const scheduledIn = (data: TrackerData, from: IsoDate, days: number) =>
  Array.from({ length: days }, (_, i) => addDays(from, i)).filter((day) => isScheduledDay(habitOf(data), day, scheduleDaysOf(data, habitOf(data))));
const MWF: HabitSchedule = { kind: 'weekdays', days: [0, 2, 4] };
const THREE: HabitSchedule = { kind: 'timesPerWeek', times: 3 };

describe('a habit schedule', () => {
  it('is every day when the habit has none, as every habit stored before schedules', () => {
    const data = tracker(undefined, '');
    expect(scheduledIn(data, ROME_START, 7)).toHaveLength(7);
  });

  it('with chosen weekdays asks only for them, in the DST week in Rome and in New York', () => {
    expect(scheduledIn(tracker(MWF, ''), ROME_START, 7)).toEqual(['2026-03-23', '2026-03-25', '2026-03-27']);
    expect(scheduledIn(tracker({ kind: 'weekdays', days: [6] }, ''), ROME_START, 7)).toEqual(['2026-03-29']);
    expect(scheduledIn(tracker(MWF, '', NEW_YORK_START, 'America/New_York'), '2026-03-06', 5)).toEqual(['2026-03-06', '2026-03-09']);
  });

  it('"N times a week" leaves 7 − N days free in each challenge week and asks for the rest once the week could fall short', () => {
    // Ticked Monday only: Tuesday to Friday are free, Saturday is asked for (without it 3 cannot be reached).
    const data = tracker(THREE, 'x');
    expect(scheduledIn(data, ROME_START, 7)).toEqual(['2026-03-23', '2026-03-28', '2026-03-29']);
    // Three ticks early in the week: every other day is free.
    expect(scheduledIn(tracker(THREE, 'xxx'), ROME_START, 7)).toEqual(['2026-03-23', '2026-03-24', '2026-03-25']);
  });

  it('counts its weeks from the participant own start (a Thursday start), on past day 56 and before the start by calendar weeks', () => {
    expect(scheduleWeekStart('2026-10-22', '2026-10-28')).toBe('2026-10-22');
    expect(scheduleWeekStart('2026-10-22', '2026-10-29')).toBe('2026-10-29');
    expect(scheduleWeekStart('2026-10-22', addDays('2026-10-22', 60))).toBe(addDays('2026-10-22', 56));
    expect(scheduleWeekStart(null, '2026-10-25')).toBe('2026-10-19');
    expect(scheduleWeekStart('2026-10-22', '2026-10-21')).toBe('2026-10-15');
  });

  it('reports a week ticks against its target ("2 di 3")', () => {
    const data = tracker(THREE, 'x.x....x');
    expect(weekTicks(THREE, '2026-03-29', scheduleDaysOf(data, habitOf(data)))).toEqual({ ticked: 2, target: 3 });
    expect(weekTicks(MWF, '2026-03-30', scheduleDaysOf(data, habitOf(data)))).toEqual({ ticked: 1, target: null });
  });

  it('refuses no weekday or a number outside 1–6, in Italian', () => {
    expect(habitScheduleSchema.safeParse({ kind: 'weekdays', days: [] }).error?.issues[0]?.message).toBe('Scegli almeno un giorno della settimana');
    expect(habitScheduleSchema.safeParse({ kind: 'timesPerWeek', times: 7 }).error?.issues[0]?.message).toBe('Scegli da 1 a 6 volte a settimana');
    expect(habitScheduleSchema.safeParse({ kind: 'timesPerWeek', times: 0 }).success).toBe(false);
    expect(scheduleLabel(MWF)).toBe('lun, mer, ven');
    expect(scheduleLabel(THREE)).toBe('3 volte a settimana');
  });
});

describe('streaks by schedule', () => {
  it('chosen weekdays: free days neither count nor break the streak; a missed chosen day does', () => {
    // Mon, Wed, Fri for two weeks across the DST change.
    const data = tracker(MWF, 'x.x.x..x.x.x');
    expect(habitStreak(data, habitOf(data), '2026-04-04')).toBe(6);
    // The same ticks on a daily habit: 1.
    const daily = tracker(undefined, 'x.x.x..x.x.x');
    expect(habitStreak(daily, habitOf(daily), '2026-04-04')).toBe(1);
    // Wednesday 1 April missed: the streak is Friday's alone.
    expect(habitStreak(tracker(MWF, 'x.x.x..x...x'), habitOf(data), '2026-04-04')).toBe(1);
  });

  it('"N times a week": a week that reached N keeps it going; a week that fell short breaks it', () => {
    // Week 1: Mon, Wed, Fri (3 of 3); week 2: Tue, Thu, Sun (3 of 3).
    const kept = tracker(THREE, 'x.x.x...x.x..x');
    expect(habitStreak(kept, habitOf(kept), '2026-04-05')).toBe(6);
    // Week 1 with 2 ticks only: its Sunday was asked for and missed.
    const short = tracker(THREE, 'x.x.....x.x..x');
    expect(habitStreak(short, habitOf(short), '2026-04-05')).toBe(3);
    // Mid-week with 1 tick and days still enough to reach 3: not broken.
    const midWeek = tracker(THREE, 'x.x.x...x');
    expect(habitStreak(midWeek, habitOf(midWeek), '2026-04-02')).toBe(4);
  });

  it('"N times a week" across the autumn DST change in Rome and for a participant in New York', () => {
    const autumn = tracker({ kind: 'timesPerWeek', times: 2 }, '.....xx.x.x', AUTUMN_START);
    expect(habitStreak(autumn, habitOf(autumn), '2026-10-29')).toBe(4);
    const newYork = tracker({ kind: 'timesPerWeek', times: 2 }, 'x.....x.x', NEW_YORK_START, 'America/New_York');
    expect(habitStreak(newYork, habitOf(newYork), '2026-03-10')).toBe(3);
  });

  it('a 7-day streak bonus counts kept days of the schedule, and changing the schedule back takes it away', () => {
    // Mon, Wed, Fri for three weeks: the 7th kept day is Monday 6 April.
    const data = withReconciledHistory(tracker(MWF, 'x.x.x..x.x.x..x'), new Date('2026-04-06T10:00:00Z'));
    const bonuses = (d: TrackerData) => expectedAwards(d, { challengeStartDate: d.challengeStartDate }).filter((award) => award.kind === 'streakBonus');
    expect(bonuses(data).map((award) => award.ref)).toEqual(['streakBonus:h:2026-04-06:7']);
    const daily = setHabitSchedule(data, 'h', { kind: 'daily' }, new Date('2026-04-06T10:00:00Z'));
    if (!daily.ok) throw new Error(daily.message);
    expect(bonuses(daily.data)).toEqual([]);
    expect(daily.awarded).toBe(-5);
  });
});

describe('the cohort rules by schedule', () => {
  it('a jolly covers the first missed day the schedule asks for, never a free one', () => {
    const data = tracker(MWF, 'x...x..', ROME_START, 'Europe/Rome', { rules: NEW_COHORT_RULES });
    expect(jollyDays(data, habitOf(data), '2026-03-29')).toEqual(['2026-03-25']);
    // Mon and Fri ticked, Wed covered: the jolly keeps the streak going without adding a day.
    const streak = habitStreak(data, habitOf(data), '2026-03-29');
    expect(streak).toBe(2);
  });

  it('"Bentornato" comes after a missed chosen day, not after free days', () => {
    const rules = { ...NEW_COHORT_RULES, forgivingStreak: false };
    // Monday and Thursday: Thursday's previous chosen day (Monday) was ticked.
    const kept = tracker({ kind: 'weekdays', days: [0, 3] }, 'x..x', ROME_START, 'Europe/Rome', { rules });
    expect(comebackDays(kept, habitOf(kept))).toEqual([]);
    const back = tracker({ kind: 'weekdays', days: [0, 3] }, 'x.......x..', ROME_START, 'Europe/Rome', { rules });
    // Thursday 26 and Monday 30 missed: back on Tuesday 31 (a free day, but a tick all the same).
    expect(comebackDays(back, habitOf(back))).toEqual(['2026-03-31']);
  });
});

describe('what others read by schedule', () => {
  it('the roster digest carries the schedule, and the coach share and a teammate week count only asked-for days', () => {
    const data = tracker(MWF, 'x.x.x..');
    const digest = rosterDigest(data, '2026-03-29');
    expect(digest.habits[0]!.schedule).toEqual(MWF);
    expect(teammateWeek(digest, ROME_START, '2026-03-29')).toEqual(expect.objectContaining({ habitDaysTicked: 3, habitDaysDue: 3 }));
    expect(rosterFigures({ tracker: data, challengeStartDate: ROME_START, today: '2026-03-29' })).toEqual(
      expect.objectContaining({ habitsLast7DaysPercent: 100, currentStreak: 3 }),
    );
  });

  it('no habits reminder on a day the only habit is free', () => {
    const prefs = DEFAULT_REMINDER_PREFS;
    const at = (day: IsoDate) => new Date(`${day}T19:35:00Z`); // 20:35 / 21:35 in Rome, after the 20:30 reminder
    const input = (day: IsoDate) => ({ prefs, tracker: tracker(MWF, ''), challengeStartDate: ROME_START, timeZone: 'Europe/Rome', now: at(day) });
    expect(dueReminders(input('2026-03-24')).map((reminder) => reminder.kind)).not.toContain('habits');
    expect(dueReminders(input('2026-03-25')).map((reminder) => reminder.kind)).toContain('habits');
  });
});

describe('the whole challenge of a habit (heatmap)', () => {
  it('is 8 weeks of 7 days from the start, each day done, missed, free or to come, with the week counts', () => {
    const data = tracker(MWF, 'x...x..x');
    const weeks = habitHeatmap(data, habitOf(data), '2026-03-31');
    expect(weeks).toHaveLength(8);
    expect(weeks[0]!.days.map((day) => day.status)).toEqual(['done', 'free', 'missed', 'free', 'done', 'free', 'free']);
    expect(weeks[0]).toEqual(expect.objectContaining({ number: 1, done: 2, asked: 3 }));
    // Week 2: Monday ticked, Tuesday 31 is today (free), Wednesday to come.
    expect(weeks[1]!.days.slice(0, 3).map((day) => day.status)).toEqual(['done', 'free', 'open']);
    expect(weeks[7]!.days[6]!.date).toBe('2026-05-17');
  });

  it('"N times a week" asks for N, and goes on past day 56 for a habit kept after the challenge (New York)', () => {
    const data = tracker(THREE, 'x.x.x', NEW_YORK_START, 'America/New_York');
    const weeks = habitHeatmap(data, habitOf(data), addDays(NEW_YORK_START, 60));
    expect(weeks).toHaveLength(9);
    expect(weeks[0]).toEqual(expect.objectContaining({ done: 3, asked: 3 }));
    expect(weeks[0]!.days.map((day) => day.status)).toEqual(['done', 'free', 'done', 'free', 'done', 'free', 'free']);
    expect(weeks[1]!.days.map((day) => day.status)).toEqual(['free', 'free', 'free', 'free', 'missed', 'missed', 'missed']);
  });
});
