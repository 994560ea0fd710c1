import { describe, expect, test } from 'vitest';
import { addDays, todayIn } from './dates';
import { maintenanceMonthEnd } from './maintenance';
import {
  ACCOUNT_RETENTION_MONTHS,
  RETENTION_NOTICE_MONTHS,
  accountDeletableFrom,
  accountRetention,
  addMonths,
  programmeLastDay,
  retentionCountsFrom,
  retentionNoticeFrom,
  retentionNoticePush,
  retentionReached,
} from './retention';
import * as voiceNotes from './voice-notes';
import * as retention from './retention';

describe('calendar months', () => {
  test('move the day by whole months, across years, either way', () => {
    expect(addMonths('2026-05-10', 12)).toBe('2027-05-10');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2027-01-15', -1)).toBe('2026-12-15');
    expect(addMonths('2027-03-10', -15)).toBe('2025-12-10');
  });

  test('end on the last day of a shorter month', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
  });
});

describe('an account lapses', () => {
  test('the day after ACCOUNT_RETENTION_MONTHS from the last day of its programme', () => {
    expect(ACCOUNT_RETENTION_MONTHS).toBe(12);
    expect(accountDeletableFrom('2026-05-10')).toBe('2027-05-11');
    expect(accountDeletableFrom('2026-02-28')).toBe('2027-03-01');
  });

  test('with RETENTION_NOTICE_MONTHS of notice', () => {
    expect(RETENTION_NOTICE_MONTHS).toBe(1);
    expect(retentionNoticeFrom('2027-05-11')).toBe('2027-04-11');
    expect(retentionNoticeFrom('2027-03-31')).toBe('2027-02-28');
  });

  test('counted from the programme of the season they are in, which a new season moves', () => {
    const first = '2025-01-06';
    expect(programmeLastDay(first)).toBe(maintenanceMonthEnd(first, 13));
    expect(retentionCountsFrom({ challengeStartDate: first, previousSeasonStart: null, registeredOn: '2025-01-02' })).toBe(programmeLastDay(first));
    // A new season without a start yet: the season before still counts.
    expect(retentionCountsFrom({ challengeStartDate: null, previousSeasonStart: first, registeredOn: '2025-01-02' })).toBe(programmeLastDay(first));
    const next = '2026-03-02';
    expect(retentionCountsFrom({ challengeStartDate: next, previousSeasonStart: first, registeredOn: '2025-01-02' })).toBe(programmeLastDay(next));
  });

  test('counted from registration when no programme ever began', () => {
    expect(retentionCountsFrom({ challengeStartDate: null, previousSeasonStart: null, registeredOn: '2025-01-02' })).toBe('2025-01-02');
    expect(accountDeletableFrom('2025-01-02')).toBe('2026-01-03');
  });

  test('on the participant’s calendar day, across the March clock change', () => {
    // Rome moves its clocks on Sunday 28 March 2027: at 23:30 UTC on the 28th it is already the 29th there.
    const deletableFrom = accountDeletableFrom('2026-03-28');
    expect(deletableFrom).toBe('2027-03-29');
    const lateEvening = new Date('2027-03-28T23:30:00Z');
    expect(retentionReached(deletableFrom, todayIn('Europe/Rome', lateEvening))).toBe(true);
    expect(retentionReached(deletableFrom, todayIn('America/New_York', lateEvening))).toBe(false);
    expect(retentionReached(deletableFrom, addDays(deletableFrom, -1))).toBe(false);
  });
});

describe('an account’s retention with its notice', () => {
  const start = '2025-01-06';
  const owner = { challengeStartDate: start, previousSeasonStart: null, registeredOn: '2025-01-02' };
  const due = accountDeletableFrom(programmeLastDay(start));

  test('owes the notice a month before its day until it is given', () => {
    expect(accountRetention(owner, null)).toEqual({ due, deletableFrom: due, noticeFrom: retentionNoticeFrom(due) });
  });

  test('given on time, keeps its day and owes nothing more', () => {
    expect(accountRetention(owner, { deletableFrom: due, givenOn: retentionNoticeFrom(due) })).toEqual({ due, deletableFrom: due, noticeFrom: null });
    // 31 March's notice is due on 28 February: a month after it is 28 March, before the day.
    expect(accountRetention({ ...owner, challengeStartDate: null, previousSeasonStart: null, registeredOn: '2026-03-30' }, { deletableFrom: '2027-03-31', givenOn: '2027-02-28' }).deletableFrom).toBe('2027-03-31');
  });

  test('given late, a full month after the notice', () => {
    expect(accountRetention(owner, { deletableFrom: due, givenOn: addDays(due, 40) })).toEqual({ due, deletableFrom: addMonths(addDays(due, 40), 1), noticeFrom: null });
    expect(accountRetention(owner, { deletableFrom: due, givenOn: addDays(retentionNoticeFrom(due), 1) }).deletableFrom).toBe(addDays(due, 1));
  });

  test('moved by a new season: the notice given for the old day counts no more', () => {
    const moved = accountRetention({ ...owner, challengeStartDate: '2026-03-02', previousSeasonStart: start }, { deletableFrom: due, givenOn: retentionNoticeFrom(due) });
    expect(moved.due).toBe(accountDeletableFrom(programmeLastDay('2026-03-02')));
    expect(moved.noticeFrom).toBe(retentionNoticeFrom(moved.due));
  });

  test('the notice says the day in Italian and leads to "Privacy e dati"', () => {
    expect(retentionNoticePush('2027-03-05')).toEqual({
      title: 'Il tuo account sarà eliminato il 5 marzo 2027',
      body: 'Per tenerlo, accedi e inizia una nuova stagione. Per conservare i tuoi dati, scaricali da “Privacy e dati” nel profilo.',
      url: '/profilo#privacy-e-dati',
      tag: 'eliminazione-account-2027-03-05',
    });
  });
});

test('voice notes read their figures from the one source', () => {
  expect(voiceNotes.VOICE_NOTE_RETENTION_DAYS).toBe(retention.VOICE_NOTE_RETENTION_DAYS);
  expect(voiceNotes.programmeLastDay).toBe(retention.programmeLastDay);
});
