import { describe, expect, it } from 'vitest';
import {
  duePlannedActions,
  firstPlannedDayInReach,
  plannedSlots,
  nextPlannedActionAt,
  plannedActionKey,
  plannedActions,
  plannedActionsWatch,
  plannedActionText,
  plannedDay,
  weekdayName,
  whenText,
} from './planned-actions';
import { totalPoints } from './points';
import { applyTrackerChanges, trackerChanges } from './tracker-changes';
import { mergeTrackers } from './tracker-merge';
import { addActionSlot, savePlanner, setActionPlan, setActionText, toggleAction } from './tracker-actions';
import { emptyTracker, parseStoredTracker, trackerDataSchema, trackerMessages, type PlannerAction, type TrackerData } from './tracker';

const ROME = 'Europe/Rome';
const NEW_YORK = 'America/New_York';
/**
 * A Thursday: the participant's weeks run Thursday to Wednesday. Rome moves to summer time on
 * Sunday 29 March 2026 at 02:00 (a day of their first week), New York did on 8 March.
 */
const START = '2026-03-26';
const RUN = { weekday: 3, time: '18:30' };

const action = (id: string, text: string, plan: Partial<PlannerAction> = {}): PlannerAction => ({ id, text, completed: false, ...plan });

function tracker(zone: string, actions: PlannerAction[], week: '1' | '2' = '1'): TrackerData {
  return { ...emptyTracker(zone, new Date('2026-03-26T06:00:00Z'), START), weeklyActions: { [week]: actions } };
}

describe('the if-then plan, said in Italian', () => {
  it('reads "quando", "dove" and the action in every combination', () => {
    const text = '30 minuti di corsa';
    expect(plannedActionText({ text, when: RUN, where: 'in palestra' })).toBe('Giovedì alle 18:30 in palestra: 30 minuti di corsa');
    expect(plannedActionText({ text, when: RUN })).toBe('Giovedì alle 18:30: 30 minuti di corsa');
    expect(plannedActionText({ text, where: 'in palestra' })).toBe('In palestra: 30 minuti di corsa');
    expect(plannedActionText({ text })).toBe('30 minuti di corsa');
    // Spaces around what was typed do not show; a blank place is no place.
    expect(plannedActionText({ text: ` ${text} `, where: '   ' })).toBe('30 minuti di corsa');
  });

  it('says the hour as Italians do, and every weekday by name', () => {
    expect(whenText({ weekday: 0, time: '08:00' })).toBe('lunedì alle 8:00');
    expect(whenText({ weekday: 6, time: '01:15' })).toBe('domenica all’1:15');
    expect(whenText({ weekday: 5, time: '00:05' })).toBe('sabato alle 0:05');
    expect([0, 1, 2, 3, 4, 5, 6].map(weekdayName)).toEqual(['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica']);
  });
});

describe('the day of the participant\'s own week', () => {
  it('is the one day of their seven with that weekday, whichever weekday their weeks start on', () => {
    // Week 1 runs Thursday 26 March to Wednesday 1 April.
    expect(plannedDay(START, 1, 3)).toBe('2026-03-26');
    expect(plannedDay(START, 1, 0)).toBe('2026-03-30');
    expect(plannedDay(START, 1, 2)).toBe('2026-04-01');
    expect(plannedDay(START, 2, 3)).toBe('2026-04-02');
    // A Monday start: the Monday is the first day.
    expect(plannedDay('2026-03-23', 1, 0)).toBe('2026-03-23');
    expect(plannedDay('2026-03-23', 1, 6)).toBe('2026-03-29');
  });
});

describe('planned moments', () => {
  it('only written, not completed actions with a "quando", earliest first, on the participant\'s clock across the change to summer time', () => {
    const data = tracker(ROME, [
      action('a', 'Correre', { when: RUN, where: 'al parco' }),
      action('b', 'Stretching', { when: { weekday: 6, time: '02:30' } }),
      action('c', 'Fatto', { completed: true, when: { weekday: 4, time: '09:00' } }),
      action('d', '', { when: { weekday: 4, time: '09:00' } }),
      action('e', 'Senza orario', { where: 'a casa' }),
    ]);
    const plans = plannedActions(data, START, ROME);
    expect(plans.map((plan) => [plan.action.id, plan.day, plan.at.toISOString()])).toEqual([
      ['a', '2026-03-26', '2026-03-26T17:30:00.000Z'],
      // 02:30 does not exist on Sunday 29 March in Rome: the same time after the change, 03:30 (UTC+2).
      ['b', '2026-03-29', '2026-03-29T01:30:00.000Z'],
    ]);
    // Week 2's Thursday is in summer time: 18:30 is 16:30 UTC.
    expect(plannedActions(tracker(ROME, [action('a', 'Correre', { when: RUN })], '2'), START, ROME)[0]?.at.toISOString()).toBe('2026-04-02T16:30:00.000Z');
    // The server's start date decides: none yet, no plans.
    expect(plannedActions(data, null, ROME)).toEqual([]);
  });

  it('in the autumn a time that happens twice is its first occurrence', () => {
    const start = '2026-10-22';
    const data = { ...tracker(ROME, [action('a', 'Yoga', { when: { weekday: 6, time: '02:30' } })]), challengeStartDate: start };
    // Sunday 25 October 2026: 02:30 in summer time (UTC+2) comes first.
    expect(plannedActions(data, start, ROME)[0]?.at.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('what the job watches for: the earliest moment whose reminder may still go, then the next one after it looked', () => {
    const data = tracker(ROME, [action('a', 'Correre', { when: RUN }), action('b', 'Nuotare', { when: { weekday: 5, time: '07:00' } })]);
    expect(plannedActionsWatch(data, START, ROME, new Date('2026-03-26T10:00:00Z'))?.toISOString()).toBe('2026-03-26T17:30:00.000Z');
    // Planned a moment ago (within the three hours a reminder may be late): looked at at once.
    expect(plannedActionsWatch(data, START, ROME, new Date('2026-03-26T19:00:00Z'))?.toISOString()).toBe('2026-03-26T17:30:00.000Z');
    expect(plannedActionsWatch(data, START, ROME, new Date('2026-03-26T20:30:00Z'))?.toISOString()).toBe('2026-03-28T06:00:00.000Z');
    expect(nextPlannedActionAt(data, START, ROME, new Date('2026-03-26T17:31:00Z'))?.toISOString()).toBe('2026-03-28T06:00:00.000Z');
    expect(nextPlannedActionAt(data, START, ROME, new Date('2026-03-28T06:00:00Z'))).toBeNull();
    expect(plannedActionsWatch(data, START, ROME, new Date('2026-04-02T00:00:00Z'))).toBeNull();
  });
});

describe('reminders of planned actions', () => {
  const due = (data: TrackerData, iso: string, change: Partial<Parameters<typeof duePlannedActions>[0]> = {}) =>
    duePlannedActions({ tracker: data, challengeStartDate: START, timeZone: data.timeZone, quietHours: null, now: new Date(iso), ...change }).map((reminder) => reminder.body);

  it('at the planned time in Rome, while not done, for three hours; once sent, never again', () => {
    const data = tracker(ROME, [action('a', '30 minuti di corsa', { when: RUN, where: 'in palestra' })]);
    expect(due(data, '2026-03-26T17:29:00Z')).toEqual([]);
    expect(due(data, '2026-03-26T17:30:00Z')).toEqual(['Giovedì alle 18:30 in palestra: 30 minuti di corsa']);
    expect(due(data, '2026-03-26T20:29:00Z')).toHaveLength(1);
    expect(due(data, '2026-03-26T20:30:00Z')).toEqual([]);
    const [reminder] = duePlannedActions({ tracker: data, challengeStartDate: START, timeZone: ROME, quietHours: null, now: new Date('2026-03-26T17:31:00Z') });
    expect(reminder).toEqual({ key: 'plannedAction_a_2026-03-26_1830', title: 'È il momento della tua azione', body: 'Giovedì alle 18:30 in palestra: 30 minuti di corsa', url: '/planner' });
    expect(due(data, '2026-03-26T17:45:00Z', { sent: new Set([reminder!.key]) })).toEqual([]);
    // Done before its time: no reminder.
    expect(due(tracker(ROME, [action('a', 'Correre', { when: RUN, completed: true })]), '2026-03-26T17:31:00Z')).toEqual([]);
  });

  it('a plan late in the evening still reminds after midnight, within its three hours; older days are not even looked at', () => {
    const data = tracker(ROME, [action('a', 'Leggere', { when: { weekday: 3, time: '23:30' } }), action('b', 'Correre', { when: { weekday: 5, time: '07:00' } })]);
    // Friday 27 March, 00:30 in Rome: Thursday's 23:30 was an hour ago.
    expect(due(data, '2026-03-26T23:30:00Z')).toEqual(['Giovedì alle 23:30: Leggere']);
    expect(plannedSlots(data, START, firstPlannedDayInReach(ROME, new Date('2026-03-26T23:30:00Z'))).map((slot) => slot.day)).toEqual(['2026-03-26', '2026-03-28']);
    // Saturday: Thursday is out of reach, only Saturday's plan is left.
    expect(plannedSlots(data, START, firstPlannedDayInReach(ROME, new Date('2026-03-28T05:00:00Z'))).map((slot) => slot.day)).toEqual(['2026-03-28']);
  });

  it('on the Sunday Rome changes to summer time, and the Thursday after it, at the wall-clock time', () => {
    const sunday = tracker(ROME, [action('b', 'Stretching', { when: { weekday: 6, time: '09:00' } })]);
    // 09:00 on Sunday 29 March is 07:00 UTC (summer time since 02:00), not 08:00.
    expect(due(sunday, '2026-03-29T06:59:00Z')).toEqual([]);
    expect(due(sunday, '2026-03-29T07:00:00Z')).toEqual(['Domenica alle 9:00: Stretching']);
    const thursday = tracker(ROME, [action('a', 'Correre', { when: RUN })], '2');
    expect(due(thursday, '2026-04-02T16:29:00Z')).toEqual([]);
    expect(due(thursday, '2026-04-02T16:30:00Z')).toEqual(['Giovedì alle 18:30: Correre']);
  });

  it('for a participant in New York, on their own clock and their own Thursday', () => {
    const data = tracker(NEW_YORK, [action('a', 'Correre', { when: RUN })]);
    // 18:30 in New York (UTC−4 since 8 March) is 22:30 UTC: already Friday in Rome.
    expect(due(data, '2026-03-26T17:30:00Z')).toEqual([]);
    expect(due(data, '2026-03-26T22:30:00Z')).toEqual(['Giovedì alle 18:30: Correre']);
    expect(plannedActionKey({ action: { ...action('a', 'Correre'), when: RUN }, day: '2026-03-26' })).toBe('plannedAction_a_2026-03-26_1830');
  });

  it('not in quiet hours, not before the start or after day 56, and an id of any characters makes a safe key', () => {
    const late = tracker(ROME, [action('w1/x_1', 'Leggere', { when: { weekday: 3, time: '22:30' } })]);
    expect(due(late, '2026-03-26T21:31:00Z', { quietHours: { from: '22:00', to: '07:00' } })).toEqual([]);
    const [reminder] = duePlannedActions({ tracker: late, challengeStartDate: START, timeZone: ROME, quietHours: null, now: new Date('2026-03-26T21:31:00Z') });
    expect(reminder?.key).toBe('plannedAction_w1%2Fx_1_2026-03-26_2230');
    const data = tracker(ROME, [action('a', 'Correre', { when: RUN })]);
    expect(due(data, '2026-03-26T17:31:00Z', { challengeStartDate: '2026-03-27' })).toEqual([]);
    expect(due(data, '2026-03-26T17:31:00Z', { challengeStartDate: null })).toEqual([]);
    // Day 56 is Wednesday 20 May: a plan at 23:00 that evening reminds until midnight, not on day 57.
    const last = { ...data, weeklyActions: { '8': [action('z', 'Bilancio', { when: { weekday: 2, time: '23:00' } })] } };
    expect(due(last, '2026-05-20T21:30:00Z')).toEqual(['Mercoledì alle 23:00: Bilancio']);
    expect(due(last, '2026-05-20T22:30:00Z')).toEqual([]);
    expect(due(data, '2026-03-26T17:31:00Z', { tracker: null })).toEqual([]);
  });
});

describe('the plan in the tracker', () => {
  /** Thursday 26 March 2026, 10:00 in Rome: week 1 is open. */
  const NOW = new Date('2026-03-26T09:00:00Z');
  const written = () => {
    let data = emptyTracker(ROME, NOW, START);
    for (const [index, text] of ['30 minuti di corsa', 'Leggere', 'Meditare'].entries()) {
      const result = setActionText(data, 1, `w1-a${index + 1}`, text, NOW);
      if (!result.ok) throw new Error(result.message);
      data = result.data;
    }
    return data;
  };

  it('sets and clears "quando" and "dove", stamped for the merge, with no points', () => {
    const before = written();
    const set = setActionPlan(before, 1, 'w1-a1', { when: RUN, where: 'in palestra' }, new Date(NOW.getTime() + 1000));
    expect(set).toMatchObject({ ok: true, awarded: 0 });
    if (!set.ok) return;
    expect(set.data.weeklyActions['1']?.[0]).toEqual({ id: 'w1-a1', text: '30 minuti di corsa', completed: false, when: RUN, where: 'in palestra' });
    expect(set.data.changedAt.actions['1']?.['w1-a1']).toBe(NOW.getTime() + 1000);
    const cleared = setActionPlan(set.data, 1, 'w1-a1', { when: null, where: '  ' }, new Date(NOW.getTime() + 2000));
    expect(cleared.ok && cleared.data.weeklyActions['1']?.[0]).toEqual({ id: 'w1-a1', text: '30 minuti di corsa', completed: false });
    // Saving and completing pay as ever: the plan changes nothing.
    const saved = savePlanner(set.data, 1, NOW);
    const plain = savePlanner(before, 1, NOW);
    expect(saved.ok && plain.ok && totalPoints(saved.data.pointsHistory)).toBe(plain.ok && totalPoints(plain.data.pointsHistory));
    const done = saved.ok ? toggleAction(saved.data, 1, 'w1-a1', NOW) : null;
    expect(done?.ok && done.data.weeklyActions['1']?.[0]).toMatchObject({ completed: true, when: RUN });
  });

  it('refuses bad input in Italian, and a week other than this one', () => {
    const data = written();
    expect(setActionPlan(data, 1, 'w1-a1', { when: { weekday: 7, time: '18:30' }, where: '' }, NOW)).toEqual({ ok: false, message: trackerMessages.invalidActionDay });
    expect(setActionPlan(data, 1, 'w1-a1', { when: { weekday: 3, time: '24:00' }, where: '' }, NOW)).toEqual({ ok: false, message: 'Orario non valido (usa il formato HH:MM)' });
    expect(setActionPlan(data, 1, 'w1-a1', { when: null, where: 'x'.repeat(61) }, NOW)).toEqual({ ok: false, message: trackerMessages.actionPlaceTooLong });
    expect(setActionPlan(data, 1, 'w1-a1', { when: null, where: 'in\u202Epalestra' }, NOW)).toMatchObject({ ok: false });
    expect(setActionPlan(data, 1, 'nessuna', { when: RUN, where: '' }, NOW)).toEqual({ ok: false, message: 'Azione non trovata.' });
    expect(setActionPlan(data, 2, 'w2-a1', { when: RUN, where: '' }, NOW)).toEqual({ ok: false, message: 'Puoi modificare solo il planner della settimana in corso.' });
  });

  it('the schema: trackers without plans stay valid, the server refuses a long place or a bad day with an Italian message', () => {
    const data = written();
    expect(trackerDataSchema.safeParse(data).success).toBe(true);
    const withPlan = (plan: Record<string, unknown>) => ({ ...data, weeklyActions: { '1': [{ ...data.weeklyActions['1']![0]!, ...plan }, ...data.weeklyActions['1']!.slice(1)] } });
    expect(trackerDataSchema.safeParse(withPlan({ when: RUN, where: 'in palestra' })).success).toBe(true);
    const messages = (plan: Record<string, unknown>) => trackerDataSchema.safeParse(withPlan(plan)).error?.issues.map((issue) => issue.message);
    expect(messages({ where: 'x'.repeat(61) })).toEqual([trackerMessages.actionPlaceTooLong]);
    expect(messages({ when: { weekday: -1, time: '18:30' } })).toEqual([trackerMessages.invalidActionDay]);
    expect(messages({ when: { weekday: 1.5, time: '18:30' } })).toEqual([trackerMessages.invalidActionDay]);
    expect(messages({ when: { weekday: 2, time: '6:30' } })).toEqual(['Orario non valido (usa il formato HH:MM)']);
    // A stored copy with a broken plan keeps the action, without the plan.
    const repaired = parseStoredTracker(withPlan({ when: { weekday: 9, time: '18:30' }, where: 'in palestra' }));
    expect(repaired.repaired).toBe(true);
    expect(repaired.data.weeklyActions['1']?.[0]).toEqual({ id: 'w1-a1', text: '30 minuti di corsa', completed: false, where: 'in palestra' });
  });

  it('syncs as changes and merges as one register per action: the later change wins, equal stamps agree either way', () => {
    const base = written();
    const mine = setActionPlan(base, 1, 'w1-a1', { when: RUN, where: 'in palestra' }, new Date(NOW.getTime() + 5000));
    const theirs = setActionPlan(base, 1, 'w1-a1', { when: { weekday: 5, time: '07:00' }, where: '' }, new Date(NOW.getTime() + 5000));
    const later = setActionPlan(base, 1, 'w1-a1', { when: null, where: 'al parco' }, new Date(NOW.getTime() + 9000));
    if (!mine.ok || !theirs.ok || !later.ok) throw new Error('not set');
    expect(applyTrackerChanges(base, trackerChanges(base, mine.data)).weeklyActions).toEqual(mine.data.weeklyActions);
    const ab = mergeTrackers(mine.data, theirs.data, NOW);
    const ba = mergeTrackers(theirs.data, mine.data, NOW);
    expect(ab.weeklyActions).toEqual(ba.weeklyActions);
    expect(mergeTrackers(mine.data, later.data, NOW).weeklyActions['1']?.[0]).toEqual({ id: 'w1-a1', text: '30 minuti di corsa', completed: false, where: 'al parco' });
    // A new slot can be planned too.
    const added = addActionSlot(mine.data, 1, NOW, 'x');
    const slot = added.ok ? added.data.weeklyActions['1']!.at(-1)! : null;
    expect(slot && setActionPlan(added.ok ? added.data : mine.data, 1, slot.id, { when: RUN, where: '' }, NOW).ok).toBe(true);
  });
});
