import { FieldPath, type DocumentReference, type Firestore, type Query } from 'firebase-admin/firestore';
import { voiceNoteBlobPath } from './voice-note-repository';

// Every Firestore collection the server writes, and how to find the documents about one account in
// it: the one list that the data export and the account deletion both walk, so that neither can
// forget a collection (personal-data.test.ts fails when a `collection('…')` in the code is missing
// here). A plain table with small query helpers below it; what each feature does with the
// documents (which fields it shows, what it rewrites) stays in that feature.

/** How a collection's documents about one account are found. */
export type Locator =
  /** The document's id is the uid (`users/{uid}`). */
  | { by: 'id' }
  /** A field equals the uid, or an array field contains it. */
  | { by: 'field'; field: string; op: '==' | 'array-contains' }
  /** The id starts with `{uid}_` (`coachDays/{coachId}_{day}`): a range on the document id. */
  | { by: 'idPrefix' }
  /** A subcollection of the account's user document (`users/{uid}/seasons/{n}`): all of it. */
  | { by: 'userSubcollection' }
  /**
   * A subcollection of a cohort the account belongs to or coaches, whose documents name it inside
   * (an array of ids, a sum it contributed to): found through the cohorts, read whole.
   */
  | { by: 'cohortSubcollection' }
  /** Not findable by uid (a hashed key, a cohort's own content): why, for the reader of this table. */
  | { by: 'none'; why: string };

/**
 * Whose data it is: the person's own; shared between a participant and their coaches (a thread
 * both write in); an aggregate over many people; the cohort's, written by its coaches; or
 * operational (what the server keeps to run: sessions, rate limits, delivery markers).
 */
export type DataKind = 'own' | 'shared' | 'aggregate' | 'cohort' | 'operational';

/**
 * What the export (GET /api/me/export) does with the account's documents: `export` puts them in
 * dati.json under `section` (each feature of the export decides which fields); `omit` leaves them
 * out, with the reason.
 */
export type ExportRule = { action: 'export'; section: string } | { action: 'omit'; why: string };

/**
 * What deleting the account does: `delete` the documents found; `redact` the shared ones (the
 * person's own words go, the other side's stay); `remove-id` takes the uid out of an array or a
 * sum (a member index, a team, a cohort's coaches, the weekly figures: recomputed without them);
 * `expire` leaves them to their TTL policy (short-lived, and they name no one readably); `keep`
 * is the deletion's own ledger.
 */
export type DeletionRule = { action: 'delete' | 'redact' | 'remove-id' | 'expire' | 'keep'; note?: string };

export interface PersonalDataCollection {
  /** The collection id, as the code names it in `collection('…')`. */
  name: string;
  /** Its path with placeholders, for the reader. */
  path: string;
  /** Where the account's documents are found; several ways add up (a high five the account gave and got). */
  locate: Locator[];
  kind: DataKind;
  /** Whether it can hold data about a participant (else only a coach's, or nobody's readably). */
  aboutParticipants: boolean;
  export: ExportRule;
  deletion: DeletionRule;
}

const own = 'own' as const;

/** Every collection the server writes. */
export const PERSONAL_DATA: readonly PersonalDataCollection[] = [
  // The account and the tracker.
  { name: 'users', path: 'users/{uid}', locate: [{ by: 'id' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'profilo' }, deletion: { action: 'delete', note: 'coachTags and notePreview are the coaches\' and go with it' } },
  { name: 'rosterRows', path: 'rosterRows/{uid}', locate: [{ by: 'id' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'rigaElencoCoach' }, deletion: { action: 'delete', note: 'with users/{uid}, in the same batch (a copy of its fields the coach\'s roster reads)' } },
  { name: 'seasons', path: 'users/{uid}/seasons/{n}', locate: [{ by: 'userSubcollection' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'stagioni' }, deletion: { action: 'delete' } },
  { name: 'progress', path: 'progress/{uid}', locate: [{ by: 'id' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'tracker' }, deletion: { action: 'delete' } },
  { name: 'progressParts', path: 'progressParts/{uid}_{season}_{month}', locate: [{ by: 'field', field: 'uid', op: '==' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'trackerMesiChiusi' }, deletion: { action: 'delete', note: 'the closed maintenance months of the tracker and of its archived seasons (docs/decisions/054)' } },
  { name: 'progressSummaries', path: 'progressSummaries/{uid}', locate: [{ by: 'id' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'riepilogoClassifica' }, deletion: { action: 'delete', note: 'the leaderboard is read from these: it is recomputed by their absence' } },
  { name: 'weeklyScores', path: 'weeklyScores/{weekStart}_{uid}', locate: [{ by: 'field', field: 'userId', op: '==' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'puntiSettimanali' }, deletion: { action: 'delete' } },
  { name: 'progressRevisions', path: 'progressRevisions/{uid}_{n}', locate: [{ by: 'idPrefix' }], kind: 'operational', aboutParticipants: true, export: { action: 'omit', why: 'a sync\'s compare-and-set marker, empty but for its expiry' }, deletion: { action: 'delete' } },
  { name: 'plannedActionWatch', path: 'plannedActionWatch/{uid}', locate: [{ by: 'id' }], kind: 'operational', aboutParticipants: true, export: { action: 'omit', why: 'when the reminders job looks again: derived from the tracker\'s if-then plans, which are exported' }, deletion: { action: 'delete' } },
  { name: 'checkInThreads', path: 'checkInThreads/{id}', locate: [{ by: 'field', field: 'userId', op: '==' }], kind: 'shared', aboutParticipants: true, export: { action: 'export', section: 'checkIn' }, deletion: { action: 'redact', note: 'a participant\'s threads go whole (a reply to a check-in that is gone says nothing); a coach\'s replies stay without their id' } },
  { name: 'checkInHandlings', path: 'checkInHandlings/{threadId}', locate: [{ by: 'none', why: 'an empty marker keyed by the thread: found through checkInThreads' }], kind: 'operational', aboutParticipants: true, export: { action: 'omit', why: 'an empty marker; the thread it guards is exported' }, deletion: { action: 'delete', note: 'by the ids of the account\'s threads' } },
  { name: 'checkInAnswers', path: 'checkInAnswers/{threadId}', locate: [{ by: 'none', why: 'an empty marker keyed by the thread: found through checkInThreads' }], kind: 'operational', aboutParticipants: true, export: { action: 'omit', why: 'an empty marker; the answer is exported with its thread' }, deletion: { action: 'delete', note: 'by the ids of the account\'s threads' } },

  // Conversations and messages.
  { name: 'conversations', path: 'conversations/{participantUid}', locate: [{ by: 'id' }], kind: 'shared', aboutParticipants: true, export: { action: 'export', section: 'conversazione' }, deletion: { action: 'redact', note: 'the coaches keep the thread, shown as "Partecipante eliminato"' } },
  { name: 'conversationMessages', path: 'conversationMessages/{participantUid}_{requestId}', locate: [{ by: 'field', field: 'userId', op: '==' }, { by: 'field', field: 'authorId', op: '==' }], kind: 'shared', aboutParticipants: true, export: { action: 'export', section: 'messaggi' }, deletion: { action: 'redact', note: 'the account\'s own messages go; the other side\'s stay with them' } },
  { name: 'inboxMessages', path: 'inboxMessages/{messageId}_{uid}', locate: [{ by: 'field', field: 'userId', op: '==' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'messaggiRicevuti' }, deletion: { action: 'delete' } },
  { name: 'cohortMessages', path: 'cohortMessages/{coachId}_{requestId}', locate: [{ by: 'field', field: 'coachId', op: '==' }], kind: 'shared', aboutParticipants: false, export: { action: 'export', section: 'messaggiInviatiAllaCoorte' }, deletion: { action: 'remove-id', note: 'a recipient\'s id leaves `recipients`; a coach\'s own messages are deleted' } },
  { name: 'scheduledMessages', path: 'scheduledMessages/{coachId}_{requestId}', locate: [{ by: 'field', field: 'coachId', op: '==' }], kind: 'shared', aboutParticipants: false, export: { action: 'export', section: 'messaggiProgrammati' }, deletion: { action: 'remove-id', note: 'a picked recipient leaves `userIds`; a coach\'s own are deleted' } },
  { name: 'scheduledMessageClaims', path: 'scheduledMessageClaims/{coachId}_{requestId}_v{n}', locate: [{ by: 'idPrefix' }], kind: 'operational', aboutParticipants: false, export: { action: 'omit', why: 'an empty marker of a scheduled message\'s version' }, deletion: { action: 'delete' } },
  { name: 'voiceNotes', path: 'voiceNotes/{id} (bytes at voice-notes/{id} in the bucket)', locate: [{ by: 'field', field: 'participantUid', op: '==' }, { by: 'field', field: 'authorUid', op: '==' }], kind: 'shared', aboutParticipants: true, export: { action: 'export', section: 'noteVocali' }, deletion: { action: 'delete', note: 'the bytes first (shared/voice-note-repository.ts deleteVoiceNotesOfAccount)' } },

  // Teams and high fives.
  { name: 'teams', path: 'teams/{teamId}', locate: [{ by: 'field', field: 'memberIds', op: 'array-contains' }], kind: 'cohort', aboutParticipants: true, export: { action: 'export', section: 'squadre' }, deletion: { action: 'remove-id', note: 'the uid leaves memberIds' } },
  { name: 'highFives', path: 'highFives/{day}_{from}_{to}', locate: [{ by: 'field', field: 'from', op: '==' }, { by: 'field', field: 'to', op: '==' }], kind: 'shared', aboutParticipants: true, export: { action: 'export', section: 'cinque' }, deletion: { action: 'delete', note: 'given and received' } },

  // Seasons and coaches' notes.
  { name: 'seasonInvitations', path: 'seasonInvitations/{uid}_{targetCohortId}', locate: [{ by: 'field', field: 'userId', op: '==' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'inviti' }, deletion: { action: 'delete' } },
  { name: 'participantNotes', path: 'participantNotes/{noteId}', locate: [{ by: 'field', field: 'userId', op: '==' }, { by: 'field', field: 'authorId', op: '==' }], kind: 'cohort', aboutParticipants: true, export: { action: 'export', section: 'noteDelCoach' }, deletion: { action: 'delete', note: 'notes about the account, and a coach\'s own notes' } },

  // Packages (shared/package-repository.ts, features/packages).
  { name: 'packageChanges', path: 'packageChanges/{id}', locate: [{ by: 'field', field: 'userId', op: '==' }, { by: 'field', field: 'by', op: '==' }], kind: 'cohort', aboutParticipants: true, export: { action: 'export', section: 'pacchetti' }, deletion: { action: 'redact', note: 'the changes of the account\'s package go; a coach\'s changes of others stay without their id and name' } },
  { name: 'packageGrants', path: 'packageGrants/{cohortId}__{sha256(email)}', locate: [{ by: 'field', field: 'by', op: '==' }], kind: 'cohort', aboutParticipants: true, export: { action: 'omit', why: 'a buyer\'s package before their account exists, keyed by their email: given and deleted at their first verified sign-in; the package itself is exported with the profile' }, deletion: { action: 'redact', note: 'the grants of the account\'s email go (found by its hash); a coach\'s imports stay without their id and name' } },

  // Notifications and calendar.
  { name: 'notificationSettings', path: 'notificationSettings/{uid}', locate: [{ by: 'id' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'notifiche' }, deletion: { action: 'delete' } },
  { name: 'pushSubscriptions', path: 'pushSubscriptions/{sha256(endpoint)}', locate: [{ by: 'field', field: 'uid', op: '==' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'dispositivi' }, deletion: { action: 'delete' } },
  { name: 'reminderSchedule', path: 'reminderSchedule/{uid}_{kind}', locate: [{ by: 'field', field: 'uid', op: '==' }], kind: 'operational', aboutParticipants: true, export: { action: 'export', section: 'promemoria' }, deletion: { action: 'delete' } },
  { name: 'reminderDeliveries', path: 'reminderDeliveries/{uid}_{kind}_{day}', locate: [{ by: 'field', field: 'uid', op: '==' }], kind: 'operational', aboutParticipants: true, export: { action: 'export', section: 'promemoriaInviati' }, deletion: { action: 'delete' } },
  { name: 'pushDeliveries', path: 'pushDeliveries/{sha256(key, endpoint)}', locate: [{ by: 'none', why: 'a hashed key; its `key` holds the uid inside a longer string' }], kind: 'operational', aboutParticipants: true, export: { action: 'omit', why: 'a delivery claim, deleted by its TTL policy within days' }, deletion: { action: 'delete', note: 'by their ids, computed from the keys of the account\'s inbox copies and reminders with its devices\' endpoints, before those go' } },
  { name: 'emailPreferences', path: 'emailPreferences/{uid}', locate: [{ by: 'id' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'preferenzeEmail' }, deletion: { action: 'delete' } },
  { name: 'emails', path: 'emails/{sha256(key)}', locate: [{ by: 'field', field: 'uid', op: '==' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'email' }, deletion: { action: 'delete' } },
  { name: 'emailClaims', path: 'emailClaims/{sha256(key)}', locate: [{ by: 'none', why: 'a delivery claim keyed by its email\'s hashed key: found through emails' }], kind: 'operational', aboutParticipants: true, export: { action: 'omit', why: 'a delivery claim, empty but for its time; the email is exported' }, deletion: { action: 'expire', note: 'names no one; deleted by its TTL policy' } },
  { name: 'calendarFeeds', path: 'calendarFeeds/{uid}', locate: [{ by: 'id' }], kind: own, aboutParticipants: true, export: { action: 'export', section: 'calendario' }, deletion: { action: 'delete' } },

  // Sessions and limits.
  { name: 'sessions', path: 'sessions/{sha256(token)}', locate: [{ by: 'field', field: 'uid', op: '==' }], kind: 'operational', aboutParticipants: true, export: { action: 'export', section: 'sessioni' }, deletion: { action: 'delete' } },
  { name: 'deviceTokens', path: 'deviceTokens/{sha256(token)}', locate: [{ by: 'field', field: 'uid', op: '==' }], kind: 'operational', aboutParticipants: true, export: { action: 'export', section: 'dispositiviFidati' }, deletion: { action: 'delete' } },
  { name: 'rateLimits', path: 'rateLimits/{sha256(key)}_{window} (a window\'s count), rateLimits/{sha256(key)} (the last allowed attempt)', locate: [{ by: 'none', why: 'a hashed key (an email, an address or a uid inside); windows of minutes' }], kind: 'operational', aboutParticipants: true, export: { action: 'omit', why: 'counters of attempts, kept minutes' }, deletion: { action: 'expire' } },

  // Cohorts, and what lives under them.
  { name: 'cohorts', path: 'cohorts/{cohortId}', locate: [{ by: 'field', field: 'coachIds', op: 'array-contains' }], kind: 'cohort', aboutParticipants: false, export: { action: 'export', section: 'coortiGuidate' }, deletion: { action: 'remove-id', note: 'a coach leaves coachIds (only when another remains, or the cohort is archived)' } },
  { name: 'members', path: 'cohorts/{cohortId}/members/{index|version}', locate: [{ by: 'cohortSubcollection' }], kind: 'aggregate', aboutParticipants: true, export: { action: 'omit', why: 'a list of ids; membership is exported with the profile and seasons' }, deletion: { action: 'remove-id', note: 'the uid leaves ids and inactive' } },
  { name: 'weekStats', path: 'cohorts/{cohortId}/weekStats/shard-{n}', locate: [{ by: 'cohortSubcollection' }], kind: 'aggregate', aboutParticipants: true, export: { action: 'omit', why: 'sums over the cohort; the participant\'s contribution is users/{uid}.weekStats, exported with the profile' }, deletion: { action: 'remove-id', note: 'the stored contribution is taken out' } },
  { name: 'events', path: 'cohorts/{cohortId}/events/{eventId}', locate: [{ by: 'none', why: 'the cohort\'s calendar, written by its coaches, about no one' }], kind: 'cohort', aboutParticipants: false, export: { action: 'omit', why: 'the cohort\'s, not the person\'s' }, deletion: { action: 'delete', note: 'with an archived cohort only' } },
  { name: 'eventStarts', path: 'eventStarts/{cohortId}_{eventId}', locate: [{ by: 'none', why: 'an event\'s start, beside the cohort\'s calendar, about no one' }], kind: 'cohort', aboutParticipants: false, export: { action: 'omit', why: 'the cohort\'s, not the person\'s' }, deletion: { action: 'delete', note: 'with an archived cohort only' } },
  { name: 'eventEmailPlans', path: 'eventEmailPlans/{sha256(cohort, event, start)}', locate: [{ by: 'none', why: 'how far an event\'s emails got: its zones and a cursor, found by a hashed key' }], kind: 'operational', aboutParticipants: false, export: { action: 'omit', why: 'bookkeeping of the event-day email, about no one' }, deletion: { action: 'expire', note: 'deleted by its TTL policy two days after its event' } },
  { name: 'resources', path: 'cohorts/{cohortId}/resources/items (PDFs at resources/{cohortId}/… in the bucket)', locate: [{ by: 'none', why: 'the cohort\'s material; createdBy names a coach inside one document' }], kind: 'cohort', aboutParticipants: false, export: { action: 'omit', why: 'the cohort\'s, not the person\'s' }, deletion: { action: 'redact', note: 'a coach\'s createdBy is cleared; the items stay with the cohort' } },
  { name: 'inviteCodes', path: 'inviteCodes/{sha256(code)}', locate: [{ by: 'none', why: 'a cohort\'s code, about no one' }], kind: 'cohort', aboutParticipants: false, export: { action: 'omit', why: 'the cohort\'s' }, deletion: { action: 'delete', note: 'with an archived cohort only' } },

  // The deletion's own (features/privacy/delete-repository.ts).
  { name: 'accountDeletions', path: 'accountDeletions/{uid}', locate: [{ by: 'id' }], kind: 'operational', aboutParticipants: true, export: { action: 'omit', why: 'exists only while the account is being deleted' }, deletion: { action: 'delete', note: 'the last step, with the ledger\'s entry' } },
  { name: 'deletionLedger', path: 'deletionLedger/{HMAC(uid)}', locate: [{ by: 'none', why: 'a keyed hash of a deleted account\'s uid, and the day: kept so that a restored backup can be cleaned again' }], kind: 'operational', aboutParticipants: true, export: { action: 'omit', why: 'about accounts that no longer exist' }, deletion: { action: 'keep', note: 'it names no one without the server\'s key' } },

  // A coach's own.
  { name: 'coachSettings', path: 'coachSettings/{uid}', locate: [{ by: 'id' }], kind: own, aboutParticipants: false, export: { action: 'export', section: 'modelliRisposta' }, deletion: { action: 'delete' } },
  { name: 'coachDays', path: 'coachDays/{coachId}_{day}', locate: [{ by: 'idPrefix' }], kind: own, aboutParticipants: false, export: { action: 'export', section: 'attivitaCoach' }, deletion: { action: 'delete' } },
];

/** The entry of `name`; throws for a collection the table does not know (a programming error). */
export function personalDataOf(name: string): PersonalDataCollection {
  const entry = PERSONAL_DATA.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`Collezione sconosciuta: ${name}`);
  return entry;
}

/** Whom the look-ups are about: the account, and the cohorts whose subcollections may name it. */
export interface AccountScope {
  uid: string;
  /** The cohorts the account is or was a member of, and those it coaches. */
  cohortIds: string[];
}

/** What a look-up answers: documents read by reference, and queries read whole. */
export interface AccountLookups {
  refs: DocumentReference[];
  queries: Query[];
}

/** The highest character of a document id range: ids are UTF-8, and this sorts after every one the server writes. */
const ID_RANGE_END = '\uf8ff';

/**
 * The references and queries of the account's documents in `entry`'s collection, one per locator
 * (a document can be found twice, by two locators: readers keep each path once). Nothing for a
 * locator `none`: such documents are reached through another collection, or not at all.
 */
export function accountLookups(db: Firestore, entry: PersonalDataCollection, scope: AccountScope): AccountLookups {
  const refs: DocumentReference[] = [];
  const queries: Query[] = [];
  for (const locator of entry.locate) {
    switch (locator.by) {
      case 'id':
        refs.push(db.collection(entry.name).doc(scope.uid));
        break;
      case 'field':
        queries.push(db.collection(entry.name).where(locator.field, locator.op, scope.uid));
        break;
      case 'idPrefix':
        queries.push(
          db
            .collection(entry.name)
            .where(FieldPath.documentId(), '>=', `${scope.uid}_`)
            .where(FieldPath.documentId(), '<', `${scope.uid}_${ID_RANGE_END}`),
        );
        break;
      case 'userSubcollection':
        queries.push(db.collection('users').doc(scope.uid).collection(entry.name));
        break;
      case 'cohortSubcollection':
        for (const cohortId of scope.cohortIds) queries.push(db.collection('cohorts').doc(cohortId).collection(entry.name));
        break;
      case 'none':
        break;
    }
  }
  return { refs, queries };
}

/** Where the bucket keeps the account's files: the bytes of its voice notes, by the notes' ids (from `voiceNotes`). */
export function accountBlobPaths(voiceNoteIds: readonly string[]): string[] {
  return voiceNoteIds.map(voiceNoteBlobPath);
}
