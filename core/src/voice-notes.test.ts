import { describe, expect, test } from 'vitest';
import { addDays, challengeLastDay } from './dates';
import { latestExpiredCohortStart, voiceNotesExpired } from './voice-notes';

describe('voice note retention', () => {
  const start = '2025-09-15';
  const lastDay = challengeLastDay(start);

  test('notes are kept 90 days after the last day of the eight weeks, and go the day after', () => {
    expect(lastDay).toBe('2025-11-09');
    expect(voiceNotesExpired(start, lastDay)).toBe(false);
    expect(voiceNotesExpired(start, addDays(lastDay, 90))).toBe(false);
    expect(voiceNotesExpired(start, addDays(lastDay, 91))).toBe(true);
  });

  test('the job\'s bound matches the rule', () => {
    const today = addDays(lastDay, 91);
    expect(latestExpiredCohortStart(today)).toBe(start);
    expect(voiceNotesExpired(latestExpiredCohortStart(today), today)).toBe(true);
    expect(voiceNotesExpired(addDays(latestExpiredCohortStart(today), 1), today)).toBe(false);
  });
});
