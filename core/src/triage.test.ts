import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { addDays } from './dates';
import { emptyTracker, trackerDataSchema, type TrackerData } from './tracker';
import { rosterDigest } from './roster-digest';
import { MAX_NOTE, noteTexts } from './participant-notes';
import { visibleTextMessages } from './visible-text';
import { contacted, contactedRequestSchema, groupRankOf, keyedReasonsOf, nextReasonChange, noHandling, snoozed, triageGroups, triageViewOf } from './triage';

const ZONE = 'Europe/Rome';
/** Monday 23 March 2026; the clocks go forward in Rome on Sunday the 29th. */
const START = '2026-03-23';

function tracker(parts: Partial<TrackerData> = {}): TrackerData {
  return trackerDataSchema.parse({ ...emptyTracker(ZONE, new Date('2026-03-20T10:00:00Z'), START), ...parts });
}

/** The reasons' input for a participant who started with the cohort, as of `today`. */
function input(today: string, data: TrackerData | null = tracker(), start: string | null = START) {
  return { digest: data && rosterDigest(data, today), challengeStartDate: start, cohortStartDate: START, registeredAt: '2026-03-10', today };
}

const checkIn = (weekNumber: number, mood: number) => {
  const date = addDays(START, (weekNumber - 1) * 7 + 4);
  return { id: `c${weekNumber}`, mood, reflection: 'Settimana', date, weekNumber, submittedAt: `${date}T18:00:00.000Z` };
};

describe('the triage’s groups', () => {
  it('put every attention reason in exactly one group, the mood first', () => {
    const codes = triageGroups.flatMap((group) => group.codes);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(7);
    expect(groupRankOf('lowMood')).toBe(0);
    expect(groupRankOf('noActivity')).toBeLessThan(groupRankOf('missingCheckIn'));
    expect(groupRankOf('notStarted')).toBe(triageGroups.length - 1);
  });
});

describe('keyedReasonsOf', () => {
  it('names each reason’s occurrence: a new week’s is a new reason, the same gap the same', () => {
    expect(keyedReasonsOf(input('2026-03-26')).map((r) => r.key)).toEqual(['noPlanner:w1', 'noActivity:sempre']);
    expect(keyedReasonsOf(input('2026-04-01')).map((r) => r.key)).toEqual(['missingCheckIn:w1', 'noPlanner:w2', 'noActivity:sempre']);
    const low = tracker({ checkIns: [checkIn(1, 4), checkIn(2, 1)], savedPlannerWeeks: [1, 2] });
    expect(keyedReasonsOf(input('2026-04-03', low)).map((r) => r.key)).toContain('lowMood:w2');
  });
});

describe('triageViewOf', () => {
  const reasons = keyedReasonsOf(input('2026-04-01'));

  it('shows everything at first, ranked by the most urgent group', () => {
    const view = triageViewOf(reasons, noHandling, '2026-04-01');
    expect(view.open).toEqual(reasons);
    expect(view.rank).toBe(groupRankOf('noActivity'));
  });

  it('after "Contattato" shows nothing until a reason that was not there arises', () => {
    const handling = contacted(reasons, noHandling);
    expect(triageViewOf(reasons, handling, '2026-04-01')).toMatchObject({ open: [], rank: null });
    // The next Monday: week 2's check-in missing and week 3's planner are new; the rest was handled.
    const later = keyedReasonsOf(input('2026-04-08'));
    const view = triageViewOf(later, handling, '2026-04-08');
    expect(view.open.map((r) => r.key)).toEqual(['missingCheckIn:w2', 'noPlanner:w3']);
    // Handled keys that no longer hold are forgotten.
    expect(view.handling.handled).toEqual(['noActivity:sempre']);
  });

  it('after "Rimanda a…" hides today’s reasons until the day, not a new one', () => {
    const handling = snoozed(reasons, noHandling, '2026-04-03');
    expect(triageViewOf(reasons, handling, '2026-04-02')).toMatchObject({ open: [], rank: null });
    const withLowMood = [{ code: 'lowMood' as const, key: 'lowMood:w1' }, ...reasons];
    expect(triageViewOf(withLowMood, handling, '2026-04-02').open.map((r) => r.key)).toEqual(['lowMood:w1']);
    const over = triageViewOf(reasons, handling, '2026-04-03');
    expect(over.open).toEqual(reasons);
    expect(over.handling).toEqual(noHandling);
  });
});

describe('nextReasonChange', () => {
  it('finds the first later day whose reasons differ, from the digest alone', () => {
    // Started on the 23rd, nothing done: the planner is flagged from the 25th, the inactivity from the 26th.
    expect(nextReasonChange(input('2026-03-23'))).toBe('2026-03-25');
    expect(nextReasonChange(input('2026-03-25'))).toBe('2026-03-26');
    // The 26th to the 29th (the DST Sunday) read the same; the next Monday brings week 1's missing check-in.
    expect(nextReasonChange(input('2026-03-26'))).toBe('2026-03-30');
  });

  it('is null when nothing will change within the look-ahead (a withdrawn state, a challenge long over)', () => {
    expect(nextReasonChange({ ...input('2026-03-26', null, null), cohortStartDate: '2026-01-05', registeredAt: '2026-01-01' })).toBeNull();
  });
});

describe('contactedRequestSchema', () => {
  const noteOf = (note: string) => z.safeParse(contactedRequestSchema, { note });
  const messageOf = (note: string) => noteOf(note).error?.issues[0]?.message;

  it('follows the text rules of every note a coach writes', () => {
    expect(messageOf('Chiamato \u202Eatoveb')).toBe(visibleTextMessages.bidi);
    expect(messageOf('Chiamato\u0000')).toBe(visibleTextMessages.control);
    expect(messageOf('Chiamato\u0007')).toBe(visibleTextMessages.control);
    expect(messageOf('\u200B\u200C\u2060')).toBe(visibleTextMessages.invisible);
    expect(messageOf('x\uD800y')).toBe(visibleTextMessages.malformed);
    expect(messageOf('x'.repeat(MAX_NOTE + 1))).toBe(noteTexts.textTooLong);
  });

  it('keeps a note as the participant notes keep it: trimmed, composed, on several lines', () => {
    expect(noteOf('  Chiamato: riparte lunedi\u0300\nha avuto la febbre ').data).toEqual({ note: 'Chiamato: riparte lunedì\nha avuto la febbre' });
    expect(z.safeParse(contactedRequestSchema, {}).data).toEqual({});
  });
});
