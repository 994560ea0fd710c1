import { describe, expect, test } from 'vitest';
import { addDays, challengeLastDay } from './dates';
import { formatVoiceDuration, latestExpiredCohortStart, spokenVoiceDuration, voiceNotesExpired } from './voice-notes';

describe('voice note durations', () => {
  test('read as minutes and seconds', () => {
    expect(formatVoiceDuration(0)).toBe('0:00');
    expect(formatVoiceDuration(4_400)).toBe('0:04');
    expect(formatVoiceDuration(4_600)).toBe('0:05');
    expect(formatVoiceDuration(65_000)).toBe('1:05');
    expect(formatVoiceDuration(120_000)).toBe('2:00');
  });

  test('and in words for screen readers', () => {
    expect(spokenVoiceDuration(1_000)).toBe('1 secondo');
    expect(spokenVoiceDuration(42_000)).toBe('42 secondi');
    expect(spokenVoiceDuration(60_000)).toBe('1 minuto');
    expect(spokenVoiceDuration(125_000)).toBe('2 minuti e 5 secondi');
  });
});

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
