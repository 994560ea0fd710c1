import { describe, expect, it } from 'vitest';
import type { TrackerData } from './tracker';
import { addDays } from './dates';
import { emptyTracker } from './tracker';
import {
  POINTS_RULES,
  expectedAwards,
  maxPointsPerWeek,
  pointsByChallengeWeek,
  pointsInCalendarWeek,
  reconcileHistory,
  totalPoints,
  withReconciledHistory,
} from './points';

const START = '2026-03-02';
const now = new Date('2026-03-20T10:00:00Z');
const base = (): TrackerData => emptyTracker('Europe/Rome', now, START);
const habit = { id: 'h', name: 'Meditare', createdAt: '2026-03-02T08:00:00.000Z' };
const awardsOf = (data: TrackerData) => expectedAwards(data, { challengeStartDate: START });
const run = (from: string, kinds: Array<'onTime' | 'late'>) =>
  Object.fromEntries(kinds.map((kind, i) => [addDays(from, i), kind]));

describe('points table', () => {
  it('lists the points table as data', () => {
    expect(POINTS_RULES.map((r) => r.points)).toEqual([10, 10, 10, 2, 5, 10, 20]);
  });

  it('pays 10 per completed action with text, in Italian, text cut to 30 characters', () => {
    const data: TrackerData = {
      ...base(),
      weeklyActions: {
        '1': [
          { id: 'a1', text: 'Correre tre volte questa settimana al parco', completed: true },
          { id: 'a2', text: '   ', completed: true },
          { id: 'a3', text: 'Leggere', completed: false },
        ],
      },
    };
    expect(awardsOf(data)).toEqual([
      { kind: 'action', ref: 'action:1:a1', points: 10, weekNumber: 1, reason: 'Azione completata: Correre tre volte questa setti' },
    ]);
  });

  it('pays 10 once per saved planner week and 10 per check-in', () => {
    const data: TrackerData = {
      ...base(),
      savedPlannerWeeks: [1, 2],
      checkIns: [{ id: 'c', mood: 3, reflection: 'Bene', date: '2026-03-04', weekNumber: 1, submittedAt: '2026-03-04T10:00:00Z' }],
    };
    expect(awardsOf(data).map((a) => [a.ref, a.points, a.reason])).toEqual([
      ['plannerSave:1', 10, 'Planner salvato (settimana 1)'],
      ['plannerSave:2', 10, 'Planner salvato (settimana 2)'],
      ['checkIn:1', 10, 'Check-in settimanale'],
    ]);
  });

  it('pays 2 per on-time habit day and nothing for late ones', () => {
    const data: TrackerData = { ...base(), habits: [habit], completions: { h: run('2026-03-02', ['late', 'onTime']) } };
    expect(awardsOf(data)).toEqual([
      { kind: 'habit', ref: 'habit:h:2026-03-03', points: 2, weekNumber: 1, date: '2026-03-03', reason: 'Abitudine completata: Meditare' },
    ]);
  });

  it('pays 5 / 10 / 20 when a run reaches 7 / 14 / 30 days on an on-time day', () => {
    const data: TrackerData = { ...base(), habits: [habit], completions: { h: run('2026-03-02', Array(30).fill('onTime')) } };
    const bonuses = awardsOf(data).filter((a) => a.kind === 'streakBonus');
    expect(bonuses.map((b) => [b.ref, b.points, b.reason])).toEqual([
      ['streakBonus:h:2026-03-08:7', 5, 'Serie di 7 giorni: Meditare'],
      ['streakBonus:h:2026-03-15:14', 10, 'Serie di 14 giorni: Meditare'],
      ['streakBonus:h:2026-03-31:30', 20, 'Serie di 30 giorni: Meditare'],
    ]);
    expect(totalPoints(withReconciledHistory(data, now).pointsHistory)).toBe(30 * 2 + 5 + 10 + 20);
  });

  it('gives no bonus when the threshold day was back-filled, and counts late days in the run', () => {
    const lateSeventh = run('2026-03-02', ['onTime', 'onTime', 'onTime', 'onTime', 'onTime', 'onTime', 'late']);
    expect(awardsOf({ ...base(), habits: [habit], completions: { h: lateSeventh } }).some((a) => a.kind === 'streakBonus')).toBe(false);
    const lateStart = run('2026-03-02', ['late', 'late', 'late', 'late', 'late', 'late', 'onTime']);
    expect(awardsOf({ ...base(), habits: [habit], completions: { h: lateStart } }).filter((a) => a.kind === 'streakBonus')).toHaveLength(1);
  });

  it('freezes with the eight weeks: a tick after day 56 stays but earns nothing, nor does a run that reaches a bonus then', () => {
    // START + 55 days is Sunday 26 April 2026, the last day; a run of 10 days from 20 April ends on 29 April.
    const data: TrackerData = { ...base(), habits: [habit], completions: { h: run('2026-04-20', Array(10).fill('onTime')) } };
    const paid = awardsOf(data);
    expect(paid.filter((a) => a.kind === 'habit').map((a) => a.date)).toEqual(['2026-04-20', '2026-04-21', '2026-04-22', '2026-04-23', '2026-04-24', '2026-04-25', '2026-04-26']);
    expect(paid.filter((a) => a.kind === 'habit').every((a) => a.weekNumber === 8)).toBe(true);
    // The 7th day of the run is 26 April: its bonus is still in time. A run from 21 April reaches 7 days on the 27th: none.
    expect(paid.filter((a) => a.kind === 'streakBonus').map((a) => a.date)).toEqual(['2026-04-26']);
    const late: TrackerData = { ...base(), habits: [habit], completions: { h: run('2026-04-21', Array(7).fill('onTime')) } };
    expect(awardsOf(late).some((a) => a.kind === 'streakBonus')).toBe(false);
    expect(Object.keys(data.completions.h!)).toHaveLength(10);
  });

  it('computes the weekly maximum', () => {
    expect(maxPointsPerWeek(0)).toBe(70);
    expect(maxPointsPerWeek(3)).toBe(70 + 3 * 34);
  });
});

describe('reconcileHistory', () => {
  const data: TrackerData = { ...base(), habits: [habit], completions: { h: run('2026-03-19', ['onTime', 'onTime']) } };

  it('keeps due entries with their timestamp, appends new ones and drops the rest', () => {
    const first = reconcileHistory([], awardsOf(data), new Date('2026-03-19T10:00:00Z'), 'Europe/Rome', START);
    expect(first.map((e) => [e.ref, e.timestamp, e.weekNumber])).toEqual([
      ['habit:h:2026-03-19', '2026-03-19T10:00:00.000Z', 3],
      ['habit:h:2026-03-20', '2026-03-19T10:00:00.000Z', 3],
    ]);
    const fewer: TrackerData = { ...data, completions: { h: run('2026-03-20', ['onTime']) } };
    const second = reconcileHistory(first, awardsOf(fewer), now, 'Europe/Rome', START);
    expect(second).toEqual([first[1]]);
    // Duplicated entries are paid once.
    expect(reconcileHistory([...first, ...first], awardsOf(data), now, 'Europe/Rome', START)).toEqual(first);
  });

  it('sums points by challenge week and by calendar week in the zone', () => {
    const history = reconcileHistory([], awardsOf(data), new Date('2026-03-15T23:30:00Z'), 'Europe/Rome', START);
    // 23:30 UTC on Sunday 15 March is Monday 16 March in Rome: challenge week 3, calendar week of 16 March.
    expect(pointsByChallengeWeek(history)[2]).toEqual({ weekNumber: 3, points: 4 });
    expect(pointsInCalendarWeek(history, '2026-03-16', 'Europe/Rome')).toBe(4);
    expect(pointsInCalendarWeek(history, '2026-03-09', 'Europe/Rome')).toBe(0);
    // Each entry counts on the day it pays for, whatever zone reads it later.
    expect(history.map((entry) => entry.date)).toEqual(['2026-03-19', '2026-03-20']);
    expect(pointsInCalendarWeek(history, '2026-03-09', 'UTC')).toBe(0);
    expect(pointsInCalendarWeek(history, '2026-03-16', 'UTC')).toBe(4);
  });
});
