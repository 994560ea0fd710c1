import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import { DEVICE_CLOCK_SKEW_MS } from './change-stamps';
import { addDays, challengeLastDay, compareIsoDates, daysBetween, mondayOf, todayIn } from './dates';
import { changeTimeZone, effectiveToday, startDateProblem, type ParticipantCalendar } from './participant-calendar';
import { ACTION_POINTS, CHECK_IN_POINTS, HABIT_POINTS, PLANNER_SAVE_POINTS, STREAK_BONUSES, entryDay, totalPoints } from './points';
import { MAX_ACTIONS, emptyTracker } from './tracker';
import { checkTrackerPlausible } from './tracker-plausibility';
import { vouchTracker } from './tracker-vouch';

// No sequence of zone changes, start dates, clock skew and sync timing earns more, in any calendar
// week or in total, than an honest participant living in one zone could over the same real time
// (docs/decisions/018). The honest bound: a participant in the easternmost zone (UTC+14, whose
// days begin first) who started on the same day, with the same habits from the start, and did
// everything every day. The forger below may name any zone, any start, tick any day any zone
// calls today, yesterday or tomorrow, and plan, act and check in for any week, syncing each time.

const ZONES = ['Europe/Rome', 'Atlantic/Azores', 'Pacific/Kiritimati', 'Pacific/Niue', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
const EASTERNMOST = 'Pacific/Kiritimati';
const HABITS = ['h1', 'h2'];
const WEEK_POINTS = MAX_ACTIONS * ACTION_POINTS + PLANNER_SAVE_POINTS + CHECK_IN_POINTS;

type Step =
  | { type: 'wait'; minutes: number }
  | { type: 'zone'; zone: number }
  | { type: 'start'; zone: number; shift: number }
  | { type: 'tick'; habit: number; zone: number; shift: number }
  | { type: 'plan'; week: number }
  | { type: 'act'; week: number }
  | { type: 'checkIn'; week: number; zone: number };

const zoneIndex = fc.nat(ZONES.length - 1);
const shift = fc.integer({ min: -1, max: 1 });
const week = fc.integer({ min: 1, max: 8 });
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constant('wait' as const), minutes: fc.oneof(fc.integer({ min: 1, max: 90 }), fc.integer({ min: 60, max: 30 * 60 })) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('zone' as const), zone: zoneIndex }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('start' as const), zone: zoneIndex, shift }) },
  { weight: 8, arbitrary: fc.record({ type: fc.constant('tick' as const), habit: fc.nat(1), zone: zoneIndex, shift }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('plan' as const), week }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('act' as const), week }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('checkIn' as const), week, zone: zoneIndex }) },
);

const scenarioArbitrary = fc.record({
  zone: zoneIndex,
  /** Minutes into 2025 from 1 March (DST changes in Europe, the US and Lord Howe fall inside). */
  startMinute: fc.integer({ min: 0, max: 300 * 24 * 60 }),
  steps: fc.array(stepArbitrary, { minLength: 5, maxLength: 80 }),
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
function forge(world: World, step: Step): TrackerData | null {
  const { server, now } = world;
  const stamp = now.getTime();
  switch (step.type) {
    case 'tick': {
      const habit = HABITS[step.habit]!;
      const day = dayThere(step.zone, now, step.shift);
      return {
        ...server,
        completions: { ...server.completions, [habit]: { ...server.completions[habit], [day]: 'onTime' } },
        changedAt: { ...server.changedAt, habitDays: { ...server.changedAt.habitDays, [habit]: { ...server.changedAt.habitDays[habit], [day]: stamp } } },
      };
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

function run(scenario: { zone: number; startMinute: number; steps: Step[] }): World {
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
    const submitted = forge(world, step);
    if (!submitted) continue;
    const context = { challengeStartDate: world.start, timeZone: world.calendar.timeZone, dayFloor: world.calendar.dayFloor, now: world.now };
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
function honestPoints(start: IsoDate, last: IsoDate, from: IsoDate, to: IsoDate): number {
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
    if (compareIsoDates(weekStart, end) <= 0 && compareIsoDates(weekEnd, first) >= 0) points += WEEK_POINTS;
  }
  return points;
}

describe('no forged sequence earns more than an honest participant over the same real time', () => {
  it('in total and in every calendar week', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const world = run(scenario);
        const history = world.server.pointsHistory;
        if (world.start === null) return;
        const last = honestLastDay(world.start, world.now);
        expect(totalPoints(history)).toBeLessThanOrEqual(honestPoints(world.start, last, world.start, last));
        const byWeek = new Map<IsoDate, number>();
        for (const entry of history) {
          const monday = mondayOf(entryDay(entry, world.server.timeZone));
          byWeek.set(monday, (byWeek.get(monday) ?? 0) + entry.points);
        }
        for (const [monday, points] of byWeek) {
          expect(points, `week of ${monday}`).toBeLessThanOrEqual(honestPoints(world.start, last, monday, addDays(monday, 6)));
        }
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});
