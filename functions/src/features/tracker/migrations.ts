import { todayIn } from '@sfida/core/dates';
import { rosterDigest, type RosterDigest } from '@sfida/core/roster-digest';
import type { Deps } from '../../deps';
import { batchedWrites, isFailedPrecondition } from '../../shared/firestore';
import type { Firestore } from 'firebase-admin/firestore';
import { seasonOf } from '@sfida/core/tracker';
import { splitTracker } from '@sfida/core/tracker-parts';
import { headFields, partDoc, partRef, storedHeadsOf, storedTrackerFrom, trackerRef, weeklyScoreRef, type LeaderboardSummaryDoc, type StoredTracker } from '../../shared/tracker-repository';
import { usersCollection } from '../../shared/user-repository';
import { followUserWrite } from '../../shared/roster-row-repository';
import { allSummaries } from './repository';
import { weeklyScoresOf } from './service';

// The tracker's migrations (`npm run migrate-cohorts`): what a sync writes, written for the
// participants who have not synced since it was first written. Each is idempotent.

/** Writes per batch in the backfill: under Firestore's 500. */
const BACKFILL_BATCH_WRITES = 400;

/**
 * The weekly-scores migration (`npm run migrate-cohorts`): every summary gets `ranked` and, when
 * ranked, its weekly scores, in batches of at most BACKFILL_BATCH_WRITES writes. Idempotent; a
 * summary whose member has since synced is rewritten with the same values.
 */
export async function backfillWeeklyScores(deps: Pick<Deps, 'db'>): Promise<{ summaries: number; scores: number }> {
  const { db } = deps;
  const [summaries, users] = await Promise.all([
    allSummaries(db),
    usersCollection(db).select('cohortId', 'role', 'onboardingCompletato', 'withdrawnAt', 'disabled').get(),
  ]);
  const members = new Map(users.docs.map((doc) => [doc.id, doc]));
  const writes = batchedWrites(db, BACKFILL_BATCH_WRITES);
  let scores = 0;
  for (const doc of summaries.docs) {
    const summary = doc.data() as LeaderboardSummaryDoc;
    const member = members.get(doc.id);
    // As the leaderboard reads it: a PARTICIPANT onboarded, not withdrawn or disabled, whose summary names their cohort.
    const ranked =
      member !== undefined &&
      member.get('role') !== 'OWNER' &&
      member.get('onboardingCompletato') === true &&
      member.get('withdrawnAt') === undefined &&
      member.get('disabled') !== true &&
      member.get('cohortId') === summary.cohortId;
    await writes.add((batch) => batch.update(doc.ref, { ranked }));
    for (const score of weeklyScoresOf(doc.id, { ...summary, ranked }).values()) {
      await writes.add((batch) => batch.set(weeklyScoreRef(db, score.weekStart, doc.id), score));
      scores++;
    }
  }
  await writes.flush();
  return { summaries: summaries.size, scores };
}

/** Participants whose trackers are read at once by the roster digests' backfill. */
const DIGEST_CHUNK = 100;

/**
 * The roster digests' migration: every participant without one gets their tracker's (null before a
 * first sync), as of their day now. Only where none is stored; each written on condition that the
 * participant's document is unchanged since it was read, so a sync that landed meanwhile (with a
 * newer digest) is never overwritten. Such a participant is left for a later run if still without.
 */
export async function backfillRosterDigests(deps: Pick<Deps, 'db' | 'clock'>): Promise<{ participants: number; written: number }> {
  const { db } = deps;
  const users = await usersCollection(db).where('role', '==', 'PARTICIPANT').select('rosterDigest').get();
  const missing = users.docs.filter((doc) => doc.get('rosterDigest') === undefined);
  let written = 0;
  for (let i = 0; i < missing.length; i += DIGEST_CHUNK) {
    const chunk = missing.slice(i, i + DIGEST_CHUNK);
    const trackers = await storedHeadsOf(db, chunk.map((doc) => doc.id));
    const now = deps.clock();
    const results = await Promise.all(
      chunk.map(async (doc) => {
        const digest = digestOrSkip(trackers.get(doc.id) ?? null, now);
        if (digest === undefined) return false;
        try {
          const fields = { rosterDigest: digest && JSON.stringify(digest) };
          const batch = db.batch();
          batch.update(doc.ref, fields, { lastUpdateTime: doc.updateTime });
          followUserWrite(db, batch, doc.id, fields);
          await batch.commit();
          return true;
        } catch (error) {
          if (isFailedPrecondition(error)) return false;
          throw error;
        }
      }),
    );
    written += results.filter(Boolean).length;
  }
  return { participants: missing.length, written };
}

/** The digest to store for a tracker; undefined for one that cannot be summarised (the roster keeps reading it). */
function digestOrSkip(stored: Pick<StoredTracker, 'tracker' | 'closed'> | null, now: Date): RosterDigest | null | undefined {
  if (!stored) return null;
  const { tracker, closed } = stored;
  try {
    // A split tracker's head, with its closed months as its streaks see them (docs/decisions/054).
    return rosterDigest(tracker, todayIn(tracker.timeZone, now), closed ?? undefined);
  } catch {
    return undefined;
  }
}

/** Stored trackers read at once by the split's migration. */
const SPLIT_CHUNK = 50;

/**
 * The split store's migration (`npm run split-trackers`, docs/decisions/054): every tracker stored
 * whole (no `closed` field: a copy from before the split) is stored as its head and the parts of its
 * closed maintenance months, as of its day `now`, at the same revision (the same tracker, so a
 * browser's If-Match still names it). One batch per tracker, on condition that the copy is unchanged
 * since it was read: a sync that landed meanwhile stored its own split, and that one is left alone.
 * Idempotent: a copy already split is skipped. `uids`: only those participants' copies.
 */
export async function splitTrackers(db: Firestore, now: Date, options: { uids?: string[] } = {}): Promise<{ split: number; skipped: number }> {
  const uids = options.uids ?? (await db.collection('progress').select().get()).docs.map((doc) => doc.id);
  let split = 0;
  let skipped = 0;
  for (let i = 0; i < uids.length; i += SPLIT_CHUNK) {
    const snaps = await db.getAll(...uids.slice(i, i + SPLIT_CHUNK).map((uid) => trackerRef(db, uid)));
    for (const snap of snaps) {
      const stored = snap.exists && snap.get('closed') === undefined ? storedTrackerFrom(snap) : null;
      if (!stored) {
        skipped++;
        continue;
      }
      const { tracker } = stored;
      const { head, closed, parts } = splitTracker(tracker, todayIn(tracker.timeZone, now));
      const batch = db.batch();
      const season = seasonOf(tracker);
      for (const part of parts) batch.set(partRef(db, snap.id, season, part.month), partDoc(snap.id, season, part));
      batch.update(snap.ref, headFields(head, closed), { lastUpdateTime: snap.updateTime! });
      try {
        await batch.commit();
        split++;
      } catch (error) {
        // Changed since it was read: a sync stored it split.
        if (!isFailedPrecondition(error)) throw error;
        skipped++;
      }
    }
  }
  return { split, skipped };
}
