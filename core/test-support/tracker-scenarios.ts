import fc from 'fast-check';
import type { IsoDate } from '../src/iso-date';
import type { TrackerData } from '../src/tracker';
import type { TrackerResult } from '../src/tracker-actions';
import { addDays, challengeWeekNumber, todayIn } from '../src/dates';
import { activeHabits, archivedHabits, emptyTracker } from '../src/tracker';
import type { HabitSchedule } from '../src/habit-schedule';
import {
  addActionSlot,
  addHabit,
  archiveHabit,
  moveHabit,
  removeActionSlot,
  renameHabit,
  restoreHabit,
  setHabitSchedule,
  savePlanner,
  setActionPlan,
  setActionText,
  submitCheckIn,
  toggleAction,
  toggleHabit,
  weekActions,
} from '../src/tracker-actions';

// Test support for core's property tests: random sequences of what a participant can do,
// replayed through the real reducers with a clock that moves forward.

/** One step of a scenario; indexes pick among what exists at that moment. */
export type Step =
  | { type: 'wait'; minutes: number }
  | { type: 'nextDay'; minutes: number }
  | { type: 'addHabit'; name: string }
  | { type: 'archiveHabit'; habit: number }
  | { type: 'restoreHabit'; habit: number }
  | { type: 'renameHabit'; habit: number; name: string }
  | { type: 'moveHabit'; habit: number; step: -1 | 1 }
  | { type: 'setHabitSchedule'; habit: number; schedule: HabitSchedule }
  | { type: 'toggleHabit'; habit: number; daysBack: number }
  | { type: 'setActionText'; slot: number; text: string }
  | { type: 'setActionPlan'; slot: number; when: { weekday: number; time: string } | null; where: string }
  | { type: 'addActionSlot' }
  | { type: 'removeActionSlot'; slot: number }
  | { type: 'toggleAction'; slot: number }
  | { type: 'savePlanner' }
  | { type: 'planWeek' }
  | { type: 'checkIn'; mood: number; reflection: string };

export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 36 * 60 }) }) },
  { weight: 12, arbitrary: fc.record({ type: fc.constant('nextDay' as const), minutes: fc.integer({ min: 20 * 60, max: 28 * 60 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('addHabit' as const), name: fc.constantFrom('Leggere', ' Camminare ', 'Meditare', '') }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('archiveHabit' as const), habit: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('restoreHabit' as const), habit: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('renameHabit' as const), habit: fc.nat(4), name: fc.constantFrom('Leggere 10 pagine', 'Correre', ' Yoga ', '') }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('moveHabit' as const), habit: fc.nat(4), step: fc.constantFrom(-1 as const, 1 as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('setHabitSchedule' as const),
      habit: fc.nat(4),
      schedule: fc.constantFrom<HabitSchedule>(
        { kind: 'daily' },
        { kind: 'weekdays', days: [0, 2, 4] },
        { kind: 'weekdays', days: [5, 6] },
        { kind: 'timesPerWeek', times: 3 },
        { kind: 'timesPerWeek', times: 1 },
      ),
    }),
  },
  { weight: 10, arbitrary: fc.record({ type: fc.constant('toggleHabit' as const), habit: fc.nat(4), daysBack: fc.oneof(fc.constant(0), fc.nat(9)) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('setActionText' as const), slot: fc.nat(5), text: fc.constantFrom('Correre', '', '  ', 'Chiamare la nonna') }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('setActionPlan' as const),
      slot: fc.nat(5),
      when: fc.option(fc.record({ weekday: fc.nat(6), time: fc.constantFrom('07:00', '18:30', '02:30') }), { nil: null }),
      where: fc.constantFrom('', 'in palestra', 'al parco'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('addActionSlot' as const) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('removeActionSlot' as const), slot: fc.nat(5) }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('toggleAction' as const), slot: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('savePlanner' as const) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('planWeek' as const) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('checkIn' as const), mood: fc.integer({ min: 1, max: 5 }), reflection: fc.constantFrom('Bene', '  ', 'Settimana dura') }) },
);

/** Applies one step at instant `now`; waits only move the clock. */
export function applyStep(data: TrackerData, step: Step, now: Date): TrackerResult | null {
  const today = todayIn(data.timeZone, now);
  const week = challengeWeekNumber(data.challengeStartDate, today);
  const habits = activeHabits(data);
  const actions = weekActions(data, week);
  switch (step.type) {
    case 'wait':
      return null;
    case 'nextDay': {
      // The participant's daily routine: tick every habit for today.
      let result: TrackerResult | null = null;
      for (const habit of habits) {
        if (data.completions[habit.id]?.[today] !== undefined) continue;
        const next = toggleHabit(result?.ok ? result.data : data, habit.id, today, now);
        if (next.ok) result = next;
      }
      return result;
    }
    case 'addHabit':
      return addHabit(data, step.name, now);
    case 'archiveHabit': {
      const habit = habits[step.habit % Math.max(1, habits.length)];
      return habit ? archiveHabit(data, habit.id, now) : null;
    }
    case 'restoreHabit': {
      const archived = archivedHabits(data);
      const habit = archived[step.habit % Math.max(1, archived.length)];
      return habit ? restoreHabit(data, habit.id, now) : null;
    }
    case 'renameHabit': {
      const habit = habits[step.habit % Math.max(1, habits.length)];
      return habit ? renameHabit(data, habit.id, step.name, now) : null;
    }
    case 'moveHabit': {
      const habit = habits[step.habit % Math.max(1, habits.length)];
      return habit ? moveHabit(data, habit.id, step.step, now) : null;
    }
    case 'setHabitSchedule': {
      const habit = habits[step.habit % Math.max(1, habits.length)];
      return habit ? setHabitSchedule(data, habit.id, step.schedule, now) : null;
    }
    case 'toggleHabit': {
      const habit = habits[step.habit % Math.max(1, habits.length)];
      return habit ? toggleHabit(data, habit.id, addDays(today, -step.daysBack), now) : null;
    }
    case 'setActionText': {
      const action = actions[step.slot % actions.length];
      return action ? setActionText(data, week, action.id, step.text, now) : null;
    }
    case 'setActionPlan': {
      const action = actions[step.slot % actions.length];
      return action ? setActionPlan(data, week, action.id, { when: step.when, where: step.where }, now) : null;
    }
    case 'addActionSlot':
      return addActionSlot(data, week, now);
    case 'removeActionSlot': {
      const action = actions[step.slot % actions.length];
      return action ? removeActionSlot(data, week, action.id, now) : null;
    }
    case 'toggleAction': {
      const action = actions[step.slot % actions.length];
      return action ? toggleAction(data, week, action.id, now) : null;
    }
    case 'savePlanner':
      return savePlanner(data, week, now);
    case 'planWeek': {
      // Writes the three default slots and saves, as most participants do on Monday.
      let next: TrackerData = data;
      for (const [i, action] of actions.slice(0, 3).entries()) {
        const result = setActionText(next, week, action.id, `Azione ${i + 1}`, now);
        if (result.ok) next = result.data;
      }
      return savePlanner(next, week, now);
    }
    case 'checkIn':
      return submitCheckIn(data, { mood: step.mood, reflection: step.reflection }, now);
  }
}

/** A scenario: a zone, a start date, a first instant and the steps. */
export interface Scenario {
  timeZone: string;
  challengeStartDate: IsoDate;
  firstInstant: Date;
  steps: Step[];
}

/** Scenarios that start a few days before the start date and cross the Rome DST changes. */
export const scenarioArbitrary = (maxSteps = 120): fc.Arbitrary<Scenario> =>
  fc
    .record({
      timeZone: fc.constantFrom('Europe/Rome', 'Europe/Rome', 'America/New_York', 'Asia/Tokyo'),
      challengeStartDate: fc.constantFrom('2026-03-23', '2026-03-29', '2026-10-19', '2026-10-25', '2026-09-01'),
      offsetMinutes: fc.integer({ min: -2 * 24 * 60, max: 3 * 24 * 60 }),
      initialHabits: fc.integer({ min: 0, max: 3 }),
      steps: fc.array(stepArbitrary, { minLength: Math.floor(maxSteps / 2), maxLength: maxSteps }),
    })
    .map(({ timeZone, challengeStartDate, offsetMinutes, initialHabits, steps }) => ({
      timeZone,
      challengeStartDate,
      firstInstant: new Date(Date.parse(`${challengeStartDate}T08:00:00Z`) + offsetMinutes * 60_000),
      steps: [...Array.from({ length: initialHabits }, (_, i) => ({ type: 'addHabit' as const, name: `Abitudine ${i + 1}` })), ...steps],
    }));

/** Replays a scenario, calling `visit` after each step with the state and the instant. */
export function replay(scenario: Scenario, visit: (data: TrackerData, now: Date) => void = () => {}): { data: TrackerData; now: Date } {
  const start = scenario.firstInstant;
  return replayFrom(emptyTracker(scenario.timeZone, start, scenario.challengeStartDate), start, scenario.steps, visit);
}

/** Goes on from `data` at `now` with more steps (e.g. a second device from a shared copy). */
export function replayFrom(
  initial: TrackerData,
  start: Date,
  steps: Step[],
  visit: (data: TrackerData, now: Date) => void = () => {},
): { data: TrackerData; now: Date } {
  let now = start;
  let data = initial;
  for (const step of steps) {
    if (step.type === 'wait' || step.type === 'nextDay') now = new Date(now.getTime() + step.minutes * 60_000);
    const result = applyStep(data, step, now);
    if (result?.ok) data = result.data;
    visit(data, now);
  }
  return { data, now };
}
