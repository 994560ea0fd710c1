import { describe, expect, test } from 'vitest';
import { replyRequestSchema, threadMessages } from './check-in-threads';
import { addDays, challengeLastDay } from './dates';
import { checkInSchema, emptyTracker } from './tracker';
import { submitCheckIn } from './tracker-actions';
import { VOICE_NOTE_LABEL, latestExpiredCohortStart, textOrVoiceNote, voiceNotesExpired } from './voice-notes';

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

describe('a voice note in a reply and a check-in', () => {
  const id = 'ab'.repeat(16);

  test('a reply is a text, a voice note, or both; neither is refused with the reply\'s message', () => {
    expect(replyRequestSchema.safeParse({ text: ' Ciao ' }).data).toEqual({ text: 'Ciao' });
    expect(replyRequestSchema.safeParse({ text: '', voiceNoteId: id }).data).toEqual({ text: '', voiceNoteId: id });
    expect(replyRequestSchema.safeParse({ text: 'Ascolta', voiceNoteId: id }).success).toBe(true);
    const empty = replyRequestSchema.safeParse({ text: '   ' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(threadMessages.replyRequired);
    expect(replyRequestSchema.safeParse({ text: '', voiceNoteId: 'non-un-id' }).success).toBe(false);
  });

  test('a check-in keeps the id of its voice note; a text note of an older version stays valid', () => {
    const now = new Date('2025-09-18T08:00:00Z');
    const result = submitCheckIn(emptyTracker('Europe/Rome', now, '2025-09-15'), { mood: 3, reflection: 'Bene', voiceNoteId: id }, now, 'c1');
    expect(result.ok && result.data.checkIns[0]?.voiceNoteId).toBe(id);
    const checkIn = { id: 'c1', mood: 3, reflection: 'Bene', audioNote: 'scritta', date: '2025-09-18', weekNumber: 1, submittedAt: now.toISOString() };
    expect(checkInSchema.safeParse(checkIn).success).toBe(true);
    expect(checkInSchema.safeParse({ ...checkIn, voiceNoteId: 'x' }).success).toBe(false);
  });
});

describe('a voice note without text', () => {
  test('is called "Nota vocale" in previews, quotes and pushes; a text is itself', () => {
    expect(textOrVoiceNote('')).toBe(VOICE_NOTE_LABEL);
    expect(textOrVoiceNote('  ')).toBe('Nota vocale');
    expect(textOrVoiceNote('Ciao')).toBe('Ciao');
  });
});
