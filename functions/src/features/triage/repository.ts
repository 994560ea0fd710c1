import {
  FieldPath,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type Timestamp,
} from "firebase-admin/firestore";
import {
  keyedReasonSchema,
  type KeyedReason,
  type TriageHandling,
} from "@sfida/core/triage";
import * as z from "zod/mini";
import { isFailedPrecondition } from "../../shared/firestore";
import {
  addContactWrites,
  type ContactWrites,
} from "../../shared/contact-repository";
import {
  isParticipantOf,
  participantFrom,
  type Participant,
} from "../../shared/participant-repository";
import {
  userRef,
  usersCollection,
  type UserDoc,
} from "../../shared/user-repository";
import {
  cohortsCollection,
  type CohortDoc,
} from "../../shared/cohort-repository";

// The triage's fields on the participants' own documents (see UserDoc): one query over a coach's
// cohorts finds what is open, most urgent first, and another finds whose reasons are due to be
// worked out again. Both are bounded by their limit, whatever the cohorts' size.

/** Firestore's `in` takes at most 30 values: a coach's cohorts are asked in groups of that many. */
const IN_LIMIT = 30;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(items.slice(i, i + size));
  return out;
}

function participantsOf(db: Firestore, cohortIds: string[]): Query {
  return usersCollection(db)
    .where("cohortId", "in", cohortIds)
    .where("role", "==", "PARTICIPANT");
}

/** A participant as the triage reads them: who they are, what the last look stored, and the version a write is conditional on. */
export interface TriageRow {
  participant: Participant;
  stored: StoredTriage;
  /** The group rank (0 most urgent) the document holds; null: nothing open. */
  rank: number | null;
  /** The document's update time as read: saveTriage writes only if it is still the same. Opaque to the service. */
  readonly readAt: Timestamp;
  /** The document as read (what a contact's writes are worked out from). */
  readonly snapshot: DocumentSnapshot;
}

function rowFrom(snap: DocumentSnapshot): TriageRow {
  // A document a query or a read found always has an update time.
  return {
    participant: participantFrom(snap),
    stored: storedTriage(snap),
    rank: storedRank(snap),
    readAt: snap.updateTime!,
    snapshot: snap,
  };
}

/** Participants of the cohorts whose reasons are due to be worked out again by `now`, the longest due first. */
export async function dueParticipants(
  db: Firestore,
  cohortIds: string[],
  now: Date,
  limit: number,
): Promise<TriageRow[]> {
  const parts = await Promise.all(
    chunks(cohortIds, IN_LIMIT).map((ids) =>
      participantsOf(db, ids)
        .where("triageDueAt", "<=", now.toISOString())
        .orderBy("triageDueAt")
        .limit(limit)
        .get(),
    ),
  );
  return parts
    .flatMap((snap) => snap.docs)
    .slice(0, limit)
    .map(rowFrom);
}

/** The largest rank of something open; a range up to it leaves out the participants with nothing open. */
const MAX_RANK = 99;

/** Participants of the cohorts with something open, the most urgent group first (then by id), at most `limit`. */
export async function openParticipants(
  db: Firestore,
  cohortIds: string[],
  limit: number,
): Promise<TriageRow[]> {
  const parts = await Promise.all(
    chunks(cohortIds, IN_LIMIT).map((ids) =>
      participantsOf(db, ids)
        .where("triageRank", "<=", MAX_RANK)
        .orderBy("triageRank")
        .orderBy(FieldPath.documentId())
        .limit(limit)
        .get(),
    ),
  );
  return parts
    .flatMap((snap) => snap.docs)
    .map(rowFrom)
    .sort(
      (a, b) =>
        (a.rank ?? 0) - (b.rank ?? 0) ||
        a.participant.user.id.localeCompare(b.participant.user.id),
    )
    .slice(0, limit);
}

/** The participant `userId` as the triage reads them if they belong to `cohortId`, else null. */
export async function triageRowOf(
  db: Firestore,
  cohortId: string,
  userId: string,
): Promise<TriageRow | null> {
  const snap = await userRef(db, userId).get();
  return isParticipantOf(snap, cohortId) ? rowFrom(snap) : null;
}

/** How many participants of the cohorts have something open (a count, not a read of each). */
export async function openCount(
  db: Firestore,
  cohortIds: string[],
): Promise<number> {
  const counts = await Promise.all(
    chunks(cohortIds, IN_LIMIT).map(
      async (ids) =>
        (
          await participantsOf(db, ids)
            .where("triageRank", "<=", MAX_RANK)
            .count()
            .get()
        ).data().count,
    ),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

/** A triage's last contact, as stored. */
export interface StoredContact {
  at: string;
  byName: string;
  note: string | null;
}

/** What the triage stores of a participant. */
export interface StoredTriage {
  open: KeyedReason[];
  handling: TriageHandling;
  contact: StoredContact | null;
}

const contactSchema = z.object({
  at: z.string(),
  byName: z.string(),
  note: z.nullable(z.string()),
});

function parsed<T>(schema: z.ZodMiniType<T>, raw: unknown, fallback: T): T {
  if (typeof raw !== "string") return fallback;
  try {
    const result = schema.safeParse(JSON.parse(raw));
    return result.success ? result.data : fallback;
  } catch {
    return fallback;
  }
}

const strings = (raw: unknown): string[] =>
  Array.isArray(raw)
    ? raw.filter((v): v is string => typeof v === "string")
    : [];

/** The triage fields of a participant's document; anything malformed reads as nothing done. */
function storedTriage(snap: DocumentSnapshot): StoredTriage {
  const until: unknown = snap.get("triageSnoozedUntil");
  return {
    open: parsed(z.array(keyedReasonSchema), snap.get("triageOpen"), []),
    handling: {
      handled: strings(snap.get("triageHandled")),
      snoozed: strings(snap.get("triageSnoozed")),
      snoozedUntil: typeof until === "string" ? until : null,
    },
    contact: parsed(z.nullable(contactSchema), snap.get("triageContact"), null),
  };
}

// The rank is stored one up (1 is the most urgent group) and "nothing open" as NOTHING_OPEN, never
// 0 or null: the local emulator's range filters miss a stored 0, and its ordering treats null as equal
// to every number, which leaves the order of the others undefined. Production orders them the same.
const NOTHING_OPEN = 100;
/** No look is due until something marks the participant again (a sync, a start): a date no clock reaches, for the same reason. */
const NEVER_DUE = "9999-12-31T00:00:00.000Z";

/** The group rank (0 most urgent) a participant's document holds; null: nothing open. */
function storedRank(snap: DocumentSnapshot): number | null {
  const raw: unknown = snap.get("triageRank");
  return typeof raw === "number" && raw >= 1 && raw < NOTHING_OPEN
    ? raw - 1
    : null;
}

/** What a look at a participant writes. */
export interface TriageWrite {
  rank: number | null;
  open: KeyedReason[];
  handling: TriageHandling;
  dueAt: Date | null;
  contact?: StoredContact;
}

/**
 * Writes what the triage worked out for the participant of `row`, unless their document changed
 * since it was read (a sync in between marked them due again: the next look takes them up). False
 * when it had changed, or when one of the check-ins `checkIns` marks read had.
 */
export async function saveTriage(
  db: Firestore,
  row: TriageRow,
  write: TriageWrite,
  checkIns?: {
    writes: ContactWrites;
    coach: { id: string; name: string };
    now: Date;
  },
): Promise<boolean> {
  const fields: Partial<UserDoc> = {
    triageRank: write.rank === null ? NOTHING_OPEN : write.rank + 1,
    triageOpen: JSON.stringify(write.open),
    triageHandled: write.handling.handled,
    triageSnoozed: write.handling.snoozed,
    triageSnoozedUntil: write.handling.snoozedUntil,
    triageDueAt: write.dueAt ? write.dueAt.toISOString() : NEVER_DUE,
  };
  if (write.contact) fields.triageContact = JSON.stringify(write.contact);
  try {
    const batch = db.batch();
    batch.update(userRef(db, row.participant.user.id), fields, {
      lastUpdateTime: row.readAt,
    });
    // "Contattato" reads the participant's open check-ins in the same batch (core's contact.ts).
    if (checkIns)
      addContactWrites(db, batch, checkIns.writes, checkIns.coach, checkIns.now, false);
    await batch.commit();
    return true;
  } catch (error) {
    if (isFailedPrecondition(error)) return false;
    throw error;
  }
}

/** The cohorts not archived, at most `limit` after `after` in id order (the Monday digest's pages). */
export async function activeCohortsPage(
  db: Firestore,
  after: string | null,
  limit: number,
): Promise<{
  cohorts: Array<{ id: string; cohort: CohortDoc }>;
  more: boolean;
  lastId: string | null;
}> {
  let query = cohortsCollection(db)
    .orderBy(FieldPath.documentId())
    .limit(limit + 1);
  // A range on the id, not a cursor: the same in production, and the local emulator ignores cursors.
  if (after !== null) query = query.where(FieldPath.documentId(), ">", after);
  const snap = await query.get();
  const page = snap.docs.slice(0, limit);
  return {
    cohorts: page
      .map((doc) => ({ id: doc.id, cohort: doc.data() as CohortDoc }))
      .filter(({ cohort }) => !cohort.archivedAt),
    more: snap.size > limit,
    // The page's last id, archived or not: the next page starts after it even when all were archived.
    lastId: page.at(-1)?.id ?? null,
  };
}

/** What waits for a cohort's coaches: check-ins not handled, conversations with messages they have not read. */
export async function unreadOfCohort(
  db: Firestore,
  cohortId: string,
): Promise<{ checkIns: number; conversations: number }> {
  const [checkIns, conversations] = await Promise.all([
    db
      .collection("checkInThreads")
      .where("cohortId", "==", cohortId)
      .where("handled", "==", false)
      .count()
      .get(),
    db
      .collection("conversations")
      .where("cohortId", "==", cohortId)
      .where("coachUnread", ">", 0)
      .count()
      .get(),
  ]);
  return {
    checkIns: checkIns.data().count,
    conversations: conversations.data().count,
  };
}
