import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { User } from '@sfida/core/user';
import {
  CHECK_INS_CSV_HEADER,
  EXPORT_INTERVAL_MS,
  EXPORT_SCHEMA_VERSION,
  HABITS_CSV_HEADER,
  checkInRows,
  exportFileName,
  habitRows,
  isoWithOffset,
  privacyExportMessages,
  type SeasonTracker,
} from '@sfida/core/privacy-export';
import type { ApiDeps } from '../../deps';
import { toCsv } from '../../shared/csv';
import { tooManyRequests } from '../../shared/http-error';
import { PERSONAL_DATA, type PersonalDataCollection } from '../../shared/personal-data';
import { readStoredTracker } from '../../shared/tracker-repository';
import { assembleTracker, type TrackerPart } from '@sfida/core/tracker-parts';
import { accountDocuments, exportScope, voiceNoteBytes, type ExportedDoc } from './export-repository';

// "Scarica i miei dati": every document about the caller that the personal data table finds, as
// dati.json; the coaches' notes and tags about them apart, as accesso.json (docs/decisions/044);
// their habits and check-ins as two CSV files; and the voice notes they recorded. Written into the
// ZIP as it is read: one document, one file at a time.

export type ExportDeps = Pick<ApiDeps, 'db' | 'blobStore' | 'clock' | 'limiter'>;

type Data = Record<string, unknown>;

/** What the projections know of the caller. */
interface Caller {
  uid: string;
}

/**
 * What goes in the file of each collection's document: the caller's own data, never another
 * person's (a coach's name where a message came from one, never an id, a token or an address).
 * Null leaves the document out. Every collection the table exports has one (the export fails
 * loudly otherwise, and so does its API test).
 */
const PROJECTIONS: Record<string, (doc: ExportedDoc, caller: Caller) => unknown> = {
  users: ({ data }) => omit(data, [...COACH_FIELDS_OF_USER, ...DERIVED_FIELDS_OF_USER]),
  // A copy of the profile's fields the coach's roster reads: the same fields left out as from the profile.
  rosterRows: ({ data }) => omit(data, [...COACH_FIELDS_OF_USER, ...DERIVED_FIELDS_OF_USER, 'complete']),
  // A split tracker's head (docs/decisions/054): its closed months are in trackerMesiChiusi.
  seasons: ({ data }) => ({ ...omit(data, ['data', 'points', 'closed']), tracker: parsedTracker(data.data, data.archivedAt, data.points) }),
  progress: ({ data }) => ({ ...omit(data, ['data', 'points', 'closed', 'threadWeeks']), tracker: parsedTracker(data.data, data.updatedAt, data.points) }),
  progressParts: ({ data }) => ({ ...pick(data, ['season', 'month']), ...partDays(data.data) }),
  progressSummaries: ({ data }) => omit(data, ['displayName']),
  weeklyScores: ({ data }) => omit(data, ['userId']),
  checkInThreads: ({ id, data }) => ({
    id,
    ...pick(data, ['cohortId', 'weekNumber', 'season', 'checkInId', 'mood', 'reflection', 'voiceNote', 'date', 'receivedAt', 'status', 'handledAt', 'replySeenAt', 'answer', 'updatedAt']),
    handledBy: nameOf(data.handledBy),
    reply: data.reply ? omit(data.reply as Data, ['coachId']) : null,
  }),
  conversations: ({ data }) => pick(data, ['cohortId', 'lastActivityAt', 'lastPreview', 'participantUnread', 'coachUnread', 'participantReadAt', 'coachReadAt']),
  // Ids left out: a message's names its participant, a cohort message's copy its coach.
  conversationMessages: ({ data }, caller) => ({
    ...pick(data, ['cohortId', 'from', 'authorName', 'text', 'sentAt', 'replyTo', 'voiceNote']),
    tuo: data.authorId === caller.uid,
  }),
  inboxMessages: ({ data }) => ({ ...pick(data, ['cohortId', 'coachName', 'text', 'sentAt', 'readAt']) }),
  cohortMessages: ({ id, data }) => ({ id, ...omit(data, ['recipients', 'recipientIds', 'coachId']), destinatari: recipientCount(data) }),
  scheduledMessages: ({ id, data }) => ({ id, ...omit(data, ['userIds', 'coachId']), destinatariScelti: Array.isArray(data.userIds) ? data.userIds.length : null }),
  voiceNotes: ({ id, data }, caller) => ({
    id,
    ...pick(data, ['cohortId', 'mime', 'durationMs', 'bytes', 'createdAt', 'deletableFrom']),
    registrataDaTe: data.authorUid === caller.uid,
    file: data.authorUid === caller.uid ? voiceNoteFileName(id, data) : null,
  }),
  teams: ({ data }) => ({ ...pick(data, ['cohortId', 'name', 'createdAt']), membri: Array.isArray(data.memberIds) ? data.memberIds.length : 0 }),
  highFives: ({ data }, caller) => ({ ...pick(data, ['cohortId', 'day', 'sentAt', 'timeZone']), direzione: data.from === caller.uid ? 'dato' : 'ricevuto' }),
  seasonInvitations: ({ data }) => omit(data, ['userId', 'invitedBy']),
  participantNotes: ({ data }, caller) =>
    data.userId === caller.uid
      ? { direzione: 'su di te', ...pick(data, ['cohortId', 'authorName', 'text', 'createdAt', 'editedAt']) }
      : { direzione: 'scritta da te', ...pick(data, ['cohortId', 'text', 'createdAt', 'editedAt']) },
  packageChanges: ({ data }, caller) =>
    data.userId === caller.uid
      ? { direzione: 'il tuo pacchetto', ...pick(data, ['cohortId', 'from', 'to', 'byName', 'at', 'why', 'how']) }
      : { direzione: 'impostato da te', ...pick(data, ['cohortId', 'from', 'to', 'at', 'why', 'how']) },
  notificationSettings: ({ data }) => data,
  pushSubscriptions: ({ data }) => ({ servizio: hostOf(data.endpoint), createdAt: data.createdAt ?? null }),
  reminderSchedule: ({ data }) => pick(data, ['kind', 'dueAt']),
  reminderDeliveries: ({ id, data }) => ({ id: id.startsWith(`${String(data.uid)}_`) ? id.slice(String(data.uid).length + 1) : id, ...pick(data, ['push', 'claimedAt']) }),
  // What was sent and how it went; the text is what the app already shows (messages, notices).
  emailPreferences: ({ data }) => data,
  emails: ({ data }) => pick(data, ['kind', 'subject', 'state', 'attempts', 'createdAt', 'sentAt']),
  calendarFeeds: ({ data }) => ({ attivo: true, createdAt: data.createdAt ?? null }),
  sessions: ({ data }) => sessionTimes(data),
  deviceTokens: ({ data }) => ({ createdAt: instantOf(data.createdAt), scade: data.expireAt ?? null }),
  cohorts: ({ id, data }) => ({ id, ...pick(data, ['name', 'startDate', 'createdAt', 'archivedAt', 'pace', 'rules', 'communityLink', 'reservedEventsText']) }),
  coachSettings: ({ data }) => data,
  coachDays: ({ id, data }, caller) => ({ day: id.slice(caller.uid.length + 1), ...data }),
};

/** What a calendar feed's section says when there is none: that there is none, never a token. */
const ABSENT: Record<string, unknown> = { calendarFeeds: { attivo: false } };

/** The coaches' fields on a participant's user document: in accesso.json, not among the caller's own data. */
const COACH_FIELDS_OF_USER = ['coachTags', 'notePreview', 'triageHandled', 'triageSnoozed', 'triageSnoozedUntil', 'triageContact', 'triageOpen', 'triageRank', 'triageDueAt'];
/** Worked out from the tracker, or the hashes of ended sessions: nothing the person gave or chose. */
const DERIVED_FIELDS_OF_USER = ['rosterDigest', 'weekStats', 'endedSessions', 'searchName'];

/** The collections whose documents go to accesso.json: what coaches wrote about the caller. */
const ACCESS_FILE = new Set(['participantNotes']);

function pick(data: Data, keys: readonly string[]): Data {
  return Object.fromEntries(keys.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]));
}

function omit(data: Data, keys: readonly string[]): Data {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !keys.includes(key)));
}

function nameOf(value: unknown): { name: string } | null {
  return value && typeof value === 'object' && typeof (value as Data).name === 'string' ? { name: (value as Data).name as string } : null;
}

function recipientCount(data: Data): number {
  if (typeof data.recipients === 'string') return data.recipients === '' ? 0 : data.recipients.split('/').length;
  return Array.isArray(data.recipientIds) ? data.recipientIds.length : 0;
}

/** A push subscription's service, by its host alone: the rest of the endpoint is a secret of the device. */
function hostOf(endpoint: unknown): string | null {
  try {
    return typeof endpoint === 'string' ? new URL(endpoint).host : null;
  } catch {
    return null;
  }
}

function instantOf(ms: unknown): string | null {
  return typeof ms === 'number' ? new Date(ms).toISOString() : null;
}

function sessionTimes(data: Data): Data {
  return { createdAt: instantOf(data.createdAt), lastSeenAt: instantOf(data.lastSeenAt), expiresAt: instantOf(data.expiresAt) };
}

function parsedTracker(raw: unknown, storedAt: unknown, points?: unknown) {
  return typeof raw === 'string' ? readStoredTracker(raw, storedAt, points) : null;
}

/** A closed month's completions and change stamps, as a part keeps them. */
function partDays(raw: unknown): Pick<TrackerPart, 'completions' | 'habitDays'> {
  try {
    const { completions, habitDays } = JSON.parse(String(raw)) as Partial<TrackerPart>;
    return { completions: completions ?? {}, habitDays: habitDays ?? {} };
  } catch {
    return { completions: {}, habitDays: {} };
  }
}

const AUDIO_EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/mp4': 'm4a', 'audio/ogg': 'ogg' };

function voiceNoteFileName(id: string, data: Data): string {
  const day = typeof data.createdAt === 'string' ? data.createdAt.slice(0, 10) : 'nota';
  return `note-vocali/${day}-${id}.${AUDIO_EXTENSIONS[String(data.mime)] ?? 'audio'}`;
}

/** Whether the table finds this collection's documents one by id alone: its section is then one object, not a list. */
function singleDocument(entry: PersonalDataCollection): boolean {
  return entry.locate.length === 1 && entry.locate[0]!.by === 'id';
}

/** What the JSON pass gathers for the files after it. */
interface Gathered {
  trackers: SeasonTracker[];
  /** The closed months of each season's tracker, put back into it for the CSVs. */
  parts: Map<number, TrackerPart[]>;
  ownVoiceNotes: string[];
  fileNames: Map<string, string>;
  access: Array<{ section: string; items: unknown[] }>;
  coachFields: Data;
}

/** dati.json, written as it is read: the header, then one section per exported collection of the table. */
async function* datiJson(deps: ExportDeps, caller: User, gathered: Gathered, exportedAt: string): AsyncGenerator<string> {
  const scope = await exportScope(deps.db, caller.id);
  const who: Caller = { uid: caller.id };
  yield `{"schemaVersion":${EXPORT_SCHEMA_VERSION},"exportedAt":${JSON.stringify(exportedAt)},"account":${JSON.stringify({ id: caller.id, email: caller.email, role: caller.role })}`;
  for (const entry of PERSONAL_DATA) {
    if (entry.export.action !== 'export') continue;
    const project = PROJECTIONS[entry.name];
    if (!project) throw new Error(`Nessuna esportazione per la collezione ${entry.name}`);
    const { section } = entry.export;
    const toAccess = ACCESS_FILE.has(entry.name);
    const items: unknown[] = [];
    let opened = false;
    if (!toAccess && !singleDocument(entry)) {
      yield `,${JSON.stringify(section)}:[`;
      opened = true;
    }
    let count = 0;
    for await (const doc of accountDocuments(deps.db, entry, scope)) {
      gather(entry.name, doc, caller.id, gathered);
      const item = project(doc, who);
      if (item === null) continue;
      if (toAccess || !opened) items.push(item);
      else yield (count++ > 0 ? ',' : '') + JSON.stringify(item);
    }
    if (toAccess) gathered.access.push({ section, items });
    else if (opened) yield ']';
    else yield `,${JSON.stringify(section)}:${JSON.stringify(items[0] ?? ABSENT[entry.name] ?? null)}`;
  }
  yield '}';
}

/** Keeps what the files after dati.json need: the trackers (for the CSVs), the own voice notes, the coaches' fields. */
function gather(collection: string, doc: ExportedDoc, uid: string, gathered: Gathered): void {
  const { data } = doc;
  if (collection === 'progress' || collection === 'seasons') {
    const tracker = parsedTracker(data.data, collection === 'progress' ? data.updatedAt : data.archivedAt, data.points);
    const season = collection === 'seasons' ? Number(data.season) : (tracker?.season ?? 1);
    if (tracker) gathered.trackers.push({ season, tracker });
  } else if (collection === 'progressParts') {
    const season = Number(data.season);
    gathered.parts.set(season, [...(gathered.parts.get(season) ?? []), { month: Number(data.month), ...partDays(data.data) }]);
  } else if (collection === 'voiceNotes' && data.authorUid === uid) {
    gathered.ownVoiceNotes.push(doc.id);
    gathered.fileNames.set(doc.id, voiceNoteFileName(doc.id, data));
  } else if (collection === 'users') {
    gathered.coachFields = pick(data, COACH_FIELDS_OF_USER);
  }
}

/** accesso.json: what the caller's coaches wrote about them, theirs to read (art. 15) but not to port. */
function accessoJson(gathered: Gathered, exportedAt: string): string {
  const { coachTags, triageContact, triageHandled, triageSnoozed, triageSnoozedUntil } = gathered.coachFields;
  let contact: unknown = null;
  if (typeof triageContact === 'string') {
    try {
      contact = JSON.parse(triageContact);
    } catch {
      contact = null;
    }
  }
  return JSON.stringify(
    {
      schemaVersion: EXPORT_SCHEMA_VERSION,
      exportedAt,
      spiegazione:
        'Ciò che i coach della tua coorte hanno scritto su di te: note private, etichette e contatti. Puoi leggerlo, ma non è un dato che hai fornito tu, per questo è separato da dati.json.',
      ...Object.fromEntries(gathered.access.map(({ section, items }) => [section, items])),
      etichette: Array.isArray(coachTags) ? coachTags : [],
      ultimoContatto: contact,
      promemoriaDelCoach: { gestiti: triageHandled ?? [], rimandati: triageSnoozed ?? [], rimandatiFinoAl: triageSnoozedUntil ?? null },
    },
    null,
    2,
  );
}

/** An export under way: its file name, and the ZIP as it is written. */
export interface AccountExport {
  filename: string;
  zip: Readable;
}

/**
 * Starts the caller's export (refused with a 429 less than EXPORT_INTERVAL_MS after the last one): the
 * ZIP is written as it is read, dati.json first, then accesso.json, the CSVs and the voice notes.
 * Logged when done, without personal data.
 */
export async function startAccountExport(deps: ExportDeps, caller: User, kind: 'self' | 'operator' = 'self'): Promise<AccountExport> {
  if (kind === 'self') {
    // A minute from the last export, not a clock's minute: two exports a second apart are refused wherever the minute turns.
    const attempt = await deps.limiter.oncePer(`data-export:${caller.id}`, EXPORT_INTERVAL_MS);
    if (!attempt.allowed) throw tooManyRequests(privacyExportMessages.tooSoon, attempt.retryAfterSeconds);
  }
  const started = Date.now();
  const now = deps.clock();
  const exportedAt = isoWithOffset(now, caller.timeZone);
  const gathered: Gathered = { trackers: [], parts: new Map(), ownVoiceNotes: [], fileNames: new Map(), access: [], coachFields: {} };
  const zip = new ZipFile();
  const output = new PassThrough();
  zip.outputStream.pipe(output);
  zip.on('error', (error: Error) => output.destroy(error));

  const json = Readable.from(datiJson(deps, caller, gathered, exportedAt));
  json.on('error', (error) => output.destroy(error));
  zip.addReadStream(json, 'dati.json', { mtime: now });

  void (async () => {
    await finished(json);
    zip.addBuffer(Buffer.from(accessoJson(gathered, exportedAt)), 'accesso.json', { mtime: now });
    const trackers = gathered.trackers.map(({ season, tracker }) => ({ season, tracker: assembleTracker(tracker, gathered.parts.get(season) ?? []) }));
    zip.addBuffer(Buffer.from(toCsv([HABITS_CSV_HEADER, ...habitRows(trackers)])), 'abitudini.csv', { mtime: now });
    zip.addBuffer(Buffer.from(toCsv([CHECK_INS_CSV_HEADER, ...checkInRows(trackers)])), 'check-in.csv', { mtime: now });
    for (const id of gathered.ownVoiceNotes) {
      // Opened only when the ZIP reaches it: one note's bytes on their way at a time. Audio is compressed already.
      zip.addReadStreamLazy(gathered.fileNames.get(id)!, { mtime: now, compress: false }, (done) => {
        voiceNoteBytes(deps.blobStore, id).then(
          (stream) => done(null, stream ?? Readable.from([])),
          (error: unknown) => done(error, Readable.from([])),
        );
      });
    }
    zip.end();
    await finished(output);
    console.log('Esportazione dei dati:', JSON.stringify({ at: now.toISOString(), kind, role: caller.role, durationMs: Date.now() - started, voiceNotes: gathered.ownVoiceNotes.length }));
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));

  return { filename: exportFileName(now, caller.timeZone), zip: output };
}
