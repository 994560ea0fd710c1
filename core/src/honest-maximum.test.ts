import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import { DEVICE_CLOCK_SKEW_MS } from './change-stamps';
import { addDays, challengeLastDay, compareIsoDates, daysBetween, mondayOf, todayIn } from './dates';
import { changeTimeZone, effectiveToday, startDateProblem, type ParticipantCalendar } from './participant-calendar';
import { ACTION_POINTS, CHECK_IN_POINTS, COMEBACK_BONUS_POINTS, HABIT_POINTS, PLANNER_SAVE_POINTS, STREAK_BONUSES, entryDay, totalPoints } from './points';
import { MAX_ACTIONS, emptyTracker } from './tracker';
import type { CohortRules } from './cohort';
import { NEW_COHORT_RULES, STORED_COHORT_RULES } from './cohort';
import { rulesField } from './habit-rules';
import { MAX_CHECK_IN_PERIOD } from './maintenance';
import type { HabitSchedule } from './habit-schedule';
import { checkTrackerPlausible } from './tracker-plausibility';
import { vouchTracker } from './tracker-vouch';

// No sequence of zone changes, start dates, clock skew and sync timing earns more, in any calendar
// week or in total, than an honest participant living in one zone could over the same real time
// (docs/decisions/018). The honest bound: a participant in the easternmost zone (UTC+14, whose
// days begin first) who started on the same day, with the same habits from the start, and did
// everything every day. The forger below may name any zone, any start, tick any day any zone
// calls today, yesterday or tomorrow, and plan, act and check in for any week, syncing each time.
// Under the cohort's rules (docs/decisions/036) the forger may also untick days to make gaps to
// come back from, date its habits long before the start, and claim every rule on in its copy; the
// honest participant may miss a day each challenge week to earn its "Bentornato". With schedules
// and habit editing (docs/decisions/041) the forger may also change a habit's schedule back and
// forth (every day, chosen weekdays, N times a week), and archive and restore habits, ticking them
// while archived.

const ZONES = ['Europe/Rome', 'Atlantic/Azores', 'Pacific/Kiritimati', 'Pacific/Niue', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
const EASTERNMOST = 'Pacific/Kiritimati';
const HABITS = ['h1', 'h2'];
const WEEK_POINTS = MAX_ACTIONS * ACTION_POINTS + PLANNER_SAVE_POINTS + CHECK_IN_POINTS;
/** The awards a habit's days earn. */
const HABIT_KINDS = new Set(['habit', 'streakBonus', 'comebackBonus']);

type Step =
  | { type: 'wait'; minutes: number }
  | { type: 'zone'; zone: number }
  | { type: 'start'; zone: number; shift: number }
  | { type: 'tick'; habit: number; zone: number; shift: number }
  | { type: 'untick'; habit: number; zone: number; shift: number }
  | { type: 'plan'; week: number }
  | { type: 'act'; week: number }
  | { type: 'checkIn'; week: number; zone: number }
  | { type: 'schedule'; habit: number; schedule: HabitSchedule }
  | { type: 'archive'; habit: number; archived: boolean };

const zoneIndex = fc.nat(ZONES.length - 1);
const shift = fc.integer({ min: -1, max: 1 });
const week = fc.integer({ min: 1, max: 8 });
/** A check-in's period: a challenge week, or a maintenance month (9 on), which pays nothing. */
const checkInPeriodArbitrary = fc.integer({ min: 1, max: MAX_CHECK_IN_PERIOD });
const scheduleArbitrary: fc.Arbitrary<HabitSchedule> = fc.oneof(
  fc.constant<HabitSchedule>({ kind: 'daily' }),
  fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 6 }).map((days): HabitSchedule => ({ kind: 'weekdays', days: days.sort((a, b) => a - b) })),
  fc.integer({ min: 1, max: 6 }).map((times): HabitSchedule => ({ kind: 'timesPerWeek', times })),
);
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ type: fc.constant('schedule' as const), habit: fc.nat(1), schedule: scheduleArbitrary }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('archive' as const), habit: fc.nat(1), archived: fc.boolean() }) },
  { weight: 6, arbitrary: fc.record({ type: fc.constant('wait' as const), minutes: fc.oneof(fc.integer({ min: 1, max: 90 }), fc.integer({ min: 60, max: 30 * 60 })) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('zone' as const), zone: zoneIndex }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('start' as const), zone: zoneIndex, shift }) },
  { weight: 8, arbitrary: fc.record({ type: fc.constant('tick' as const), habit: fc.nat(1), zone: zoneIndex, shift }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('untick' as const), habit: fc.nat(1), zone: zoneIndex, shift }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('plan' as const), week }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('act' as const), week }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('checkIn' as const), week: checkInPeriodArbitrary, zone: zoneIndex }) },
);

const scenarioArbitrary = fc.record({
  zone: zoneIndex,
  /** Minutes into 2025 from 1 March (DST changes in Europe, the US and Lord Howe fall inside). */
  startMinute: fc.integer({ min: 0, max: 300 * 24 * 60 }),
  steps: fc.array(stepArbitrary, { minLength: 5, maxLength: 80 }),
  /** The cohort's rules, as the server reads them from the cohort. */
  rules: fc.constantFrom<CohortRules>(
    STORED_COHORT_RULES,
    NEW_COHORT_RULES,
    { ...STORED_COHORT_RULES, comebackBonus: true },
    { ...STORED_COHORT_RULES, forgivingStreak: true },
  ),
  /** Whether the forger dates its habits a year before the start (more days to have "missed"). */
  backdated: fc.boolean(),
});

interface World {
  now: Date;
  calendar: ParticipantCalendar;
  start: IsoDate | null;
  server: TrackerData;
}

function dayThere(zone: number, at: Date, by: number): IsoDate {
  return addDays(todayIn(ZONES[zone]!, at), by);
}

/** The forger's next copy: the server's, changed as the step says, every change stamped now. */
function forge(world: World, step: Step, backdated: boolean): TrackerData | null {
  const copy = forgeStep(world, step);
  if (!copy) return null;
  // Whatever the cohort says, the forger's copy claims every rule on.
  const habits = backdated ? copy.habits.map((habit) => ({ ...habit, createdAt: '2024-01-01T00:00:00.000Z' })) : copy.habits;
  return { ...copy, rules: NEW_COHORT_RULES, habits };
}

function forgeStep(world: World, step: Step): TrackerData | null {
  const { server, now } = world;
  const stamp = now.getTime();
  switch (step.type) {
    case 'untick': {
      const habit = HABITS[step.habit]!;
      const day = dayThere(step.zone, now, step.shift);
      const days = { ...server.completions[habit] };
      delete days[day];
      return {
        ...server,
        completions: { ...server.completions, [habit]: days },
        changedAt: { ...server.changedAt, habitDays: { ...server.changedAt.habitDays, [habit]: { ...server.changedAt.habitDays[habit], [day]: stamp } } },
      };
    }
    case 'tick': {
      const habit = HABITS[step.habit]!;
      const day = dayThere(step.zone, now, step.shift);
      return {
        ...server,
        completions: { ...server.completions, [habit]: { ...server.completions[habit], [day]: 'onTime' } },
        changedAt: { ...server.changedAt, habitDays: { ...server.changedAt.habitDays, [habit]: { ...server.changedAt.habitDays[habit], [day]: stamp } } },
      };
    }
    case 'schedule':
    case 'archive': {
      const id = HABITS[step.habit]!;
      const habits = server.habits.map((habit) => {
        if (habit.id !== id) return habit;
        const { schedule: _schedule, archivedAt: _archivedAt, ...rest } = habit;
        if (step.type === 'schedule') {
          const kept = habit.archivedAt !== undefined ? { archivedAt: habit.archivedAt } : {};
          return { ...rest, ...kept, ...(step.schedule.kind === 'daily' ? {} : { schedule: step.schedule }), stamps: { ...habit.stamps, schedule: stamp } };
        }
        const kept = habit.schedule !== undefined ? { schedule: habit.schedule } : {};
        return { ...rest, ...kept, ...(step.archived ? { archivedAt: now.toISOString() } : {}), stamps: { ...habit.stamps, archived: stamp } };
      });
      return { ...server, habits };
    }
    case 'plan':
    case 'act': {
      const key = String(step.week) as '1';
      const actions = Array.from({ length: MAX_ACTIONS }, (_, i) => ({ id: `w${key}-a${i + 1}`, text: `Azione ${i + 1}`, completed: step.type === 'act' }));
      return {
        ...server,
        weeklyActions: { ...server.weeklyActions, [key]: actions },
        savedPlannerWeeks: [...new Set([...server.savedPlannerWeeks, step.week])].sort((a, b) => a - b),
        changedAt: { ...server.changedAt, actions: { ...server.changedAt.actions, [key]: Object.fromEntries(actions.map((a) => [a.id, stamp])) } },
      };
    }
    case 'checkIn': {
      if (server.checkIns.some((c) => c.weekNumber === step.week)) return null;
      const checkIn = { id: `c${step.week}`, mood: 3, reflection: 'Così così', date: dayThere(step.zone, now, 0), weekNumber: step.week, submittedAt: now.toISOString() };
      return { ...server, checkIns: [...server.checkIns, checkIn].sort((a, b) => a.weekNumber - b.weekNumber) };
    }
    default:
      return null;
  }
}

function run(scenario: { zone: number; startMinute: number; steps: Step[]; rules: CohortRules; backdated: boolean }): World {
  const t0 = new Date(Date.UTC(2025, 2, 1) + scenario.startMinute * 60_000);
  const zone = ZONES[scenario.zone]!;
  const start = todayIn(zone, t0);
  let server = emptyTracker(zone, t0, start);
  server = { ...server, habits: HABITS.map((id) => ({ id, name: `Abitudine ${id}`, createdAt: t0.toISOString() })) };
  const world: World = { now: t0, calendar: { timeZone: zone, dayFloor: null, timeZoneChangedOn: null }, start, server };
  for (const step of scenario.steps) {
    if (step.type === 'wait') {
      world.now = new Date(world.now.getTime() + step.minutes * 60_000);
      continue;
    }
    if (step.type === 'zone') {
      const change = changeTimeZone(world.calendar, ZONES[step.zone]!, world.now);
      if (change.ok) world.calendar = change.calendar;
      continue;
    }
    if (step.type === 'start') {
      const day = dayThere(step.zone, world.now, step.shift);
      // As the server decides it: begun by the participant's own today.
      const begun = world.start !== null && compareIsoDates(world.start, effectiveToday(world.calendar, world.now)) <= 0;
      if (!begun && startDateProblem(world.calendar, day, world.now) === null) world.start = day;
      continue;
    }
    const submitted = forge(world, step, scenario.backdated);
    if (!submitted) continue;
    const context = { challengeStartDate: world.start, timeZone: world.calendar.timeZone, dayFloor: world.calendar.dayFloor, rules: scenario.rules, now: world.now };
    const vouched = vouchTracker(submitted, world.server, context);
    if (checkTrackerPlausible(vouched, { challengeStartDate: world.start, now: world.now }).ok) world.server = vouched;
  }
  return world;
}

/** The last day an honest participant in the easternmost zone could have reached by `now` (its clock's skew included). */
function honestLastDay(start: IsoDate, now: Date): IsoDate {
  const reached = todayIn(EASTERNMOST, new Date(now.getTime() + DEVICE_CLOCK_SKEW_MS));
  const last = challengeLastDay(start);
  return compareIsoDates(reached, last) < 0 ? reached : last;
}

/** The most an honest participant earns on the days `from`..`to` of a challenge begun on `start`, through `last`. */
function honestPoints(start: IsoDate, last: IsoDate, from: IsoDate, to: IsoDate, rules: CohortRules, habitsOnly = false): number {
  const first = compareIsoDates(from, start) > 0 ? from : start;
  const end = compareIsoDates(to, last) < 0 ? to : last;
  if (compareIsoDates(first, end) > 0) return 0;
  const days = daysBetween(first, end) + 1;
  let points = days * HABIT_POINTS * HABITS.length;
  // A streak bonus per habit at most once per calendar week (its thresholds are 7 or more days apart):
  // over a span, every threshold reached in it; in one week, the largest.
  const reachable = STREAK_BONUSES.filter((bonus) => {
    const day = addDays(start, bonus.days - 1);
    return compareIsoDates(day, first) >= 0 && compareIsoDates(day, end) <= 0;
  });
  const weekSpan = daysBetween(first, end) < 7 && mondayOf(first) === mondayOf(end);
  const bonus = weekSpan
    ? Math.max(0, ...STREAK_BONUSES.filter((b) => compareIsoDates(addDays(start, b.days - 1), end) <= 0).map((b) => b.points))
    : reachable.reduce((sum, b) => sum + b.points, 0);
  points += bonus * HABITS.length;
  // A week's planner, actions and check-in, for each challenge week with a day in the span.
  for (let w = 1; w <= 8; w++) {
    const weekStart = addDays(start, (w - 1) * 7);
    const weekEnd = addDays(weekStart, 6);
    if (compareIsoDates(weekStart, end) <= 0 && compareIsoDates(weekEnd, first) >= 0) {
      if (!habitsOnly) points += WEEK_POINTS;
      // A "Bentornato" per habit and challenge week, counted on top of every day's tick: a little
      // more than one can earn, since coming back needs a missed day.
      if (rules.comebackBonus) points += COMEBACK_BONUS_POINTS * HABITS.length;
    }
  }
  return points;
}

/**
 * A participant who ticks every other day from a Monday start, to come back as often as they can:
 * every run tries it, since random steps seldom land a tick on each of many days.
 */
const EVERY_OTHER_DAY = {
  zone: 0,
  // 3 March 2025, 01:00 in Rome: a Monday, so calendar and challenge weeks are the same.
  startMinute: 2 * 24 * 60,
  steps: Array.from({ length: 12 }, (): Step[] => [
    { type: 'tick', habit: 0, zone: 0, shift: 0 },
    { type: 'tick', habit: 1, zone: 0, shift: 0 },
    { type: 'wait', minutes: 24 * 60 },
    { type: 'wait', minutes: 24 * 60 },
  ]).flat(),
  rules: { ...STORED_COHORT_RULES, comebackBonus: true },
  backdated: false,
};

/**
 * Found by this test in CI: a comeback earned in week 1, then in maintenance a habit's schedule
 * switched to Mondays and back, read over past days, paid an award the eight weeks had not.
 */
const SCHEDULE_IN_MAINTENANCE: [typeof EVERY_OTHER_DAY, Step[]] = [
  {
    zone: 5,
    startMinute: 48193,
    steps: [
      { type: 'wait', minutes: 422 },
      { type: 'untick', habit: 0, zone: 0, shift: 0 },
      { type: 'act', week: 1 },
      { type: 'tick', habit: 1, zone: 5, shift: 0 },
      { type: 'tick', habit: 0, zone: 0, shift: 0 },
    ],
    rules: { ...STORED_COHORT_RULES, comebackBonus: true },
    backdated: false,
  },
  [
    { type: 'plan', week: 1 },
    { type: 'tick', habit: 0, zone: 0, shift: 0 },
    { type: 'schedule', habit: 1, schedule: { kind: 'weekdays', days: [0] } },
    { type: 'schedule', habit: 1, schedule: { kind: 'daily' } },
    { type: 'tick', habit: 0, zone: 0, shift: 0 },
  ],
];

describe('no forged sequence earns more than an honest participant over the same real time', () => {
  it('in total and in every calendar week', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const world = run(scenario);
        const history = world.server.pointsHistory;
        if (world.start === null) return;
        const last = honestLastDay(world.start, world.now);
        // Every copy the server vouched for runs by the cohort's rules, never the forger's.
        if (world.server.pointsHistory.length > 0) expect(world.server).toEqual(expect.objectContaining(rulesField(scenario.rules)));
        if (world.server.pointsHistory.length > 0 && scenario.rules === STORED_COHORT_RULES) expect(world.server.rules).toBeUndefined();
        expect(totalPoints(history)).toBeLessThanOrEqual(honestPoints(world.start, last, world.start, last, scenario.rules));
        const byWeek = new Map<IsoDate, { all: number; habits: number }>();
        for (const entry of history) {
          const monday = mondayOf(entryDay(entry, world.server.timeZone));
          const week = byWeek.get(monday) ?? { all: 0, habits: 0 };
          week.all += entry.points;
          if (HABIT_KINDS.has(entry.kind)) week.habits += entry.points;
          byWeek.set(monday, week);
        }
        for (const [monday, points] of byWeek) {
          const sunday = addDays(monday, 6);
          expect(points.all, `week of ${monday}`).toBeLessThanOrEqual(honestPoints(world.start, last, monday, sunday, scenario.rules));
          // The habits' own points too: a forger rarely plans, and the planner's slack must not hide them.
          expect(points.habits, `habits, week of ${monday}`).toBeLessThanOrEqual(honestPoints(world.start, last, monday, sunday, scenario.rules, true));
        }
      }),
      { numRuns: 1000, examples: [[EVERY_OTHER_DAY]] },
    );
  }, 60_000);

  it('after the eight weeks, in the maintenance phase, nothing earns a point', () => {
    // 60 days after the start every zone's today is day 58 or later: even "yesterday" is past day 56.
    const toMaintenance: Step[] = Array.from({ length: 60 }, () => ({ type: 'wait', minutes: 24 * 60 }));
    const maintenanceSteps = fc.array(stepArbitrary, { minLength: 5, maxLength: 60 });
    fc.assert(
      fc.property(scenarioArbitrary, maintenanceSteps, (scenario, after) => {
        const ended = run({ ...scenario, steps: [...scenario.steps, ...toMaintenance] });
        const kept = run({ ...scenario, steps: [...scenario.steps, ...toMaintenance, ...after] });
        // (A change of zone may still re-read the past's days, and take back an award: never add one.)
        for (const entry of kept.server.pointsHistory) expect(ended.server.pointsHistory).toContainEqual(entry);
      }),
      { numRuns: 200, examples: [[{ ...EVERY_OTHER_DAY, steps: [] }, EVERY_OTHER_DAY.steps.concat([{ type: 'checkIn', week: 9, zone: 0 }])], SCHEDULE_IN_MAINTENANCE] },
    );
  }, 60_000);
});
