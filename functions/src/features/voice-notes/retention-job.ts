import { addDays, compareIsoDates, HOME_TIME_ZONE, localDateOf, todayIn } from '@sfida/core/dates';
import { effectiveToday } from '@sfida/core/participant-calendar';
import { voiceNoteDeletableFrom, voiceNoteExpired } from '@sfida/core/voice-notes';
import type { Deps } from '../../deps';
import { batchedWrites } from '../../shared/firestore';
import {
  deleteVoiceNotes,
  retentionOwners,
  voiceNotesCollection,
  voiceNotesDueBy,
  type VoiceNoteDoc,
} from '../../shared/voice-note-repository';
import type { DocumentSnapshot } from 'firebase-admin/firestore';

// The voice notes' retention (once a day, with the reminders run of 03:00, see index.ts): a note
// goes 90 days after its own participant's programme ends (core's voiceNoteDeletableFrom), bytes
// and documents. Reads: the notes whose stored day has come, a page at a time, and their
// participants; each is worked out again from the participant as they are now, and one whose day
// has moved later is given that day instead of being deleted. Closed accounts take their notes
// with them at once (disableAccount), not here.

/** Notes looked at per run at most: a night's run stays short; what is left goes the next night. */
export const MAX_DELETED_PER_RUN = 2000;
/** Notes read per query, and participants read at once. */
const PAGE = 200;
/** Writes per batch: under Firestore's 500. */
const BATCH_WRITES = 400;

export interface RetentionReport {
  /** Notes whose stored day had come. */
  looked: number;
  deleted: number;
  /** Notes whose participant's programme now ends later: given their new day. */
  postponed: number;
}

type RetentionDeps = Pick<Deps, 'db' | 'blobStore'>;

export async function runVoiceNoteRetention(deps: RetentionDeps, now: Date, options: { maxPerRun?: number } = {}): Promise<RetentionReport> {
  const maxPerRun = options.maxPerRun ?? MAX_DELETED_PER_RUN;
  // Today anywhere is at most a day past Rome's: every note due in its participant's zone is in this range.
  const bound = addDays(todayIn(HOME_TIME_ZONE, now), 1);
  const report: RetentionReport = { looked: 0, deleted: 0, postponed: 0 };
  // Due in Rome's tomorrow but not yet in their participant's zone: left for the next night.
  const notYet = new Set<string>();
  while (report.looked < maxPerRun) {
    const page = await voiceNotesDueBy(deps.db, bound, Math.min(PAGE, maxPerRun - report.looked) + notYet.size);
    const fresh = page.filter((snap) => !notYet.has(snap.id));
    if (fresh.length === 0) break;
    report.looked += fresh.length;
    const owners = await retentionOwners(deps.db, [...new Set(fresh.map((snap) => (snap.data() as VoiceNoteDoc).participantUid))]);
    const expired: DocumentSnapshot[] = [];
    const writes = batchedWrites(deps.db, BATCH_WRITES);
    for (const snap of fresh) {
      const note = snap.data() as VoiceNoteDoc;
      const stored = note.deletableFrom!;
      const owner = owners.get(note.participantUid);
      // A note left without its account keeps the day it was given.
      const from = owner ? voiceNoteDeletableFrom(owner.owner, localDateOf(note.createdAt, owner.calendar.timeZone)) : stored;
      const today = owner ? effectiveToday(owner.calendar, now) : todayIn(HOME_TIME_ZONE, now);
      if (voiceNoteExpired(from, today)) expired.push(snap);
      else if (compareIsoDates(from, stored) > 0) {
        await writes.add((batch) => batch.update(snap.ref, { deletableFrom: from }));
        report.postponed++;
      } else notYet.add(snap.id);
    }
    await writes.flush();
    report.deleted += await deleteVoiceNotes(deps, expired);
  }
  return report;
}

/**
 * The migration for notes stored before their first deletable day was (`npm run migrate-cohorts`):
 * each gets it from its participant as they are now; a note without an account, from the day it
 * was recorded. Idempotent: notes that have one are left alone.
 */
export async function backfillVoiceNoteRetention(deps: Pick<Deps, 'db'>): Promise<{ notes: number; written: number }> {
  const all = await voiceNotesCollection(deps.db).get();
  const missing = all.docs.filter((snap) => typeof snap.get('deletableFrom') !== 'string');
  const writes = batchedWrites(deps.db, BATCH_WRITES);
  for (let i = 0; i < missing.length; i += PAGE) {
    const chunk = missing.slice(i, i + PAGE);
    const owners = await retentionOwners(deps.db, [...new Set(chunk.map((snap) => (snap.data() as VoiceNoteDoc).participantUid))]);
    for (const snap of chunk) {
      const note = snap.data() as VoiceNoteDoc;
      const owner = owners.get(note.participantUid);
      const recordedOn = localDateOf(note.createdAt, owner?.calendar.timeZone ?? HOME_TIME_ZONE);
      const from = voiceNoteDeletableFrom(owner?.owner ?? { challengeStartDate: null, previousSeasonStart: null }, recordedOn);
      await writes.add((batch) => batch.update(snap.ref, { deletableFrom: from }));
    }
  }
  await writes.flush();
  return { notes: all.size, written: missing.length };
}

/** The quarter-hour reminders run that also applies the retention: the one starting between 03:00 and 03:14 in Rome. */
export function isRetentionRun(now: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: HOME_TIME_ZONE, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(now);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value);
  return hour === 3 && minute < 15;
}
