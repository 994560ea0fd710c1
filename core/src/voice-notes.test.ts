import { describe, expect, test } from 'vitest';
import { replyRequestSchema, threadMessages } from './check-in-threads';
import { addDays, challengeLastDay } from './dates';
import { checkInSchema, emptyTracker } from './tracker';
import { submitCheckIn } from './tracker-actions';
import { VOICE_NOTE_LABEL, programmeLastDay, textOrVoiceNote, voiceNoteDeletableFrom, voiceNoteExpired } from './voice-notes';

describe('voice note retention', () => {
  const start = '2025-09-15';
  const owner = { challengeStartDate: start, previousSeasonStart: null };

  test('a programme ends with the last maintenance month: 8 weeks and 13 months of 28 days', () => {
    expect(challengeLastDay(start)).toBe('2025-11-09');
    expect(programmeLastDay(start)).toBe(addDays('2025-11-09', 13 * 28));
    expect(programmeLastDay(start)).toBe('2026-11-08');
  });

  test('notes are kept 90 days after the participant\'s programme ends, and go the day after', () => {
    const from = voiceNoteDeletableFrom(owner, '2025-09-18');
    expect(from).toBe(addDays('2026-11-08', 91));
    expect(voiceNoteExpired(from, addDays('2026-11-08', 90))).toBe(false);
    expect(voiceNoteExpired(from, addDays('2026-11-08', 91))).toBe(true);
    // The end of the eight weeks is not the end: the maintenance phase goes on.
    expect(voiceNoteExpired(from, addDays(challengeLastDay(start), 91))).toBe(false);
  });

  test('the participant\'s own start counts, not their cohort\'s: a late starter keeps a note recorded on day 4', () => {
    const from = voiceNoteDeletableFrom(owner, '2025-09-18');
    // A cohort begun on 2025-01-06 would have ended long before.
    expect(voiceNoteExpired(from, '2025-09-19')).toBe(false);
    expect(voiceNoteExpired(voiceNoteDeletableFrom({ challengeStartDate: '2025-01-06', previousSeasonStart: null }, '2025-02-01'), '2025-09-19')).toBe(false);
  });

  test('a note recorded after the programme is kept 90 days from its own day', () => {
    const late = addDays(programmeLastDay(start), 30);
    expect(voiceNoteDeletableFrom(owner, late)).toBe(addDays(late, 91));
  });

  test('a new season: its start counts; before one is chosen, the season before does', () => {
    const next = '2026-02-02';
    expect(voiceNoteDeletableFrom({ challengeStartDate: next, previousSeasonStart: start }, '2025-09-18')).toBe(addDays(programmeLastDay(next), 91));
    expect(voiceNoteDeletableFrom({ challengeStartDate: null, previousSeasonStart: start }, '2025-09-18')).toBe(addDays(programmeLastDay(start), 91));
  });

  test('without any start, a note is kept 90 days from the day it was recorded', () => {
    expect(voiceNoteDeletableFrom({ challengeStartDate: null, previousSeasonStart: null }, '2025-09-18')).toBe(addDays('2025-09-18', 91));
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
