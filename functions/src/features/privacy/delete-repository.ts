import { createHmac, randomBytes } from 'node:crypto';
import { FieldPath, FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { conversationTexts, excerptOf } from '@sfida/core/conversation-texts';
import type { Deps } from '../../deps';
import { sha256Hex } from '../../shared/crypto';
import { conversationRef } from '../../shared/conversation-repository';
import { answerMarkerRef, handlingMarkerRef, threadsCollection } from '../../shared/check-in-thread-repository';
import { cohortMessagesCollection, joinRecipients, recipientIdsOf } from '../../shared/cohort-message-repository';
import { cohortsCollection } from '../../shared/cohort-repository';
import { retireDisabledAccount } from '../../shared/disabled-account';
import { inboxCollection } from '../../shared/inbox-repository';
import { memberIndexRef, raiseMembersVersion } from '../../shared/member-index-repository';
import { messagePushKey } from '../../shared/message-copies';
import { accountLookups, PERSONAL_DATA, type AccountScope, type PersonalDataCollection } from '../../shared/personal-data';
import { reminderPushKey } from '../../shared/push-fan-out';
import { followUserWrite, rosterRowRef } from '../../shared/roster-row-repository';
import { subscriptionsCollection } from '../../shared/push-notifier';
import { userRef, usersCollection } from '../../shared/user-repository';
import { emailHashOf, packageGrantsCollection } from '../../shared/package-repository';
import { deleteVoiceNotesOfAccount } from '../../shared/voice-note-repository';
import { dropContribution } from '../../shared/week-stats-repository';

// The deletion's own two collections:
// `accountDeletions/{uid}`: a deletion begun and not yet finished. It holds nothing but when it was
// asked for and the day the ledger will say; the quarter-hourly job finishes what a request could
// not, and the last step deletes it.
// `deletionLedger/{HMAC(uid)}`: what is kept of a deleted account, the keyed hash of its uid and the
// day it was deleted, so that a restored backup can be cleaned again (scripts/reapply-deletions.ts).

type DeletionDeps = Pick<Deps, 'db' | 'blobStore' | 'auth' | 'clock'>;

/** Writes at most this many documents per batch (Firestore's limit is 500). */
const BATCH = 400;
/** The id a pseudonymous thread kept for the coaches takes, so it can never be a uid. */
const DELETED_PREFIX = 'eliminato-';

function pendingRef(db: Firestore, uid: string) {
  return db.collection('accountDeletions').doc(uid);
}

function ledgerCollection(db: Firestore) {
  return db.collection('deletionLedger');
}

/** The ledger's name for `uid`: a keyed hash, so the ledger alone says nothing about who was deleted. */
export function ledgerIdOf(key: Buffer, uid: string): string {
  return createHmac('sha256', key).update(uid).digest('hex');
}

/** Notes a deletion as begun, with the day the ledger will say: a failure after this point is finished by the job. */
export async function markDeletionPending(db: Firestore, uid: string, now: Date, day: string): Promise<void> {
  await pendingRef(db, uid).set({ requestedAt: Timestamp.fromDate(now), day });
}

/** The deletions begun and not finished (a few at most: each is one account), oldest first. */
export async function pendingDeletions(db: Firestore, limit: number): Promise<Array<{ uid: string; day: string | null }>> {
  const snap = await db.collection('accountDeletions').orderBy('requestedAt').limit(limit).get();
  return snap.docs.map((doc) => ({ uid: doc.id, day: typeof doc.get('day') === 'string' ? (doc.get('day') as string) : null }));
}

/**
 * Writes the ledger's entry and ends the pending deletion: the very last step, once nothing else is
 * left. An entry already there (a restore's re-application) keeps its first day.
 */
export async function recordDeletion(db: Firestore, key: Buffer, uid: string, day: string): Promise<void> {
  const entry = ledgerCollection(db).doc(ledgerIdOf(key, uid));
  await db.runTransaction(async (tx) => {
    const existing = await tx.get(entry);
    if (!existing.exists) tx.set(entry, { deletedOn: day });
    tx.delete(pendingRef(db, uid));
  });
}

/** Every ledger entry's id (a restore's re-application compares them with the restored users). */
export async function ledgerIds(db: Firestore): Promise<Set<string>> {
  return new Set((await ledgerCollection(db).select().get()).docs.map((doc) => doc.id));
}

/** The ids of every user document (the re-application's candidates; the users collection is deleted last, so it names every account a restore brought back). */
export async function allUserIds(db: Firestore): Promise<string[]> {
  return (await db.collection('users').select().get()).docs.map((doc) => doc.id);
}

/**
 * The immediate part: the user document says `disabled` (every session check reads it, so every
 * cookie answers 401 at once on every instance) and the account leaves what a disabled one leaves, the sessions go, the devices stop receiving
 * pushes (with the claims that name their endpoints) and the calendar feed stops answering.
 */
export async function cutOffAccount(db: Firestore, uid: string): Promise<void> {
  // As a disabled account: out of its cohort's active participants, the leaderboard and its team at once too.
  if ((await userRef(db, uid).get()).exists) await retireDisabledAccount(db, uid);
  const [subscriptions, inbox, reminders] = await Promise.all([
    subscriptionsCollection(db).where('uid', '==', uid).get(),
    inboxCollection(db).where('userId', '==', uid).select('messageId').get(),
    db.collection('reminderDeliveries').where('uid', '==', uid).select().get(),
  ]);
  // A delivery claim is named by its push's key and the device's endpoint: computable only while the subscriptions exist.
  const keys = [
    ...inbox.docs.map((doc) => messagePushKey(String(doc.get('messageId')), uid)),
    ...reminders.docs.map((doc) => reminderPushKey(doc.id)),
  ];
  const endpoints = subscriptions.docs.map((doc) => String(doc.get('endpoint')));
  const claims = keys.flatMap((key) => endpoints.map((endpoint) => db.collection('pushDeliveries').doc(sha256Hex(`${key}\n${endpoint}`))));
  const sessions = await db.collection('sessions').where('uid', '==', uid).select().get();
  await deleteRefs(db, [
    ...claims,
    ...subscriptions.docs.map((doc) => doc.ref),
    ...sessions.docs.map((doc) => doc.ref),
    db.collection('calendarFeeds').doc(uid),
  ]);
}

async function deleteRefs(db: Firestore, refs: DocumentReference[]): Promise<void> {
  const unique = [...new Map(refs.map((ref) => [ref.path, ref])).values()];
  for (let i = 0; i < unique.length; i += BATCH) {
    const batch = db.batch();
    for (const ref of unique.slice(i, i + BATCH)) batch.delete(ref);
    await batch.commit();
  }
}

/** The account's documents in `entry`'s collection, each once. */
async function documentsOf(db: Firestore, entry: PersonalDataCollection, scope: AccountScope): Promise<DocumentSnapshot[]> {
  const { refs, queries } = accountLookups(db, entry, scope);
  const [byRef, byQuery] = await Promise.all([refs.length > 0 ? db.getAll(...refs) : [], Promise.all(queries.map((query) => query.get()))]);
  const found = new Map<string, DocumentSnapshot>();
  for (const snap of [...byRef, ...byQuery.flatMap((result) => result.docs)]) if (snap.exists) found.set(snap.ref.path, snap);
  return [...found.values()];
}

/** The cohorts an account is or was in, or coaches: where its cohort subcollections and cohort messages are. */
export async function scopeOf(db: Firestore, uid: string): Promise<AccountScope> {
  const [user, seasons, invitations, coached] = await Promise.all([
    userRef(db, uid).get(),
    userRef(db, uid).collection('seasons').get(),
    db.collection('seasonInvitations').where('userId', '==', uid).get(),
    cohortsCollection(db).where('coachIds', 'array-contains', uid).select().get(),
  ]);
  const ids = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value !== '') ids.add(value);
  };
  add(user.get('cohortId'));
  for (const doc of seasons.docs) add(doc.get('cohortId'));
  for (const doc of invitations.docs) add(doc.get('targetCohortId'));
  for (const doc of coached.docs) add(doc.id);
  return { uid, cohortIds: [...ids] };
}

/** What one collection's rewrite does, for the collections whose documents are not simply deleted. */
type Rewrite = (deps: DeletionDeps, scope: AccountScope, found: DocumentSnapshot[]) => Promise<void>;

/**
 * The collections a deletion rewrites instead of deleting (the registry's `redact` and
 * `remove-id`), and a few whose `delete` needs more than the documents found by uid.
 * delete-repository.test.ts fails when the registry has such a collection that is not here.
 */
export const REWRITES: Record<string, Rewrite> = {
  // The account's own package history goes; a coach's changes of others stay, without who made them.
  packageChanges: async ({ db }, { uid }, found) => {
    await deleteRefs(db, found.filter((snap) => snap.get('userId') === uid).map((snap) => snap.ref));
    await updateEach(db, found.filter((snap) => snap.get('userId') !== uid), () => ({ by: null, byName: null }));
  },
  // The packages waiting for the account's email go; a coach's imports keep the grant, without them.
  packageGrants: async ({ db }, { uid }, found) => {
    await updateEach(db, found, () => ({ by: null, byName: null }));
    const email = (await userRef(db, uid).get()).get('email') as unknown;
    if (typeof email !== 'string' || email === '') return;
    const own = await packageGrantsCollection(db).where('emailHash', '==', emailHashOf(email)).select().get();
    await deleteRefs(db, own.docs.map((snap) => snap.ref));
  },
  // A participant's check-ins and answers go with their threads; the coach's reply answers a
  // check-in that no longer exists, so it goes too. A coach's replies and handling leave their name.
  checkInThreads: async ({ db }, { uid, cohortIds }, found) => {
    await deleteRefs(db, found.flatMap((snap) => [snap.ref, handlingMarkerRef(db, snap.id), answerMarkerRef(db, snap.id)]));
    for (const cohortId of cohortIds) {
      const threads = await threadsCollection(db).where('cohortId', '==', cohortId).get();
      const markers = threads.empty ? [] : await db.getAll(...threads.docs.map((snap) => handlingMarkerRef(db, snap.id)));
      await updateEach(db, markers.filter((marker) => marker.exists), (marker) => (marker.get('by') === uid ? { by: null } : null));
      await updateEach(db, threads.docs, (snap) => {
        const reply = snap.get('reply') as { coachId?: string; voiceNote?: unknown } | null;
        const handledBy = snap.get('handledBy') as { id?: string } | null;
        const change: Record<string, unknown> = {};
        if (reply?.coachId === uid) {
          // Their recording went with their voice notes: the reply keeps its text only.
          const kept: Record<string, unknown> = { ...reply, coachId: '', coachName: conversationTexts.deletedCoach };
          delete kept.voiceNote;
          change.reply = kept;
        }
        if (handledBy?.id === uid) change.handledBy = { id: '', name: conversationTexts.deletedCoach };
        return Object.keys(change).length > 0 ? change : null;
      });
    }
  },
  // The participant's messages go; the coaches' replies stay in a thread of a pseudonym, which the
  // coaches' list shows as "Partecipante eliminato". A coach's own messages go.
  conversations: async ({ db }, { uid }, found) => {
    const thread = found.find((snap) => snap.id === uid);
    if (!thread) return;
    const messages = await db.collection('conversationMessages').where('userId', '==', uid).get();
    const pseudonym = `${DELETED_PREFIX}${randomBytes(12).toString('hex')}`;
    const kept = messages.docs.filter((snap) => snap.get('from') !== 'participant' && snap.get('authorId') !== uid);
    const writes: Array<(batch: WriteBatch) => void> = [];
    for (const snap of kept) {
      const doc = snap.data();
      const replyTo = doc.replyTo as { authorName?: string } | null | undefined;
      const requestId = snap.id.slice(uid.length + 1);
      writes.push((batch) =>
        batch.set(db.collection('conversationMessages').doc(`${pseudonym}_${requestId}`), {
          ...doc,
          userId: pseudonym,
          // A quote of the participant's words is theirs; the recording is about them (deleted with their voice notes).
          replyTo: replyTo && doc.from !== 'participant' && replyTo.authorName === doc.authorName ? replyTo : null,
          voiceNote: null,
        }),
      );
    }
    const before = thread.data() ?? {};
    if (kept.length > 0) {
      writes.push((batch) =>
        batch.set(conversationRef(db, pseudonym), {
          ...before,
          userId: pseudonym,
          lastPreview: { from: 'participant', text: conversationTexts.deletedParticipant },
          participantUnread: 0,
          coachUnread: 0,
          participantReadAt: null,
          participantDeleted: true,
        }),
      );
    }
    for (const snap of messages.docs) writes.push((batch) => batch.delete(snap.ref));
    writes.push((batch) => batch.delete(thread.ref));
    for (let i = 0; i < writes.length; i += BATCH) {
      const batch = db.batch();
      for (const write of writes.slice(i, i + BATCH)) write(batch);
      await batch.commit();
    }
  },
  conversationMessages: async ({ db }, { uid }, found) => {
    // A participant's own thread was handled with `conversations`; what is left is what the account wrote in others' threads.
    const written = found.filter((snap) => snap.get('authorId') === uid);
    await deleteRefs(db, written.map((snap) => snap.ref));
    // Those threads' previews may quote the coach: they follow the newest message left (a coach's
    // name in their read receipts and quotes goes with forgetCoachName).
    for (const threadId of new Set(written.map((snap) => String(snap.get('userId'))))) {
      const thread = await conversationRef(db, threadId).get();
      if (!thread.exists) continue;
      const newest = await db.collection('conversationMessages').where('userId', '==', threadId).orderBy('sentAt', 'desc').limit(1).get();
      const last = newest.docs[0];
      await thread.ref.update({
        lastPreview: last ? { from: last.get('from') as string, text: excerptOf(String(last.get('text') ?? '')) } : { from: 'participant', text: '' },
      });
    }
  },
  // A recipient leaves a message's recipients; a coach's own messages go, with the copies they left in inboxes.
  cohortMessages: async ({ db }, { uid, cohortIds }, found) => {
    const copies = await inboxCollection(db)
      .where(FieldPath.documentId(), '>=', `${uid}_`)
      .where(FieldPath.documentId(), '<', `${uid}_\uf8ff`)
      .select()
      .get();
    // The delivery claims of a coach's messages name the message, and so the coach: found by their recipients' devices.
    const claims: DocumentReference[] = [];
    for (const message of found) {
      const recipients = recipientIdsOf(message.data() ?? {});
      for (let i = 0; i < recipients.length; i += 30) {
        const devices = await subscriptionsCollection(db).where('uid', 'in', recipients.slice(i, i + 30)).get();
        for (const device of devices.docs) {
          const key = messagePushKey(message.id, String(device.get('uid')));
          claims.push(db.collection('pushDeliveries').doc(sha256Hex(`${key}\n${String(device.get('endpoint'))}`)));
        }
      }
    }
    await deleteRefs(db, [...claims, ...found.map((snap) => snap.ref), ...copies.docs.map((snap) => snap.ref)]);
    for (const cohortId of cohortIds) {
      const messages = await cohortMessagesCollection(db).where('cohortId', '==', cohortId).get();
      await updateEach(db, messages.docs, (snap) => {
        const ids = recipientIdsOf(snap.data() ?? {});
        if (!ids.includes(uid)) return null;
        return { recipients: joinRecipients(ids.filter((id) => id !== uid)), recipientIds: FieldValue.delete() };
      });
    }
  },
  scheduledMessages: async ({ db }, { uid }, found) => {
    const picked = await db.collection('scheduledMessages').where('userIds', 'array-contains', uid).get();
    await updateEach(db, picked.docs, () => ({ userIds: FieldValue.arrayRemove(uid) }));
    await deleteRefs(db, found.map((snap) => snap.ref));
  },
  // Notes about the account and a coach's own notes go; a participant's preview of a note that went goes with it.
  participantNotes: async ({ db }, { uid }, found) => {
    await deleteRefs(db, found.map((snap) => snap.ref));
    const written = found.filter((snap) => snap.get('authorId') === uid && snap.get('userId') !== uid);
    const users = written.length > 0 ? await db.getAll(...written.map((snap) => userRef(db, String(snap.get('userId'))))) : [];
    const gone = new Set(found.map((snap) => snap.id));
    const previewing = users.filter((user) => user.exists && gone.has(String((user.get('notePreview') as { noteId?: string } | null)?.noteId)));
    // Each preview with its roster row, in one batch (half the batch's writes each).
    for (let i = 0; i < previewing.length; i += BATCH / 2) {
      const batch = db.batch();
      for (const user of previewing.slice(i, i + BATCH / 2)) {
        batch.update(user.ref, { notePreview: null });
        followUserWrite(db, batch, user.id, { notePreview: null });
      }
      await batch.commit();
    }
  },
  // The account's own invitations go; one a coach sent keeps no trace of who sent it.
  seasonInvitations: async ({ db }, { uid }, found) => {
    await deleteRefs(db, found.map((snap) => snap.ref));
    const sent = await db.collection('seasonInvitations').where('invitedBy', '==', uid).get();
    await updateEach(db, sent.docs, () => ({ invitedBy: '' }));
  },
  teams: async ({ db }, { uid }, found) => {
    await updateEach(db, found, () => ({ memberIds: FieldValue.arrayRemove(uid) }));
  },
  cohorts: async ({ db }, { uid }, found) => {
    await updateEach(db, found, () => ({ coachIds: FieldValue.arrayRemove(uid) }));
  },
  members: async ({ db }, { uid, cohortIds }) => {
    for (const cohortId of cohortIds) {
      await db.runTransaction(async (tx) => {
        const index = await tx.get(memberIndexRef(db, cohortId));
        if (!index.exists) return;
        tx.update(index.ref, { ids: FieldValue.arrayRemove(uid), inactive: FieldValue.arrayRemove(uid) });
        raiseMembersVersion(db, tx, cohortId);
      });
    }
  },
  // Andamento's sums lose the account's stored contribution (read from its user document, so before that goes).
  weekStats: async ({ db }, { uid }) => {
    if ((await userRef(db, uid).get()).exists) await dropContribution(db, uid);
  },
  resources: async ({ db }, { uid, cohortIds }) => {
    for (const cohortId of cohortIds) {
      const ref = cohortsCollection(db).doc(cohortId).collection('resources').doc('items');
      const data = (await ref.get()).data();
      if (!data) continue;
      // Each section is an array of items, rewritten whole (a dotted path into one would not do).
      const change: Record<string, unknown> = {};
      for (const [section, items] of Object.entries(data)) {
        if (!Array.isArray(items) || !items.some((item: { createdBy?: unknown }) => item.createdBy === uid)) continue;
        change[section] = items.map((item: { createdBy?: unknown }) => (item.createdBy === uid ? { ...item, createdBy: '' } : item));
      }
      if (Object.keys(change).length > 0) await ref.update(change);
    }
  },
};

async function updateEach(db: Firestore, snaps: DocumentSnapshot[], change: (snap: DocumentSnapshot) => Record<string, unknown> | null): Promise<void> {
  const updates = snaps.flatMap((snap) => {
    const fields = change(snap);
    return fields ? [{ ref: snap.ref, fields }] : [];
  });
  for (let i = 0; i < updates.length; i += BATCH) {
    const batch = db.batch();
    for (const { ref, fields } of updates.slice(i, i + BATCH)) batch.update(ref, fields);
    await batch.commit();
  }
}

/** A quote in a conversation message (core's Quote), as stored. */
interface StoredQuote {
  id: string;
  authorName: string;
  excerpt: string;
}

/**
 * Whether `quote` quotes the deleted coach `uid`, whose name or email is one of `labels`: a cohort
 * message's copy names its coach in its id; a check-in reply is always a coach's; a message is
 * theirs when they wrote it, or when it is gone already (an earlier run of this deletion took it).
 */
function quotesCoach(quote: StoredQuote, uid: string, labels: Set<string>, authorOf: Map<string, string | null>): boolean {
  if (quote.id.startsWith(`inbox-${uid}_`)) return true;
  if (!labels.has(quote.authorName)) return false;
  if (quote.id.startsWith('reply-')) return true;
  if (!quote.id.startsWith('message-')) return false;
  const author = authorOf.get(quote.id.slice('message-'.length));
  return author === undefined || author === null || author === uid;
}

/** The stored quote of a conversation message, if it has one. */
function quoteIn(snap: DocumentSnapshot): StoredQuote | null {
  const quote = snap.get('replyTo') as Partial<StoredQuote> | null | undefined;
  return typeof quote?.id === 'string' && typeof quote.authorName === 'string' ? (quote as StoredQuote) : null;
}

/**
 * A deleted coach's name (their email when they had none) stays nowhere that others keep: the
 * quotes of their words in others' messages, a participant's last "Contattato", a thread's
 * "letto da" and its latest coach message say "Coach", or nobody, instead. Read from their user document, which goes last, so a
 * later run finds the name again.
 */
async function forgetCoachName({ db }: DeletionDeps, { uid, cohortIds }: AccountScope): Promise<void> {
  const user = await userRef(db, uid).get();
  if (!user.exists || user.get('role') !== 'OWNER') return;
  const labels = new Set([user.get('name'), user.get('email')].filter((value): value is string => typeof value === 'string' && value !== ''));
  const coach = conversationTexts.deletedCoach;
  // "Letto da": a coach who read a thread without writing in it is named there too.
  for (const label of labels) {
    const read = await db.collection('conversations').where('coachReadBy', '==', label).get();
    await updateEach(db, read.docs, () => ({ coachReadBy: null }));
    // The dashboard's "Dal tuo coach" names the author of the latest one-to-one message: "Coach" now.
    const latest = await db.collection('conversations').where('lastCoachMessageBy', '==', label).get();
    await updateEach(db, latest.docs, (snap) => ({ lastCoachMessageBy: coach, lastCoachMessage: { ...(snap.get('lastCoachMessage') as Record<string, unknown>), coachName: coach } }));
  }
  for (const cohortId of cohortIds) {
    const [messages, participants] = await Promise.all([
      db.collection('conversationMessages').where('cohortId', '==', cohortId).get(),
      usersCollection(db).where('cohortId', '==', cohortId).get(),
    ]);
    const authorOf = new Map<string, string | null>(messages.docs.map((snap) => [snap.id, String(snap.get('authorId'))]));
    // A quoted message of another cohort's page of the thread (a participant who moved on with a new season).
    const elsewhere = [
      ...new Set(messages.docs.flatMap((snap) => quoteIn(snap)?.id.match(/^message-(.+)$/)?.[1] ?? []).filter((id) => !authorOf.has(id))),
    ];
    if (elsewhere.length > 0) {
      for (const snap of await db.getAll(...elsewhere.map((id) => db.collection('conversationMessages').doc(id)))) {
        authorOf.set(snap.id, snap.exists ? String(snap.get('authorId')) : null);
      }
    }
    await updateEach(db, messages.docs, (snap) => {
      const quote = quoteIn(snap);
      if (!quote || snap.get('authorId') === uid || !quotesCoach(quote, uid, labels, authorOf)) return null;
      // A copy's id names the coach's message, and so the coach: the quote keeps its words only.
      return { replyTo: { ...quote, id: quote.id.startsWith('inbox-') ? 'inbox-eliminato' : quote.id, authorName: coach } };
    });
    await updateEach(db, participants.docs, (snap) => {
      const contact = snap.get('triageContact');
      if (typeof contact !== 'string') return null;
      let parsed: { byName?: unknown };
      try {
        parsed = JSON.parse(contact) as { byName?: unknown };
      } catch {
        return null;
      }
      return typeof parsed.byName === 'string' && labels.has(parsed.byName) ? { triageContact: JSON.stringify({ ...parsed, byName: coach }) } : null;
    });
  }
}

/** Collections handled by a step of their own, outside the table's walk. */
const OWN_STEP = new Set(['users', 'rosterRows', 'voiceNotes', 'accountDeletions', 'deletionLedger']);

/**
 * Everything about the account, in every collection of the registry (shared/personal-data.ts):
 * the rewrites first (some read the user document), then the documents to delete, the voice notes'
 * files before their documents, the user document last. Safe to run again: each step finds only
 * what is still there.
 */
export async function purgeAccount(deps: DeletionDeps, uid: string): Promise<void> {
  const { db } = deps;
  const scope = await scopeOf(db, uid);
  await deleteVoiceNotesOfAccount(deps, uid);
  await forgetCoachName(deps, scope);
  // A coach leaves the cohorts' coaches last among the rewrites: the scope of a retry finds those cohorts through them.
  const rewritten = PERSONAL_DATA.filter((entry) => REWRITES[entry.name] && !OWN_STEP.has(entry.name)).sort(
    (a, b) => Number(a.name === 'cohorts') - Number(b.name === 'cohorts'),
  );
  for (const entry of rewritten) await REWRITES[entry.name]!(deps, scope, await documentsOf(db, entry, scope));
  const deleted = PERSONAL_DATA.filter((entry) => entry.deletion.action === 'delete' && !REWRITES[entry.name] && !OWN_STEP.has(entry.name));
  for (const entry of deleted) await deleteRefs(db, (await documentsOf(db, entry, scope)).map((snap) => snap.ref));
  // With its roster row in one batch: a roster read between the two would write the row again.
  await deleteRefs(db, [rosterRowRef(db, uid), userRef(db, uid)]);
  await deps.auth.deleteUser(uid).catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  });
}

/** The registry's collections whose deletion is a rewrite and that have none here (a new one the deletion would skip). */
export function collectionsWithoutRewrite(): string[] {
  return PERSONAL_DATA.filter((entry) => (entry.deletion.action === 'redact' || entry.deletion.action === 'remove-id') && !REWRITES[entry.name]).map(
    (entry) => entry.name,
  );
}
