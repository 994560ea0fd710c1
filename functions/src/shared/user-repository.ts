import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { Role, SignInMethods, User } from '@sfida/core/user';
import { HOME_TIME_ZONE } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import type { RetentionNotice } from '@sfida/core/retention';
import { accountRetentionFields, retentionFollowing } from './account-retention';
import { storedSignInMethods } from './sign-in-methods';
import type { PackagesByCohort } from '@sfida/core/packages';
import { searchNameOf } from '@sfida/core/participant-search';
import { followUserWrite } from './roster-row-repository';

// `users/{uid}` is read by the session check on every request and by most features,
// so its repository lives here, below all of them.

/** What `users/{uid}` holds: the API's user plus server-only flags. */
export interface UserDoc extends Omit<User, 'id' | 'challengeJoinedOn'> {
  /** See User.challengeJoinedOn; null or absent when the whole challenge is theirs. */
  challengeJoinedOn?: string | null;
  /** See User.season: written when a new season is accepted; absent in the first. */
  season?: number;
  /** Mirrors Firebase Auth's `disabled` so a request can refuse a disabled account without calling Auth. */
  disabled?: boolean;
  /**
   * Mirrors Firebase Auth's linked providers (shared/sign-in-methods.ts), for the session's answer.
   * Absent on accounts older than it until their session's next look at Auth.
   */
  signIn?: SignInMethods;
  /** When the participant last changed `timeZone` (ISO instant). */
  timeZoneChangedAt?: string;
  /** Their today just after that change: no other change until a later day (core's participant calendar). */
  timeZoneChangedOn?: string;
  /** The day that was today when they changed zone: it stays their today until the new zone reaches it. */
  dayFloor?: string;
  /**
   * When a coach withdrew the participant from their cohort (ISO instant): they keep account and
   * data, leave its leaderboard and keep `cohortId`, so the coaches' exports still list them.
   */
  withdrawnAt?: string;
  /**
   * What the coach's roster reads of the participant's tracker (core's roster-digest.ts), as JSON,
   * written with every sync; null before the first one. Missing on accounts older than it until the
   * migration or their next sync: the roster then reads their tracker. A string, as the tracker is:
   * nothing queries inside it, and a map of its few hundred values would cost an index entry each
   * (and the local emulator's queries several times the time).
   */
  rosterDigest?: string | null;
  /**
   * The participant's last contribution to their cohort's weekly figures (core's cohort-progress.ts,
   * week-stats-repository.ts) as JSON: the next sync adds only the difference. Null or absent: none.
   */
  weekStats?: string | null;
  /**
   * The participant's package in each cohort they belonged to (core's packages.ts), written only by
   * the packages feature; absent or missing a cohort: Base there. A whole map, rewritten on change
   * (the emulator refuses dotted paths). Read with `packageIn(user.packages, cohortId)`.
   */
  packages?: PackagesByCohort;
  /**
   * A coach's import keeps a package for this password registration's address, given once Firebase
   * Auth says it is verified: the session's look at Auth gives it (sessions/session-store.ts).
   */
  packageGrantWaiting?: boolean;
  /**
   * The coaches' tags on the participant (core's participant-notes.ts), normalised: kept here so the
   * roster's one query can filter by one (array-contains). Never part of the API's user.
   */
  coachTags?: string[];
  /**
   * The name as the coach's search matches it (core's participant-search.ts): written with the name
   * by every writer of it (newUserDoc, changeUser, the operator's ensureAccount). Absent on accounts
   * older than it until the migration (backfillSearchNames) or their next change of name.
   */
  searchName?: string;
  /** The coaches' latest note on the participant, as the roster row previews it (participant-note-repository.ts). */
  notePreview?: StoredNotePreview | null;
  // The coach's triage (features/triage): when its reasons must next be worked out again (ISO
  // instant; null: not until something changes), what it shows and what coaches did with it.
  /** Set to "now" by anything that can change a participant's reasons: a sync, a start, a new zone. */
  triageDueAt?: string | null;
  /** The group of the most urgent reason still open, counted from 1 (the most urgent); 100: nothing to do. */
  triageRank?: number;
  /** The open reasons (core's KeyedReason[]) as JSON. */
  triageOpen?: string;
  /** Keys of the reasons a coach marked "Contattato", and of those snoozed until `triageSnoozedUntil`. */
  triageHandled?: string[];
  triageSnoozed?: string[];
  triageSnoozedUntil?: string | null;
  /** The last "Contattato" (JSON: at, byName, note). */
  triageContact?: string | null;
  // The account's retention (shared/account-retention.ts): written with every change of what it is
  // worked out from. Absent on accounts older than it until the migration (backfillAccountRetention).
  /** The first day the account may be deleted for lapsing; null for a coach. */
  accountDeletableFrom?: IsoDate | null;
  /** The first day its deletion's notice is due; null once given, and for a coach. */
  accountNoticeFrom?: IsoDate | null;
  /** The notice given: for which first day of deletion, and on which of the participant's days. */
  accountNotice?: RetentionNotice | null;
}

/** `users/{uid}.notePreview`: which note it previews, so an edit or a deletion of that note updates it. */
export interface StoredNotePreview {
  noteId: string;
  text: string;
  authorName: string;
  createdAt: string;
}

/** The search's copy of the name, when `fields` change the name. */
export function searchNameFollowing(fields: Partial<UserDoc>): Pick<UserDoc, 'searchName'> {
  return fields.name === undefined ? {} : { searchName: searchNameOf(fields.name) };
}

/** The fields that make the triage work a participant's reasons out again at its next look. */
export function triageRecheck(now: Date): Pick<UserDoc, 'triageDueAt'> {
  return { triageDueAt: now.toISOString() };
}

export function usersCollection(db: Firestore) {
  return db.collection('users');
}

export function userRef(db: Firestore, uid: string) {
  return usersCollection(db).doc(uid);
}

/** The API's user from a stored document (unknown or missing fields become null/defaults); `data` when the caller decoded it already. */
export function toUser(snap: DocumentSnapshot, data: Partial<Record<string, unknown>> | undefined = snap.data()): User {
  const d = (data ?? {}) as Partial<UserDoc>;
  const signIn = storedSignInMethods(d.signIn);
  return {
    id: snap.id,
    name: d.name ?? null,
    email: d.email ?? '',
    role: d.role === 'OWNER' ? 'OWNER' : 'PARTICIPANT',
    createdAt: d.createdAt ?? '',
    cohortId: d.cohortId ?? '',
    challengeStartDate: d.challengeStartDate ?? null,
    ...(d.challengeJoinedOn ? { challengeJoinedOn: d.challengeJoinedOn } : {}),
    ...(typeof d.season === 'number' && d.season > 1 ? { season: d.season } : {}),
    onboardingCompletato: d.onboardingCompletato ?? false,
    tempoAllenamento: d.tempoAllenamento ?? null,
    luogoAllenamento: d.luogoAllenamento ?? null,
    livelloAllenamento: d.livelloAllenamento ?? null,
    schedaAssegnata: d.schedaAssegnata ?? null,
    // Accounts created before the zone was stored have none: they get Rome, the zone the server
    // assumed for any request that named none. Read so, rather than rewritten by a migration.
    timeZone: d.timeZone ?? HOME_TIME_ZONE,
    ...(signIn ? { signIn } : {}),
  };
}

/** A stored user as a service reads it: the API's user, and the document's own fields (withdrawnAt, disabled, …). */
export interface StoredUser {
  user: User;
  doc: Partial<UserDoc>;
}

/** The stored user of a read of `users/{uid}`, or null when there is none. */
export function storedUserFrom(snap: DocumentSnapshot | undefined): StoredUser | null {
  if (!snap?.exists) return null;
  const doc = (snap.data() ?? {}) as Partial<UserDoc>;
  return { user: toUser(snap, doc), doc };
}

/** `users/{uid}`, or null when there is none. */
export async function storedUser(db: Firestore, uid: string): Promise<StoredUser | null> {
  return storedUserFrom(await userRef(db, uid).get());
}

/** The users `uids`, in one read and in that order: null where there is none. */
export async function storedUsers(db: Firestore, uids: string[]): Promise<Array<StoredUser | null>> {
  if (uids.length === 0) return [];
  return (await db.getAll(...uids.map((uid) => userRef(db, uid)))).map(storedUserFrom);
}

/**
 * Reads `users/{uid}` in a transaction and writes the fields `change` works out from it (none: no
 * write), and the account's retention days they move; `change` may throw to refuse, and nothing
 * is written. Null when there is no such user.
 */
export async function changeUser<T>(
  db: Firestore,
  uid: string,
  change: (stored: StoredUser) => { fields: Partial<UserDoc>; result: T },
): Promise<{ result: T } | null> {
  const ref = userRef(db, uid);
  return db.runTransaction(async (tx) => {
    const stored = storedUserFrom(await tx.get(ref));
    if (!stored) return null;
    const { fields, result } = change(stored);
    // The account's retention follows what it is worked out from (a change of zone, say).
    if (Object.keys(fields).length > 0) {
      tx.update(ref, { ...fields, ...searchNameFollowing(fields), ...retentionFollowing(stored.doc, fields) });
      followUserWrite(db, tx, uid, fields);
    }
    return { result };
  });
}

/** Notes how the account signs in (the session's answer reads it from here). */
export async function recordSignInMethods(db: Firestore, uid: string, signIn: SignInMethods): Promise<void> {
  // The map whole: the embedded emulator refuses dotted paths in updates.
  await userRef(db, uid).update({ signIn });
}

/** A fresh user document (never onboarded, no challenge date). */
export function newUserDoc(input: {
  email: string;
  name: string | null;
  role: Role;
  cohortId: string;
  timeZone: string;
  now: Date;
  /** How the new account signs in, when the caller knows it. */
  signIn?: SignInMethods;
  /** A "together" cohort's start, and the registration day when it is later (User.challengeJoinedOn). */
  challenge?: { startDate: string; joinedOn: string | null };
}): UserDoc {
  return {
    name: input.name,
    searchName: searchNameOf(input.name),
    email: input.email,
    role: input.role,
    createdAt: input.now.toISOString(),
    cohortId: input.cohortId,
    challengeStartDate: input.challenge?.startDate ?? null,
    ...(input.challenge?.joinedOn ? { challengeJoinedOn: input.challenge.joinedOn } : {}),
    onboardingCompletato: false,
    tempoAllenamento: null,
    luogoAllenamento: null,
    livelloAllenamento: null,
    schedaAssegnata: null,
    timeZone: input.timeZone,
    disabled: false,
    rosterDigest: null,
    ...(input.signIn ? { signIn: input.signIn } : {}),
    ...triageRecheck(input.now),
    ...accountRetentionFields({ role: input.role, challengeStartDate: input.challenge?.startDate ?? null, createdAt: input.now.toISOString(), timeZone: input.timeZone }, null),
  };
}
