import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import type { CohortRules } from './cohort';
import type { HabitSchedule } from './habit-schedule';
import { NEW_COHORT_RULES, STORED_COHORT_RULES } from './cohort';
import { addDays, todayIn } from './dates';
import { CHALLENGE_WEEKS } from './dates';
import { MAX_ACTIONS, MAX_ACTION_PLACE, MAX_ACTION_TEXT, MAX_HABITS, MAX_HABIT_NAME, MAX_REFLECTION, emptyTracker } from './tracker';
import { addActionSlot, addHabit, archiveHabit, restoreHabit, savePlanner, setActionPlan, setActionText, setChallengeStartDate, setHabitSchedule, submitCheckIn, toggleAction, toggleHabit, weekActions } from './tracker-actions';
import { mergeTrackers } from './tracker-merge';
import { applyTrackerChanges, changesToSend, type TrackerChanges } from './tracker-changes';
import { vouchTracker } from './tracker-vouch';
import { checkTrackerPlausible } from './tracker-plausibility';
import { pointsByWeek, streakAt } from './leaderboard-summary';
import { totalPoints } from './points';
import { rosterDigest } from './roster-digest';
import { weekStatsContribution } from './cohort-progress';
import { MAINTENANCE_MONTH_DAYS, MAX_MAINTENANCE_MONTHS, maintenanceMonthEnd } from './maintenance';
import { recordWalk, walkBack, type WalkStep } from './closed-days';
import { CLOSE_AFTER_DAYS, advanceSplit, assembleTracker, closedMonthsOn, headTakes, splitTracker, packPoints, unpackPoints, type ClosedDays, type TrackerPart } from './tracker-parts';

// The split store (a head and the closed months' parts) and the whole tracker give the same
// stored tracker, points, summary, digest and week figures, for random syncs from two devices over
// a season and more (docs/decisions/054): the sync below does what the server's does on each.

const ZONE = 'Europe/Rome';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The same value with every object's keys in order: two trackers compared whatever order their days were added in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
  }
  return value;
}

interface Server {
  whole: TrackerData;
  head: TrackerData;
  closed: ClosedDays | null;
  parts: Map<number, TrackerPart>;
  /** Syncs that read the head alone. */
  headSyncs: number;
}

interface Context {
  challengeStartDate: IsoDate;
  timeZone: string;
  rules: CohortRules;
  now: Date;
}

/** One sync of `changes` both ways: the whole tracker, and the split store as the server keeps it. */
function sync(server: Server, changes: TrackerChanges, context: Context): void {
  const today = todayIn(context.timeZone, context.now);
  const vouch = (submitted: TrackerData, stored: TrackerData) => {
    const tracker = vouchTracker(submitted, stored, context);
    return checkTrackerPlausible(tracker, { challengeStartDate: context.challengeStartDate, now: context.now }).ok ? tracker : null;
  };
  const whole = vouch(applyTrackerChanges(server.whole, changes), server.whole);
  if (headTakes(server.head, server.closed, changes, context)) {
    const head = vouch(applyTrackerChanges(server.head, changes), server.head);
    expect(head === null).toBe(whole === null);
    if (head === null || whole === null) return;
    const next = advanceSplit(head, server.closed, today);
    for (const part of next.parts) server.parts.set(part.month, part);
    Object.assign(server, { head: next.head, closed: next.closed, headSyncs: server.headSyncs + 1 });
  } else {
    const assembled = assembleTracker(server.head, [...server.parts.values()]);
    expect(canonical(assembled)).toEqual(canonical(server.whole));
    const vouched = vouch(applyTrackerChanges(assembled, changes), assembled);
    expect(vouched === null).toBe(whole === null);
    if (vouched === null || whole === null) return;
    const next = splitTracker(vouched, today);
    Object.assign(server, { head: next.head, closed: next.closed, parts: new Map(next.parts.map((part) => [part.month, part])) });
  }
  server.whole = whole;
  expectSame(server, context, today);
}

function expectSame(server: Server, context: Context, today: IsoDate): void {
  const { whole, head, closed } = server;
  expect(closed?.parts ?? []).toEqual([...server.parts.keys()].sort((a, b) => a - b));
  expect(canonical(assembleTracker(head, [...server.parts.values()]))).toEqual(canonical(whole));
  const stretch = closed ?? undefined;
  expect(streakAt(head, today, stretch)).toEqual(streakAt(whole, today));
  expect(totalPoints(head.pointsHistory)).toBe(totalPoints(whole.pointsHistory));
  expect(pointsByWeek(head)).toEqual(pointsByWeek(whole));
  expect(rosterDigest(head, today, stretch)).toEqual(rosterDigest(whole, today));
  const contribution = (tracker: TrackerData) => weekStatsContribution({ counted: true, challengeStartDate: context.challengeStartDate, timeZone: context.timeZone, tracker });
  expect(contribution(head)).toEqual(contribution(whole));
}

type Step =
  | { type: 'days'; count: number; pattern: number[]; syncEvery: number; device: number }
  | { type: 'gap'; days: number }
  | { type: 'untickOld'; habit: number; back: number; device: number }
  | { type: 'schedule'; habit: number; schedule: HabitSchedule; device: number }
  | { type: 'archive'; habit: number; device: number }
  | { type: 'addHabit'; device: number }
  | { type: 'rules'; rules: number }
  | { type: 'zone'; zone: number };

const RULES: CohortRules[] = [STORED_COHORT_RULES, NEW_COHORT_RULES, { ...STORED_COHORT_RULES, forgivingStreak: true }];
const ZONES = [ZONE, 'Atlantic/Azores'];
const scheduleArbitrary: fc.Arbitrary<HabitSchedule> = fc.oneof(
  fc.constant<HabitSchedule>({ kind: 'daily' }),
  fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 6 }).map((days): HabitSchedule => ({ kind: 'weekdays', days: days.sort((a, b) => a - b) })),
  fc.integer({ min: 1, max: 6 }).map((times): HabitSchedule => ({ kind: 'timesPerWeek', times })),
);
const device = fc.nat(1);
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      type: fc.constant('days' as const),
      count: fc.integer({ min: 1, max: 60 }),
      // Which habits a day ticks: a bit each, cycling over the days.
      pattern: fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 1, maxLength: 9 }),
      syncEvery: fc.integer({ min: 1, max: 5 }),
      device,
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('gap' as const), days: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('untickOld' as const), habit: fc.nat(3), back: fc.integer({ min: 7, max: 400 }), device }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('schedule' as const), habit: fc.nat(3), schedule: scheduleArbitrary, device }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('archive' as const), habit: fc.nat(3), device }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('addHabit' as const), device }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('rules' as const), rules: fc.nat(RULES.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('zone' as const), zone: fc.nat(ZONES.length - 1) }) },
);

interface Scenario {
  startDay: number;
  hour: number;
  rules: number;
  schedules: HabitSchedule[];
  steps: Step[];
}

const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.record({
  /** Days into 2025 from 1 February: the daylight-saving changes of March and October fall inside. */
  startDay: fc.integer({ min: 0, max: 200 }),
  hour: fc.integer({ min: 0, max: 23 }),
  rules: fc.nat(RULES.length - 1),
  schedules: fc.array(scheduleArbitrary, { minLength: 3, maxLength: 3 }),
  steps: fc.array(stepArbitrary, { minLength: 4, maxLength: 30 }),
});

function run(scenario: Scenario): Server {
  let now = new Date(Date.UTC(2025, 1, 1 + scenario.startDay, scenario.hour));
  const start = todayIn(ZONE, now);
  const context: Context = { challengeStartDate: start, timeZone: ZONE, rules: RULES[scenario.rules]!, now };
  const tracker = vouchTracker(
    {
      ...emptyTracker(ZONE, now, start),
      habits: scenario.schedules.map((schedule, i) => ({ id: `h${i}`, name: `Abitudine ${i}`, createdAt: now.toISOString(), ...(schedule.kind === 'daily' ? {} : { schedule }) })),
    },
    null,
    context,
  );
  const server: Server = { whole: tracker, head: tracker, closed: null, parts: new Map(), headSyncs: 0 };
  // Each device's copy: the last one it synced, with the changes it made since.
  const copies: TrackerData[] = [tracker, tracker];
  const at = (date: Date) => Object.assign(context, { now: date });
  const syncDevice = (d: number) => {
    const merged = mergeTrackers(copies[d]!, server.whole, context.now);
    sync(server, changesToSend(server.whole, merged), context);
    copies[d] = server.whole;
  };
  const change = (d: number, result: { ok: boolean; data?: TrackerData }) => {
    if (result.ok && result.data) copies[d] = result.data;
  };
  for (const step of scenario.steps) {
    switch (step.type) {
      case 'days':
        for (let i = 0; i < step.count; i++) {
          now = new Date(now.getTime() + DAY_MS);
          at(now);
          const today = todayIn(context.timeZone, now);
          const bits = step.pattern[i % step.pattern.length]!;
          for (const [h, habit] of copies[step.device]!.habits.entries()) {
            if (bits & (1 << h % 4)) change(step.device, toggleHabit(copies[step.device]!, habit.id, today, now));
          }
          if ((i + 1) % step.syncEvery === 0 || i === step.count - 1) syncDevice(step.device);
        }
        break;
      case 'gap':
        now = new Date(now.getTime() + step.days * DAY_MS);
        at(now);
        break;
      case 'untickOld': {
        // An untick of a day the strip no longer reaches: the server takes it (a stamp is a deletion).
        const copy = copies[step.device]!;
        const habit = copy.habits[step.habit % copy.habits.length]!;
        const day = addDays(todayIn(context.timeZone, now), -step.back);
        const days = { ...copy.completions[habit.id] };
        if (days[day] === undefined) break;
        delete days[day];
        copies[step.device] = {
          ...copy,
          completions: { ...copy.completions, [habit.id]: days },
          changedAt: { ...copy.changedAt, habitDays: { ...copy.changedAt.habitDays, [habit.id]: { ...copy.changedAt.habitDays[habit.id], [day]: now.getTime() } } },
        };
        syncDevice(step.device);
        break;
      }
      case 'schedule': {
        const copy = copies[step.device]!;
        change(step.device, setHabitSchedule(copy, copy.habits[step.habit % copy.habits.length]!.id, step.schedule, now));
        syncDevice(step.device);
        break;
      }
      case 'archive': {
        const copy = copies[step.device]!;
        const habit = copy.habits[step.habit % copy.habits.length]!;
        change(step.device, habit.archivedAt === undefined ? archiveHabit(copy, habit.id, now) : restoreHabit(copy, habit.id, now));
        syncDevice(step.device);
        break;
      }
      case 'addHabit':
        change(step.device, addHabit(copies[step.device]!, 'Nuova abitudine', now));
        syncDevice(step.device);
        break;
      case 'rules':
        context.rules = RULES[step.rules]!;
        syncDevice(0);
        break;
      case 'zone':
        context.timeZone = ZONES[step.zone]!;
        syncDevice(1);
        break;
    }
  }
  return server;
}

describe('the split stored tracker', () => {
  it('stores, scores and sums up as the whole tracker does, over random syncs from two devices', () => {
    let headSyncs = 0;
    let split = 0;
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const server = run(scenario);
        headSyncs += server.headSyncs;
        if (server.closed !== null) split++;
      }),
      { numRuns: 30 },
    );
    // The runs did reach the closed months and the head-only syncs, or the property says nothing.
    expect(split).toBeGreaterThan(5);
    expect(headSyncs).toBeGreaterThan(50);
  }, 120_000);

  it('closes a maintenance month once no tick can reach it', () => {
    const start = '2026-01-05';
    const end = maintenanceMonthEnd(start, 1);
    expect(closedMonthsOn(start, addDays(end, CLOSE_AFTER_DAYS))).toBe(0);
    expect(closedMonthsOn(start, addDays(end, CLOSE_AFTER_DAYS + 1))).toBe(1);
    expect(closedMonthsOn(null, '2030-01-01')).toBe(0);
  });

  it('sends a change to a closed day, a habit, the zone or the rules to the whole tracker', () => {
    const start = '2025-01-06';
    const now = new Date('2025-08-01T10:00:00Z');
    let tracker = emptyTracker(ZONE, now, start);
    tracker = { ...tracker, habits: [{ id: 'h0', name: 'Leggere', createdAt: '2025-01-06T08:00:00.000Z' }], completions: { h0: { '2025-04-01': 'late', '2025-07-30': 'late' } } };
    const { head, closed } = splitTracker(tracker, '2025-08-01');
    expect(closed).not.toBeNull();
    const meaning = { timeZone: ZONE, challengeStartDate: start, rules: null };
    expect(headTakes(head, closed, { cells: [['h0', '2025-07-31', 'late', 1]] }, meaning)).toBe(true);
    expect(headTakes(head, closed, { cells: [['h0', '2025-04-01', null, 1]] }, meaning)).toBe(false);
    expect(headTakes(head, closed, { habits: [{ ...head.habits[0]!, name: 'Scrivere' }] }, meaning)).toBe(false);
    expect(headTakes(head, closed, {}, { ...meaning, timeZone: 'Atlantic/Azores' })).toBe(false);
    expect(headTakes(head, closed, {}, { ...meaning, rules: NEW_COHORT_RULES })).toBe(false);
  });

  it('walks the closed days as the days themselves, within the same limits', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<WalkStep>('tick', 'tick', 'free', 'break'), { minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 90 }), (steps, cut, ticks, days) => {
        // Day i back from the last day is steps[i]; the closed stretch is the days from `cut` on.
        const last = '2025-06-30';
        const stepOf = (day: IsoDate): WalkStep => steps[Math.round((Date.parse(last) - Date.parse(day)) / DAY_MS)] ?? 'break';
        const limits = { ticks, days };
        const from = last;
        const first = addDays(last, -(steps.length - 1));
        const closedLast = addDays(last, -Math.min(cut, steps.length - 1));
        const older = recordWalk(first, closedLast, stepOf, { ticks: 1000, days: 1000 });
        const stretch = { first, last: closedLast, walks: { h: older }, latestActivity: null };
        expect(walkBack(from, stepOf, limits, { stretch, habitId: 'h' })).toBe(walkBack(from, stepOf, limits));
      }),
    );
  });
});

describe('the split stored tracker stays small', () => {
  it('keeps the head and every part of a whole season of 20 habits under a quarter of a Firestore document', () => {
    // The worst case the app can make: every habit (longest names) ticked every day of the eight
    // weeks and of thirteen maintenance months and more, every planner and check-in written in full.
    const start = '2025-03-03';
    let now = new Date('2025-03-03T09:00:00Z');
    let tracker = setChallengeStartDate(emptyTracker(ZONE, now, null), start, now);
    for (let i = 0; i < MAX_HABITS; i++) tracker = ok(addHabit(tracker, `${'Abitudine molto lunga da ricordare ogni giorno'.padEnd(MAX_HABIT_NAME - 3, '.')}${i}`.slice(0, MAX_HABIT_NAME), now, `habit-${i}`));
    const season = CHALLENGE_WEEKS * 7 + MAX_MAINTENANCE_MONTHS * MAINTENANCE_MONTH_DAYS + 60;
    let largestPart = 0;
    let largestHead = 0;
    for (let day = 0; day < season; day++) {
      now = new Date(Date.parse('2025-03-03T09:00:00Z') + day * DAY_MS);
      const today = todayIn(ZONE, now);
      // Ticks go straight into the copy after the eight weeks: they earn nothing, so no history to reconcile.
      if (day < CHALLENGE_WEEKS * 7) for (const habit of tracker.habits) tracker = ok(toggleHabit(tracker, habit.id, today, now));
      else tracker = tickAll(tracker, today, now);
      if (day < CHALLENGE_WEEKS * 7 && day % 7 === 0) tracker = fullWeek(tracker, day / 7 + 1, now);
      if (day % MAINTENANCE_MONTH_DAYS === 0 || day % 7 === 0) {
        const checkIn = submitCheckIn(tracker, { mood: 4, reflection: 'r'.repeat(MAX_REFLECTION) }, now);
        if (checkIn.ok) tracker = checkIn.data;
      }
      if (day % 30 === 29 || day === season - 1) {
        const split = splitTracker(tracker, today);
        // As the head is stored: its points history packed, beside what it says of its closed days.
        const stored = { data: { ...split.head, pointsHistory: [] }, points: packPoints(split.head.pointsHistory), closed: split.closed };
        expect(unpackPoints(JSON.parse(JSON.stringify(stored.points)))).toEqual(split.head.pointsHistory);
        largestHead = Math.max(largestHead, bytes(stored));
        for (const part of split.parts) largestPart = Math.max(largestPart, bytes(part));
      }
    }
    expect(bytes(tracker)).toBeGreaterThan(QUARTER_MIB);
    expect(largestHead).toBeLessThanOrEqual(QUARTER_MIB);
    expect(largestPart).toBeLessThanOrEqual(QUARTER_MIB / 4);
  }, 120_000);
});

const QUARTER_MIB = 256 * 1024;
/** The UTF-8 length of a value's JSON, as Firestore counts a string. */
const bytes = (value: unknown) => encodeURIComponent(JSON.stringify(value)).replace(/%[0-9A-F]{2}/g, 'x').length;

function ok(result: { ok: true; data: TrackerData } | { ok: false; message: string }): TrackerData {
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

function tickAll(tracker: TrackerData, today: IsoDate, now: Date): TrackerData {
  const completions = { ...tracker.completions };
  const habitDays = { ...tracker.changedAt.habitDays };
  for (const habit of tracker.habits) {
    completions[habit.id] = { ...completions[habit.id], [today]: 'onTime' };
    habitDays[habit.id] = { ...habitDays[habit.id], [today]: now.getTime() };
  }
  return { ...tracker, completions, changedAt: { ...tracker.changedAt, habitDays } };
}

/** A challenge week's planner written in full (five actions, longest texts and places, all done) and saved. */
function fullWeek(tracker: TrackerData, week: number, now: Date): TrackerData {
  let data = tracker;
  for (let slot = 3; slot < MAX_ACTIONS; slot++) data = ok(addActionSlot(data, week, now, `${week}-${slot}`));
  for (const action of weekActions(data, week)) {
    data = ok(setActionText(data, week, action.id, 'a'.repeat(MAX_ACTION_TEXT), now));
    data = ok(setActionPlan(data, week, action.id, { when: { weekday: 2, time: '07:30' }, where: 'l'.repeat(MAX_ACTION_PLACE) }, now));
    data = ok(toggleAction(data, week, action.id, now));
  }
  return ok(savePlanner(data, week, now));
}
