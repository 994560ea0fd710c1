import { describe, expect, it } from 'vitest';
import { audienceRequestSchema, inSegment, placeholderWeek, sendMessageRequestSchema } from './cohort-messages';
import { addDays } from './dates';
import { MAX_CHECK_IN_PERIOD } from './maintenance';
import { emptyTracker, type TrackerData } from './tracker';

const START = '2026-03-23';
const tracker = (change: Partial<TrackerData> = {}): TrackerData => ({ ...emptyTracker('Europe/Rome', new Date('2026-03-23T08:00:00Z'), START), ...change });

describe('segments', () => {
  it('"all" is everyone; the others hold only while the eight weeks run', () => {
    expect(inSegment('all', { tracker: null, challengeStartDate: null, today: '2026-03-25' })).toBe(true);
    for (const segment of ['noHabitsYesterday', 'noCheckIn', 'noPlanner'] as const) {
      // Before the start, and two days after day 56 (the 17th of May: yesterday is then no challenge day either).
      expect(inSegment(segment, { tracker: null, challengeStartDate: START, today: '2026-03-22' }), segment).toBe(false);
      expect(inSegment(segment, { tracker: null, challengeStartDate: START, today: '2026-05-19' }), segment).toBe(false);
      expect(inSegment(segment, { tracker: null, challengeStartDate: START, today: '2026-03-24' }), segment).toBe(true);
    }
    // The first day has no challenge yesterday; the day after the last one still asks about it.
    expect(inSegment('noHabitsYesterday', { tracker: null, challengeStartDate: START, today: START })).toBe(false);
    expect(inSegment('noHabitsYesterday', { tracker: null, challengeStartDate: START, today: '2026-05-18' })).toBe(true);
    expect(inSegment('noCheckIn', { tracker: null, challengeStartDate: START, today: '2026-05-18' })).toBe(false);
  });

  it('yesterday is the day before the participant\'s today, whatever habit was ticked', () => {
    const ticked = tracker({ completions: { h1: { '2026-03-28': 'onTime' } } });
    expect(inSegment('noHabitsYesterday', { tracker: ticked, challengeStartDate: START, today: '2026-03-29' })).toBe(false);
    expect(inSegment('noHabitsYesterday', { tracker: ticked, challengeStartDate: START, today: '2026-03-30' })).toBe(true);
  });

  it('the check-in and the planner of the current week', () => {
    const week1 = tracker({
      savedPlannerWeeks: [1],
      checkIns: [{ id: 'c1', mood: 3, reflection: 'ok', date: '2026-03-25', weekNumber: 1, submittedAt: '2026-03-25T10:00:00Z' }],
    });
    expect(inSegment('noCheckIn', { tracker: week1, challengeStartDate: START, today: '2026-03-29' })).toBe(false);
    expect(inSegment('noPlanner', { tracker: week1, challengeStartDate: START, today: '2026-03-29' })).toBe(false);
    expect(inSegment('noCheckIn', { tracker: week1, challengeStartDate: START, today: '2026-03-30' })).toBe(true);
    expect(inSegment('noPlanner', { tracker: week1, challengeStartDate: START, today: '2026-03-30' })).toBe(true);
  });

  it('{settimana} is the current week, 1 before the start; after day 56 the maintenance month\'s period', () => {
    expect(placeholderWeek(null, '2026-03-25')).toBe(1);
    expect(placeholderWeek(START, '2026-03-30')).toBe(2);
    // Day 56, then day 57: the first maintenance month (period 9); day 100 is in the second.
    expect(placeholderWeek(START, addDays(START, 55))).toBe(8);
    expect(placeholderWeek(START, addDays(START, 56))).toBe(9);
    expect(placeholderWeek(START, addDays(START, 99))).toBe(10);
    // Past the last month a check-in has: the last period.
    expect(placeholderWeek(START, addDays(START, 1000))).toBe(MAX_CHECK_IN_PERIOD);
  });
});

describe('requests', () => {
  it('a picked audience names someone; a send has a well-formed request id and text', () => {
    expect(audienceRequestSchema.safeParse({ segment: 'picked' }).success).toBe(false);
    expect(audienceRequestSchema.safeParse({ segment: 'picked', userIds: ['u1'] }).success).toBe(true);
    expect(sendMessageRequestSchema.safeParse({ segment: 'all', requestId: 'short', text: 'Ciao' }).success).toBe(false);
    expect(sendMessageRequestSchema.safeParse({ segment: 'all', requestId: 'a1b2c3d4-e5f6', text: 'x'.repeat(1001) }).success).toBe(false);
    expect(sendMessageRequestSchema.safeParse({ segment: 'all', requestId: 'a1b2c3d4-e5f6', text: 'Ciao {nome}' }).success).toBe(true);
  });
});
