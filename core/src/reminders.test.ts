import { describe, expect, it } from 'vitest';
import {
  challengeWeekDayText,
  DEFAULT_REMINDER_PREFS,
  dayOfChallengeWeek,
  dueReminders,
  isCheckInDay,
  instantAt,
  isQuiet,
  minutesOfDay,
  nextReminderAt,
  reminderKey,
  reminderPrefsSchema,
  remindersOver,
  type ReminderPrefs,
} from './reminders';
import { emptyTracker, type TrackerData } from './tracker';

const ROME = 'Europe/Rome';
const NEW_YORK = 'America/New_York';
/** A Monday: Rome moves to summer time on Sunday 29 March 2026 at 02:00, back on Sunday 25 October. */
const START = '2026-03-23';

function tracker(zone: string, change: Partial<TrackerData> = {}): TrackerData {
  return {
    ...emptyTracker(zone, new Date('2026-03-23T06:00:00Z'), START),
    habits: [
      { id: 'h1', name: 'Camminare', createdAt: '2026-03-23T06:00:00Z' },
      { id: 'h2', name: 'Leggere', createdAt: '2026-03-23T06:00:00Z' },
    ],
    ...change,
  };
}

const prefs = (change: Partial<ReminderPrefs> = {}): ReminderPrefs => ({ ...DEFAULT_REMINDER_PREFS, quietHours: null, ...change });

const kinds = (input: Parameters<typeof dueReminders>[0]) => dueReminders(input).map((due) => `${due.kind} ${due.day}: ${due.body}`);

describe('reminders', () => {
  it('the habits reminder at its time on the participant\'s wall clock, with how many are left; none once all are ticked', () => {
    const at = (iso: string, data = tracker(ROME)) => kinds({ prefs: prefs(), tracker: data, challengeStartDate: START, timeZone: ROME, now: new Date(iso) });
    // 20:30 in Rome is 19:30 UTC before the change, 18:30 UTC after it.
    expect(at('2026-03-27T19:29:00Z')).toEqual([]);
    expect(at('2026-03-27T19:30:00Z')).toEqual(['habits 2026-03-27: Ti mancano 2 abitudini oggi 💪']);
    expect(at('2026-03-30T18:30:00Z')).toEqual(['habits 2026-03-30: Ti mancano 2 abitudini oggi 💪']);
    expect(at('2026-03-30T18:29:00Z')).toEqual([]);
    const oneTicked = tracker(ROME, { completions: { h1: { '2026-03-30': 'onTime' } } });
    expect(at('2026-03-30T18:45:00Z', oneTicked)).toEqual(['habits 2026-03-30: Ti manca 1 abitudine oggi 💪']);
    const allTicked = tracker(ROME, { completions: { h1: { '2026-03-30': 'onTime' }, h2: { '2026-03-30': 'onTime' } } });
    expect(at('2026-03-30T18:45:00Z', allTicked)).toEqual([]);
  });

  it('in New York the same settings follow New York\'s clock (its change came on 8 March)', () => {
    const at = (iso: string) => kinds({ prefs: prefs(), tracker: tracker(NEW_YORK), challengeStartDate: START, timeZone: NEW_YORK, now: new Date(iso) });
    // 20:30 in New York (UTC-4 in summer time) is 00:30 UTC the next day.
    expect(at('2026-03-28T00:30:00Z')).toEqual(['habits 2026-03-27: Ti mancano 2 abitudini oggi 💪']);
    expect(at('2026-03-27T19:30:00Z')).toEqual([]);
  });

  it('a time that does not exist on the day the clocks go forward is sent when the clock passes it; on the day they go back, once', () => {
    const early = prefs({ habits: { enabled: true, time: '02:30' } });
    const at = (iso: string, sent?: Set<string>) => kinds({ prefs: early, tracker: tracker(ROME), challengeStartDate: START, timeZone: ROME, now: new Date(iso), sent });
    // 29 March: 01:59 CET is followed by 03:00 CEST (01:00 UTC).
    expect(at('2026-03-29T00:59:00Z')).toEqual([]);
    expect(at('2026-03-29T01:00:00Z')).toEqual(['habits 2026-03-29: Ti mancano 2 abitudini oggi 💪']);
    // 25 October is past the eight weeks: a later cohort's day instead, 02:30 happening twice.
    const autumn = (iso: string, sent?: Set<string>) =>
      kinds({ prefs: early, tracker: tracker(ROME), challengeStartDate: '2026-10-19', timeZone: ROME, now: new Date(iso), sent });
    expect(autumn('2026-10-25T00:30:00Z')).toEqual(['habits 2026-10-25: Ti mancano 2 abitudini oggi 💪']);
    expect(autumn('2026-10-25T01:30:00Z', new Set([reminderKey('habits', '2026-10-25')]))).toEqual([]);
  });

  it('sent once per day: a rerun sends nothing; a window missed is caught up within three hours, not after', () => {
    const at = (iso: string, sent?: Set<string>) => kinds({ prefs: prefs(), tracker: tracker(ROME), challengeStartDate: START, timeZone: ROME, now: new Date(iso), sent });
    expect(at('2026-03-26T19:40:00Z', new Set([reminderKey('habits', '2026-03-26')]))).toEqual([]);
    // The job was down at 20:30: at 22:15 (Rome) it is still in time, at 23:31 no more.
    expect(at('2026-03-26T21:15:00Z')).toHaveLength(1);
    expect(at('2026-03-26T22:31:00Z')).toEqual([]);
  });

  it('quiet hours hold a reminder back, across midnight too', () => {
    expect(isQuiet({ from: '22:00', to: '07:00' }, 23 * 60)).toBe(true);
    expect(isQuiet({ from: '22:00', to: '07:00' }, 6 * 60 + 59)).toBe(true);
    expect(isQuiet({ from: '22:00', to: '07:00' }, 7 * 60)).toBe(false);
    expect(isQuiet({ from: '13:00', to: '15:00' }, 14 * 60)).toBe(true);
    const late = prefs({ habits: { enabled: true, time: '21:30' }, quietHours: { from: '22:00', to: '07:00' } });
    const at = (iso: string) => kinds({ prefs: late, tracker: tracker(ROME), challengeStartDate: START, timeZone: ROME, now: new Date(iso) });
    expect(at('2026-03-26T20:45:00Z')).toHaveLength(1);
    expect(at('2026-03-26T21:05:00Z')).toEqual([]);
  });

  it('the check-in on Sunday and the planner on Monday, only if not done; nothing before the start or after the eight weeks', () => {
    const at = (iso: string, data = tracker(ROME), start: string | null = START) =>
      kinds({ prefs: prefs(), tracker: data, challengeStartDate: start, timeZone: ROME, now: new Date(iso) }).filter((line) => !line.startsWith('habits'));
    expect(at('2026-03-29T16:00:00Z')).toEqual(['checkIn 2026-03-29: Com’è andata questa settimana? Ti bastano due minuti ✍️']);
    const checkedIn = tracker(ROME, { checkIns: [{ id: 'c1', mood: 3, reflection: 'ok', date: '2026-03-28', weekNumber: 1, submittedAt: '2026-03-28T10:00:00Z' }] });
    expect(at('2026-03-29T16:00:00Z', checkedIn)).toEqual([]);
    expect(at('2026-03-30T06:30:00Z')).toEqual(['planner 2026-03-30: Nuova settimana: scrivi le tue 3 azioni concrete 🗓️']);
    expect(at('2026-03-30T06:30:00Z', tracker(ROME, { savedPlannerWeeks: [2] }))).toEqual([]);
    expect(at('2026-03-30T06:30:00Z', tracker(ROME), null)).toEqual([]);
    expect(at('2026-05-18T06:30:00Z')).toEqual([]);
    expect(kinds({ prefs: prefs({ planner: { enabled: false, time: '08:30' } }), tracker: tracker(ROME), challengeStartDate: START, timeZone: ROME, now: new Date('2026-03-30T06:30:00Z') })).toEqual([]);
  });

  it('a participant whose weeks start on a Thursday: the check-in on their Wednesdays, the planner on their Thursdays, at the same wall time across the change to summer time', () => {
    // Thursday 19 March 2026: weeks run Thursday to Wednesday; Rome moves to summer time on Sunday 29 March.
    const thursday = '2026-03-19';
    const at = (iso: string, data = tracker(ROME), zone = ROME) =>
      kinds({ prefs: prefs(), tracker: data, challengeStartDate: thursday, timeZone: zone, now: new Date(iso) }).filter((line) => !line.startsWith('habits'));
    // No longer on Sunday and Monday.
    expect(at('2026-03-29T16:00:00Z')).toEqual([]);
    expect(at('2026-03-30T06:30:00Z')).toEqual([]);
    // Wednesday 25 March 18:00 is 17:00 UTC (winter time); Wednesday 1 April 18:00 is 16:00 UTC (summer time).
    expect(at('2026-03-25T16:59:00Z')).toEqual([]);
    expect(at('2026-03-25T17:00:00Z')).toEqual(['checkIn 2026-03-25: Com’è andata questa settimana? Ti bastano due minuti ✍️']);
    expect(at('2026-04-01T16:00:00Z')).toEqual(['checkIn 2026-04-01: Com’è andata questa settimana? Ti bastano due minuti ✍️']);
    // The check-in of week 2 sent: no reminder on its last day.
    const checkedIn = tracker(ROME, { checkIns: [{ id: 'c2', mood: 3, reflection: 'ok', date: '2026-03-31', weekNumber: 2, submittedAt: '2026-03-31T10:00:00Z' }] });
    expect(at('2026-04-01T16:00:00Z', checkedIn)).toEqual([]);
    // The planner on the first day of each week, the start day included.
    expect(at('2026-03-19T07:30:00Z')).toEqual(['planner 2026-03-19: Nuova settimana: scrivi le tue 3 azioni concrete 🗓️']);
    expect(at('2026-04-02T06:30:00Z')).toEqual(['planner 2026-04-02: Nuova settimana: scrivi le tue 3 azioni concrete 🗓️']);
    // Nothing the day before the start, nor after day 56 (Wednesday 13 May is the last; Wednesday 20 May would be week 10).
    expect(kinds({ prefs: prefs(), tracker: tracker(ROME), challengeStartDate: thursday, timeZone: ROME, now: new Date('2026-03-18T17:00:00Z') })).toEqual([]);
    expect(at('2026-05-13T16:00:00Z')).toEqual(['checkIn 2026-05-13: Com’è andata questa settimana? Ti bastano due minuti ✍️']);
    expect(at('2026-05-14T06:30:00Z')).toEqual([]);
    expect(at('2026-05-20T16:00:00Z')).toEqual([]);
  });

  it('in New York a Thursday start keeps New York\'s Wednesdays, whose clocks change on other Sundays than Rome\'s', () => {
    // Thursday 22 October 2026; Rome goes back to winter time on 25 October, New York on 1 November.
    const thursday = '2026-10-22';
    const at = (iso: string) =>
      kinds({ prefs: prefs(), tracker: tracker(NEW_YORK), challengeStartDate: thursday, timeZone: NEW_YORK, now: new Date(iso) }).filter((line) => !line.startsWith('habits'));
    // Wednesday 28 October 18:00 in New York (UTC-4) is 22:00 UTC; still Wednesday there at 22:00 UTC, Thursday already in Rome.
    expect(at('2026-10-28T22:00:00Z')).toEqual(['checkIn 2026-10-28: Com’è andata questa settimana? Ti bastano due minuti ✍️']);
    // Wednesday 4 November 18:00 (UTC-5 since Sunday) is 23:00 UTC.
    expect(at('2026-11-04T22:00:00Z')).toEqual([]);
    expect(at('2026-11-04T23:00:00Z')).toEqual(['checkIn 2026-11-04: Com’è andata questa settimana? Ti bastano due minuti ✍️']);
  });

  it('names the participant\'s own check-in and planner days, and knows which day of their week it is', () => {
    expect(challengeWeekDayText('checkIn', '2026-03-23')).toBe('la domenica');
    expect(challengeWeekDayText('planner', '2026-03-23')).toBe('il lunedì');
    expect(challengeWeekDayText('checkIn', '2026-03-19')).toBe('il mercoledì');
    expect(challengeWeekDayText('planner', '2026-03-19')).toBe('il giovedì');
    expect(challengeWeekDayText('checkIn', '2026-03-22')).toBe('il sabato');
    expect(challengeWeekDayText('checkIn', null)).toBe('l’ultimo giorno della tua settimana');
    expect(dayOfChallengeWeek('2026-03-19', '2026-03-18')).toBeNull();
    expect(dayOfChallengeWeek('2026-03-19', '2026-03-19')).toBe(0);
    expect(dayOfChallengeWeek('2026-03-19', '2026-03-29')).toBe(3);
    expect(isCheckInDay('2026-03-19', '2026-03-25')).toBe(true);
    expect(isCheckInDay('2026-03-19', '2026-03-29')).toBe(false);
    expect(isCheckInDay(null, '2026-03-29')).toBe(false);
  });

  it('reads the wall clock of a zone, and refuses a malformed time', () => {
    expect(minutesOfDay(ROME, new Date('2026-03-29T01:00:00Z'))).toBe(3 * 60);
    expect(minutesOfDay(NEW_YORK, new Date('2026-03-29T01:00:00Z'))).toBe(21 * 60);
    expect(reminderPrefsSchema.safeParse({ ...DEFAULT_REMINDER_PREFS, habits: { enabled: true, time: '24:00' } }).success).toBe(false);
    expect(reminderPrefsSchema.safeParse(DEFAULT_REMINDER_PREFS).success).toBe(true);
  });
});

describe('when a reminder is next due', () => {
  const ROME = 'Europe/Rome';
  const NEW_YORK = 'America/New_York';

  it('reads the wall clock of the zone, on both sides of the DST changes', () => {
    expect(instantAt('2026-03-28', '20:30', ROME).toISOString()).toBe('2026-03-28T19:30:00.000Z');
    expect(instantAt('2026-03-29', '20:30', ROME).toISOString()).toBe('2026-03-29T18:30:00.000Z');
    expect(instantAt('2026-10-24', '08:30', ROME).toISOString()).toBe('2026-10-24T06:30:00.000Z');
    expect(instantAt('2026-10-25', '08:30', ROME).toISOString()).toBe('2026-10-25T07:30:00.000Z');
    expect(instantAt('2026-03-08', '20:30', NEW_YORK).toISOString()).toBe('2026-03-09T00:30:00.000Z');
  });

  it('moves a time the spring change skips past the gap, and takes the first of a time that happens twice', () => {
    expect(instantAt('2026-03-29', '02:30', ROME).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(instantAt('2026-10-25', '02:30', ROME).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('is the same wall time every day across the change, whatever the hours in between', () => {
    const first = nextReminderAt('habits', '20:30', ROME, new Date('2026-03-28T19:45:00Z'), START);
    expect(first.toISOString()).toBe('2026-03-29T18:30:00.000Z');
    const second = nextReminderAt('habits', '20:30', ROME, first, START);
    expect(second.toISOString()).toBe('2026-03-30T18:30:00.000Z');
    expect(minutesOfDay(ROME, second)).toBe(20 * 60 + 30);
    // Later the same day when the time has not come yet.
    expect(nextReminderAt('habits', '20:30', ROME, new Date('2026-10-25T12:00:00Z'), START).toISOString()).toBe('2026-10-25T19:30:00.000Z');
  });

  it('puts the check-in on Sundays and the planner on Mondays of the participant\'s own calendar when their weeks start on a Monday', () => {
    // Sunday 29 March 2026, 22:30 UTC: already Monday in Rome, still Sunday in New York.
    const now = new Date('2026-03-29T22:30:00Z');
    expect(nextReminderAt('checkIn', '18:00', ROME, now, START).toISOString()).toBe('2026-04-05T16:00:00.000Z');
    expect(nextReminderAt('planner', '08:30', ROME, now, START).toISOString()).toBe('2026-03-30T06:30:00.000Z');
    // Due at this very minute in New York: the next one is a week later (strictly after `now`).
    expect(nextReminderAt('checkIn', '18:30', NEW_YORK, now, START).toISOString()).toBe('2026-04-05T22:30:00.000Z');
    expect(nextReminderAt('checkIn', '19:00', NEW_YORK, now, START).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(nextReminderAt('planner', '08:30', NEW_YORK, now, START).toISOString()).toBe('2026-03-30T12:30:00.000Z');
  });

  it('follows a Thursday start: the check-in on the participant\'s Wednesdays, the planner on their Thursdays, across both zones\' changes', () => {
    const thursday = '2026-03-19';
    // Saturday 28 March: the next Wednesday is 1 April, after Rome's change (18:00 is 16:00 UTC).
    expect(nextReminderAt('checkIn', '18:00', ROME, new Date('2026-03-28T12:00:00Z'), thursday).toISOString()).toBe('2026-04-01T16:00:00.000Z');
    expect(nextReminderAt('planner', '08:30', ROME, new Date('2026-03-28T12:00:00Z'), thursday).toISOString()).toBe('2026-04-02T06:30:00.000Z');
    // New York: Thursday 22 October start; Wednesday 28 October (UTC-4), then 4 November (UTC-5, after 1 November).
    const october = '2026-10-22';
    const first = nextReminderAt('checkIn', '18:00', NEW_YORK, new Date('2026-10-25T12:00:00Z'), october);
    expect(first.toISOString()).toBe('2026-10-28T22:00:00.000Z');
    expect(nextReminderAt('checkIn', '18:00', NEW_YORK, first, october).toISOString()).toBe('2026-11-04T23:00:00.000Z');
  });

  it('before the start (or with none yet) looks every day, so a start chosen later is followed; from the start, once a week', () => {
    const start = '2026-04-02';
    const saturday = new Date('2026-03-28T12:00:00Z');
    expect(nextReminderAt('checkIn', '18:00', ROME, saturday, null).toISOString()).toBe('2026-03-28T17:00:00.000Z');
    expect(nextReminderAt('planner', '08:30', ROME, saturday, start).toISOString()).toBe('2026-03-29T06:30:00.000Z');
    // The day before the start is looked at; the next one is the start's first Wednesday (day 7 of the week).
    expect(nextReminderAt('checkIn', '18:00', ROME, new Date('2026-04-01T17:00:00Z'), start).toISOString()).toBe('2026-04-08T16:00:00.000Z');
    expect(nextReminderAt('planner', '08:30', ROME, new Date('2026-04-01T12:00:00Z'), start).toISOString()).toBe('2026-04-02T06:30:00.000Z');
  });
});

describe('the monthly check-in reminder of the maintenance phase', () => {
  // Day 57 of a start on 23 March 2026 is Monday 18 May; month 2 begins on 15 June.
  const at = (iso: string, data = tracker(ROME)) => kinds({ prefs: prefs(), tracker: data, challengeStartDate: START, timeZone: ROME, now: new Date(iso) });

  it('comes on the first day of each maintenance month at the check-in time, unless that month’s check-in is sent; no other reminder', () => {
    expect(at('2026-05-18T16:00:00Z')).toEqual(['checkIn 2026-05-18: Un nuovo mese di mantenimento: com’è andata con le tue abitudini? ✍️']);
    expect(dueReminders({ prefs: prefs(), tracker: tracker(ROME), challengeStartDate: START, timeZone: ROME, now: new Date('2026-05-18T16:00:00Z') })[0]).toMatchObject({ title: 'Check-in del mese', url: '/checkin' });
    // The habits reminder and the weekly ones stop with the eight weeks.
    const checkInOff = prefs({ checkIn: { enabled: false, time: '18:00' } });
    expect(kinds({ prefs: checkInOff, tracker: tracker(ROME), challengeStartDate: START, timeZone: ROME, now: new Date('2026-05-18T18:30:00Z') })).toEqual([]);
    expect(kinds({ prefs: checkInOff, tracker: tracker(ROME), challengeStartDate: START, timeZone: ROME, now: new Date('2026-05-17T18:30:00Z') })).toHaveLength(1);
    expect(at('2026-05-24T16:00:00Z')).toEqual([]);
    expect(at('2026-05-19T16:00:00Z')).toEqual([]);
    const sent = tracker(ROME, { checkIns: [{ id: 'm1', mood: 4, reflection: 'ok', date: '2026-05-18', weekNumber: 9, submittedAt: '2026-05-18T10:00:00Z' }] });
    expect(at('2026-05-18T16:00:00Z', sent)).toEqual([]);
    expect(at('2026-06-15T16:00:00Z', sent)).toEqual(['checkIn 2026-06-15: Un nuovo mese di mantenimento: com’è andata con le tue abitudini? ✍️']);
    expect(kinds({ prefs: prefs({ checkIn: { enabled: false, time: '18:00' } }), tracker: tracker(ROME), challengeStartDate: START, timeZone: ROME, now: new Date('2026-05-18T16:00:00Z') })).toEqual([]);
  });

  it('is scheduled from the last weekly one to each month’s first day, on the wall clock across the DST changes', () => {
    // Day 56, Sunday 17 May, after its weekly reminder: next, day 57.
    expect(nextReminderAt('checkIn', '18:00', ROME, new Date('2026-05-17T16:30:00Z'), START).toISOString()).toBe('2026-05-18T16:00:00.000Z');
    expect(nextReminderAt('checkIn', '18:00', ROME, new Date('2026-05-18T16:30:00Z'), START).toISOString()).toBe('2026-06-15T16:00:00.000Z');
    // Started 5 January 2026: month 2 begins on 30 March, the day after Rome's change to summer time.
    expect(nextReminderAt('checkIn', '18:00', ROME, new Date('2026-03-02T18:00:00Z'), '2026-01-05').toISOString()).toBe('2026-03-30T16:00:00.000Z');
    // Started 2 August 2026: month 2 begins on 25 October, the night Rome goes back to winter time.
    expect(nextReminderAt('checkIn', '18:00', ROME, new Date('2026-09-27T17:00:00Z'), '2026-08-02').toISOString()).toBe('2026-10-25T17:00:00.000Z');
    // New York, started 9 August 2026: month 2 begins on 1 November, when New York goes back.
    expect(nextReminderAt('checkIn', '18:00', NEW_YORK, new Date('2026-10-04T23:00:00Z'), '2026-08-09').toISOString()).toBe('2026-11-01T23:00:00.000Z');
  });

  it('ends with the last maintenance month; the other kinds end with the eight weeks', () => {
    expect(remindersOver('habits', START, '2026-05-17')).toBe(false);
    expect(remindersOver('habits', START, '2026-05-18')).toBe(true);
    expect(remindersOver('planner', START, '2026-05-18')).toBe(true);
    expect(remindersOver('checkIn', START, '2026-05-18')).toBe(false);
    // Thirteen months of 28 days from 18 May 2026: the last ends on 16 May 2027.
    expect(remindersOver('checkIn', START, '2027-05-16')).toBe(false);
    expect(remindersOver('checkIn', START, '2027-05-17')).toBe(true);
    // Past the last month nothing is found, and the search still ends.
    expect(nextReminderAt('checkIn', '18:00', ROME, new Date('2027-05-17T10:00:00Z'), START).getTime()).toBeGreaterThan(new Date('2028-01-01').getTime());
  });
});
