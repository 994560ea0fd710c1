import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deletionMessages } from '@sfida/core/account-deletion';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { submitCheckIn } from '@sfida/core/tracker-actions';
import { voiceNoteUploadAnswerSchema, type VoiceNote } from '@sfida/core/voice-notes';
import { ensureAccount } from '../account/admin';
import { Client, PASSWORD, uniqueEmail, type TestApp, startTestApp } from '../../test-support/api-harness';
import { indexMembers, must, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { fixture } from '../voice-notes/fixtures';
import { BrowserDevice, startPushService, type PushServiceStandIn } from '../../test-support/push-service';
import { checkInThreadId } from '@sfida/core/check-in-threads';
import { cohortRef } from '../../shared/cohort-repository';
import { sha256Hex } from '../../shared/crypto';
import { queueEmail } from '../../shared/mail/outbox';
import { mailboxClient } from '../../test-support/mailbox';
import { PERSONAL_DATA } from '../../shared/personal-data';
import { teamRef } from '../../shared/team-repository';
import { userRef } from '../../shared/user-repository';
import { partDoc, partRef } from '../../shared/tracker-repository';
import { ledgerIdOf } from './delete-repository';
import { deleteAccount, deleteAccountByEmail, reapplyDeletionLedger, resumePendingDeletions } from './delete-service';

let app: TestApp;
const mailbox = mailboxClient();
let pushService: PushServiceStandIn;

const TZ = 'Europe/Rome';
/** Season 1 of the first cohort; season 2 in the second, which runs together from NEXT_MONDAY. */
const START = '2026-01-05';
const WEEK1 = new Date('2026-01-07T18:00:00Z');
const NOW = new Date('2026-03-10T10:00:00Z');
const NEXT_MONDAY = '2026-03-16';

beforeAll(async () => {
  pushService = await startPushService();
  app = await startTestApp({ pushAgent: pushService.agent });
});
afterAll(async () => {
  await app.close();
  await pushService.close();
});

interface Member {
  id: string;
  email: string;
  client: Client;
}

async function participant(cohortId: string, name: string): Promise<Member> {
  const email = uniqueEmail('elimina');
  const user = await ensureAccount(app.deps, { email, password: PASSWORD, name, role: 'PARTICIPANT', cohortId, challengeStartDate: START });
  await userRef(app.deps.db, user.id).update({ onboardingCompletato: true });
  const client = new Client(app);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return { id: user.id, email, client };
}

async function uploaded(client: Client, path: string, name = 'live.webm'): Promise<VoiceNote> {
  const reply = await client.request('POST', path, { body: Buffer.from(fixture(name)), headers: { 'content-type': name.endsWith('.m4a') ? 'audio/mp4' : 'audio/webm' } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return voiceNoteUploadAnswerSchema.parse(reply.body).voiceNote;
}

const coachVoicePath = (cohortId: string, userId: string) => `/api/coach/cohorts/${cohortId}/participants/${userId}/voice-notes`;
const participantPath = (cohortId: string, userId: string) => `/api/coach/cohorts/${cohortId}/participants/${userId}`;

function expectStatus(reply: { status: number; body: unknown }, status: number) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
}

async function put(client: Client, data: TrackerData, tag?: string | null) {
  const reply = await client.request<{ tracker: TrackerData }>('PUT', '/api/users/me/progress', { json: data, headers: tag ? { 'if-match': tag } : {} });
  expectStatus(reply, 200);
  return { tracker: reply.body.tracker, tag: reply.headers.get('etag') };
}

/** The collections (or "bucket") of what `traces` found. */
function whereFound(found: string[]): string[] {
  return [...new Set(found.map((line) => (line.startsWith('bucket ') ? 'bucket' : line.split(' ')[0]!.split('/').slice(-2, -1)[0]!)))].sort();
}

/**
 * Every place the account could be: each collection of the registry, wherever it sits (a
 * collection-group query finds the subcollections under cohorts and users too), and every file of
 * the bucket. Answers what still names any of `needles`.
 */
async function traces(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  const { db } = app.deps;
  // The emulator lists no collection ids: the top-level ones are the registry's, and a subcollection
  // (its path says under which collection) is read under every document of its parent.
  const segments = (entry: (typeof PERSONAL_DATA)[number]) => entry.path.split(' ')[0]!.split('/');
  const top = PERSONAL_DATA.filter((entry) => segments(entry).length <= 2).map((entry) => entry.name);
  const nested = PERSONAL_DATA.filter((entry) => segments(entry).length > 2).map((entry) => ({ name: entry.name, parent: segments(entry)[0]! }));
  // What the registry might miss: every collection the sources name, read at the top and under users and cohorts.
  const listed = new Set(PERSONAL_DATA.map((entry) => entry.name));
  for (const name of await collectionsInSources()) {
    if (listed.has(name)) continue;
    top.push(name);
    nested.push({ name, parent: 'users' }, { name, parent: 'cohorts' });
  }
  const docs = (await Promise.all(top.map((name) => db.collection(name).get()))).flatMap((snap) => snap.docs);
  for (const { name, parent } of nested) {
    const parents = await db.collection(parent).select().get();
    for (const snap of await Promise.all(parents.docs.map((doc) => doc.ref.collection(name).get()))) docs.push(...snap.docs);
  }
  for (const doc of docs) {
    const text = `${doc.ref.path} ${JSON.stringify(doc.data())}`;
    for (const needle of needles) if (text.includes(needle)) found.push(`${doc.ref.path} names ${needle}`);
  }
  for (const file of await filesUnder(app.deps.config.localBlobDir!)) {
    const text = `${file} ${(await readFile(file)).toString('latin1')}`;
    for (const needle of needles) if (text.includes(needle)) found.push(`bucket ${file} names ${needle}`);
  }
  return found;
}

/** Every collection id the server's sources name in a `collection('…')` call. */
async function collectionsInSources(): Promise<Set<string>> {
  const sources = (await filesUnder(join(import.meta.dirname, '..', '..'))).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'));
  const names = new Set<string>();
  for (const file of sources) for (const match of (await readFile(file, 'utf8')).matchAll(/\.collection(?:Group)?\(\s*'([A-Za-z]+)'\s*\)/g)) names.add(match[1]!);
  return names;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])));
  return nested.flat();
}

async function authUserExists(uid: string): Promise<boolean> {
  return app.deps.auth.getUser(uid).then(
    () => true,
    (error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return false;
      throw error;
    },
  );
}

const confirm = (password = PASSWORD) => ({ confirm: 'ELIMINA', password });

describe('Elimina il mio account', () => {
  let coach: Awaited<ReturnType<typeof signedInCoach>>;
  let secondCoach: Awaited<ReturnType<typeof signedInCoach>>;
  let first: string;
  let second: string;
  let paola: Member;
  let quinto: Member;
  let feedPath: string;
  let phone: BrowserDevice;

  beforeAll(async () => {
    app.setNow(WEEK1);
    coach = await signedInCoach(app, 'Coach Giulia');
    secondCoach = await signedInCoach(app, 'Coach Marco');
    first = await writeCohort(app, { coachIds: [coach.user.id, secondCoach.user.id], startDate: START, name: 'Inverno' });
    second = await writeCohort(app, { coachIds: [coach.user.id, secondCoach.user.id], startDate: NEXT_MONDAY, name: 'Primavera' });
    await cohortRef(app.deps.db, second).update({ pace: 'together' });
    for (const id of [first, second]) await indexMembers(app, id);
    paola = await participant(first, 'Paola');
    quinto = await participant(first, 'Quinto');
    expectStatus(await coach.client.request('PATCH', `/api/coach/cohorts/${first}`, { json: { rules: { teamLeaderboard: true } } }), 200);
    await teamRef(app.deps.db, `squadra-${first}`).set({ cohortId: first, name: 'Lupi', memberIds: [paola.id, quinto.id], createdAt: '2026-01-05T08:00:00.000Z' });
    // A closed maintenance month of an earlier season's tracker (docs/decisions/054).
    await partRef(app.deps.db, paola.id, 1, 1).set(partDoc(paola.id, 1, { month: 1, completions: { h1: { '2025-03-03': 'late' } }, habitDays: {} }));

    // Season 1, week 1: a check-in with a voice note, the coach's answer with one of theirs.
    const note = await uploaded(paola.client, '/api/me/voice-notes');
    await put(paola.client, must(submitCheckIn(emptyTracker(TZ, WEEK1, START), { mood: 2, reflection: 'Settimana dura', voiceNoteId: note.id }, WEEK1)));
    const replyNote = await uploaded(coach.client, coachVoicePath(first, paola.id), 'short.m4a');
    expectStatus(await coach.client.post(`/api/coach/check-ins/${checkInThreadId(paola.id, 1)}/reply`, { text: 'Ti ascolto', voiceNoteId: replyNote.id }), 200);
    expectStatus(await paola.client.post('/api/me/check-ins/1/answer', { text: 'Grazie, va meglio' }), 200);

    // The conversation: her words and a recording, the coach's answers.
    const said = await uploaded(paola.client, '/api/me/voice-notes');
    expectStatus(await paola.client.post('/api/me/conversation/messages', { requestId: randomUUID(), text: 'Ciao coach, sono Paola', voiceNoteId: said.id }), 201);
    expectStatus(await coach.client.post(`${participantPath(first, paola.id)}/conversation/messages`, { requestId: randomUUID(), text: 'Ciao Paola, come va?' }), 201);

    // Teams, notes and tags, messages now and later, devices and the calendar.
    expectStatus(await quinto.client.post('/api/me/team/high-fives', { toUserId: paola.id }), 201);
    expectStatus(await paola.client.post('/api/me/team/high-fives', { toUserId: quinto.id }), 201);
    expectStatus(await coach.client.post(`${participantPath(first, paola.id)}/notes`, { text: 'Parla di Paola', requestId: randomUUID() }), 201);
    expectStatus(await coach.client.request('PATCH', `${participantPath(first, paola.id)}/tags`, { json: { add: ['premium'] } }), 200);
    // Her package here, and one bought for her email in the next cohort, waiting for a verified sign-in there.
    expectStatus(await coach.client.post(`/api/coach/cohorts/${first}/packages`, { participantIds: [paola.id], package: 'GUIDA' }), 200);
    expectStatus(await coach.client.post(`/api/coach/cohorts/${second}/package-import`, { csv: `${paola.email};Premium`, dryRun: false }), 200);
    phone = new BrowserDevice(pushService);
    expectStatus(await paola.client.post('/api/me/push-subscriptions', { ...phone.subscription, expirationTime: null }), 201);
    expectStatus(await coach.client.post(`/api/coach/cohorts/${first}/messages`, { requestId: randomUUID(), segment: 'all', text: 'Ciao {nome}!' }), 201);
    await app.tasks.idle();
    expectStatus(
      await coach.client.post(`/api/coach/cohorts/${first}/scheduled-messages`, {
        requestId: randomUUID(),
        segment: 'picked',
        userIds: [paola.id, quinto.id],
        text: 'Solo per voi',
        date: '2026-01-20',
        time: '09:00',
      }),
      201,
    );
    const feed = await paola.client.post<{ url: string }>('/api/me/calendar-feed');
    expectStatus(feed, 201);
    feedPath = new URL(feed.body.url).pathname;

    // Season 2: the coach invites those who finished; Paola accepts and syncs again.
    app.setNow(NOW);
    // Two months on, the sessions of January have ended: everyone signs in again.
    for (const [client, email] of [[coach.client, coach.user.email], [secondCoach.client, secondCoach.user.email], [paola.client, paola.email], [quinto.client, quinto.email]] as const) {
      expectStatus(await client.post('/api/auth/login', { email, password: PASSWORD }), 200);
    }
    expectStatus(await coach.client.post(`/api/coach/cohorts/${first}/new-season`, { targetCohortId: second }), 200);
    expectStatus(await paola.client.post(`/api/me/season-invitation/${second}/accept`), 200);
    const stored = await paola.client.get<TrackerData>('/api/users/me/progress');
    expectStatus(stored, 200);
    const season2 = stored.body;
    await put(paola.client, { ...season2, habits: [...season2.habits, { id: 'h-nuova', name: 'Stretching', createdAt: NOW.toISOString() }] }, stored.headers.get('etag'));
  }, 60_000);

  test('signed out: 401, and the route asks for the confirmation before anything else', async () => {
    expect(await new Client(app).post('/api/me/delete', confirm())).toMatchObject({ status: 401 });
    for (const body of [{}, { confirm: 'elimina', password: PASSWORD }, { confirm: 'SI', password: PASSWORD }, { password: PASSWORD }]) {
      expect(await quinto.client.post('/api/me/delete', body)).toMatchObject({ status: 400, body: { message: deletionMessages.confirmationMissing } });
    }
    expect(await quinto.client.post('/api/me/delete', { confirm: 'ELIMINA' })).toMatchObject({ status: 400, body: { message: deletionMessages.credentialMissing } });
    expect(await quinto.client.post('/api/me/delete', confirm('sbagliata'))).toMatchObject({ status: 403, body: { message: deletionMessages.wrongPassword } });
    // Nothing changed: Quinto is still signed in, his account whole.
    expect((await quinto.client.get('/api/auth/me')).status).toBe(200);
    expect(await authUserExists(quinto.id)).toBe(true);
  });

  test('a coach who is the only one of a cohort is refused (409) and keeps everything; a coach of another cohort deletes only themselves', async () => {
    const alone = await signedInCoach(app, 'Coach Solo');
    const own = await writeCohort(app, { coachIds: [alone.user.id], startDate: NEXT_MONDAY, name: 'Estate' });
    const refused = await alone.client.post('/api/me/delete', confirm());
    expect(refused).toMatchObject({ status: 409, body: { message: deletionMessages.lastCoach(['Estate']) } });
    expect((await alone.client.get('/api/auth/me')).status).toBe(200);
    // Archived, the cohort needs no coach: then the account can go.
    await cohortRef(app.deps.db, own).update({ archivedAt: NOW.toISOString() });
    expectStatus(await alone.client.post('/api/me/delete', confirm()), 204);
    expect(await authUserExists(alone.user.id)).toBe(false);
    expect((await cohortRef(app.deps.db, own).get()).get('coachIds')).toEqual([]);
    // Paola's and Quinto's cohort and accounts are untouched.
    expect((await quinto.client.get('/api/auth/me')).status).toBe(200);
    expect((await cohortRef(app.deps.db, first).get()).get('coachIds')).toEqual([coach.user.id, secondCoach.user.id]);
  });

  test('a participant with data everywhere is deleted: at once signed out everywhere, then nothing anywhere names her', async () => {
    // The scan reads the sources' collections too (a wrong path would make it read none).
    expect((await collectionsInSources()).size).toBeGreaterThan(30);
    // Her recordings are named by their ids, in the bucket and in the messages that carry them: looked for too.
    const notes = await app.deps.db.collection('voiceNotes').where('participantUid', '==', paola.id).get();
    expect(notes.size).toBe(3);
    const needles = [paola.id, paola.email, ...notes.docs.map((doc) => doc.id)];
    await queueEmail(app.deps, { uid: paola.id, kind: 'account', key: `delete-test:${paola.id}`, email: { subject: 'Prova', text: 'Prova', html: '<p>Prova</p>' } });
    await app.emails.idle();
    // Her data is everywhere the scan looks: what it then finds nowhere was there to be found.
    expect(whereFound(await traces(needles))).toEqual(
      expect.arrayContaining(['bucket', 'calendarFeeds', 'checkInAnswers', 'checkInHandlings', 'checkInThreads', 'cohortMessages', 'conversationMessages', 'conversations', 'deviceTokens', 'emails', 'highFives', 'inboxMessages', 'members', 'packageChanges', 'packageGrants', 'participantNotes', 'progress', 'progressParts', 'progressRevisions', 'progressSummaries', 'pushDeliveries', 'pushSubscriptions', 'reminderSchedule', 'rosterRows', 'scheduledMessages', 'seasonInvitations', 'seasons', 'sessions', 'users', 'voiceNotes', 'weeklyScores']),
    );
    // Her calendar link and her phone work until she deletes the account.
    expect((await new Client(app).get(feedPath)).status).toBe(200);
    expect(phone.received.length).toBeGreaterThan(0);
    const pushesBefore = phone.requests.length;
    const otherDevice = new Client(app);
    expectStatus(await otherDevice.post('/api/auth/login', { email: paola.email, password: PASSWORD }), 200);

    const reply = await paola.client.post('/api/me/delete', confirm());
    expectStatus(reply, 204);
    expect(reply.setCookies.some((line) => /^__session=;/.test(line))).toBe(true);
    expect(reply.headers.get('clear-site-data')).toBe('"cache"');
    for (const device of [otherDevice]) {
      expect((await device.get('/api/auth/me')).status).toBe(401);
      expect((await device.get('/api/users/me/progress')).status).toBe(401);
    }
    expect((await new Client(app).get(feedPath)).status).toBe(404);
    // Her new cohort has no one left to write to: she is out of its member index, and her phone hears nothing more.
    const toHerCohort = await secondCoach.client.post(`/api/coach/cohorts/${second}/messages`, { requestId: randomUUID(), segment: 'all', text: 'Ciao a tutti' });
    expect(toHerCohort.status).toBe(400);
    await app.tasks.idle();
    expect(phone.requests).toHaveLength(pushesBefore);
    expect(await authUserExists(paola.id)).toBe(false);
    expect(await app.deps.auth.getUserByEmail(paola.email).catch((error: { code?: string }) => error.code)).toBe('auth/user-not-found');
    expect((await otherDevice.post('/api/auth/login', { email: paola.email, password: PASSWORD })).status).toBe(401);

    // She is told by email, once sent the outbox keeps neither her address nor what it said.
    await app.emails.idle();
    const farewell = (await mailbox.to(paola.email)).filter((email) => email.subject === 'Il tuo account è stato eliminato');
    expect(farewell).toHaveLength(1);
    expect(farewell[0]!.text).toContain('Come hai chiesto dal tuo profilo');
    expect(farewell[0]!.text).toContain('I tuoi check-in, le abitudini');
    const stored = await app.deps.db.collection('emails').where('key', '==', `farewell:${sha256Hex(paola.id)}`).get();
    expect(stored.docs.map((doc) => doc.data())).toEqual([expect.objectContaining({ uid: '', to: '', text: '', html: '', state: 'sent' })]);
    expect(await traces(needles)).toEqual([]);

    // The coach's replies stay, in a thread of "Partecipante eliminato"; Quinto's team and scheduled message go on without her.
    const list = await coach.client.get<{ conversations: Array<{ name: string; lastPreview: { text: string } }> }>(`/api/coach/conversations?cohortId=${second}`);
    expectStatus(list, 200);
    expect(list.body.conversations.map((c) => c.name)).toContain('Partecipante eliminato');
    expect((await teamRef(app.deps.db, `squadra-${first}`).get()).get('memberIds')).toEqual([quinto.id]);
    expect((await app.deps.db.collection('scheduledMessages').where('userIds', 'array-contains', quinto.id).get()).docs[0]?.get('userIds')).toEqual([quinto.id]);
    // The ledger keeps her uid's keyed hash and the day, nothing else; no deletion is left pending.
    const entry = await app.deps.db.collection('deletionLedger').doc(ledgerIdOf(app.deps.config.deletionLedgerKey!, paola.id)).get();
    expect(entry.data()).toEqual({ deletedOn: '2026-03-10' });
    expect((await app.deps.db.collection('accountDeletions').doc(paola.id).get()).exists).toBe(false);
  });

  test('a coach with a second coach on each cohort is deleted the same way: nothing names them, the cohorts keep the other', async () => {
    // The coach's own traces: answers to Quinto (text and a recording), a note, messages, templates.
    app.setNow(NOW);
    const recording = await uploaded(coach.client, coachVoicePath(first, quinto.id), 'short.m4a');
    // A check-in of Quinto's (his first month of maintenance) that the coach answers with a recording.
    const monthly = must(submitCheckIn(emptyTracker(TZ, new Date('2026-01-05T08:00:00Z'), START), { mood: 3, reflection: 'Un mese dopo' }, NOW));
    await put(quinto.client, monthly);
    const quintoThread = (await app.deps.db.collection('checkInThreads').where('userId', '==', quinto.id).get()).docs[0]!;
    const replyRecording = await uploaded(coach.client, coachVoicePath(first, quinto.id), 'short.m4a');
    expectStatus(await coach.client.post(`/api/coach/check-ins/${quintoThread.id}/reply`, { text: 'Bravo', voiceNoteId: replyRecording.id }), 200);
    expectStatus(await quinto.client.post('/api/me/conversation/messages', { requestId: randomUUID(), text: 'Ciao coach' }), 201);
    expectStatus(await coach.client.post(`${participantPath(first, quinto.id)}/conversation/messages`, { requestId: randomUUID(), text: 'Ascolta', voiceNoteId: recording.id }), 201);
    expectStatus(await coach.client.post(`${participantPath(first, quinto.id)}/notes`, { text: 'Quinto va bene', requestId: randomUUID() }), 201);
    expectStatus(await coach.client.request('PUT', '/api/coach/reply-templates', { json: { templates: [{ id: 't1', title: 'Brava', text: 'Ottimo lavoro' }] } }), 200);
    // Quinto's package, and a buyer's waiting for an account: both say who set them.
    expectStatus(await coach.client.post(`/api/coach/cohorts/${first}/packages`, { participantIds: [quinto.id], package: 'PREMIUM' }), 200);
    expectStatus(await coach.client.post(`/api/coach/cohorts/${first}/package-import`, { csv: `${uniqueEmail('acquirente')};Guida`, dryRun: false }), 200);
    // Where others keep the coach's name: Quinto quotes their message, their check-in reply and their
    // message to the cohort; the coach marks him "Contattato", and reads Rosa's thread without writing in it.
    const timeline = await quinto.client.get<{ items: Array<{ id: string; kind: string; authorName: string }> }>('/api/me/conversation');
    expectStatus(timeline, 200);
    const coachItems = timeline.body.items.filter((item) => item.authorName === coach.user.name);
    const quoted = ['message', 'checkInReply', 'cohortMessage'].map((kind) => coachItems.find((item) => item.kind === kind)!.id);
    for (const replyTo of quoted) {
      expectStatus(await quinto.client.post('/api/me/conversation/messages', { requestId: randomUUID(), text: 'Ti rispondo', replyTo }), 201);
    }
    expectStatus(await coach.client.post(`/api/coach/cohorts/${first}/participants/${quinto.id}/contacted`, {}), 200);
    expect(JSON.parse(String((await userRef(app.deps.db, quinto.id).get()).get('triageContact')))).toMatchObject({ byName: coach.user.name });
    const rosa = await participant(first, 'Rosa');
    expectStatus(await rosa.client.post('/api/me/conversation/messages', { requestId: randomUUID(), text: 'Ciao, sono Rosa' }), 201);
    expectStatus(await coach.client.post(`${participantPath(first, rosa.id)}/conversation/read`, {}), 204);
    expect((await app.deps.db.collection('conversations').doc(rosa.id).get()).get('coachReadBy')).toBe(coach.user.name);
    const needles = [coach.user.id, coach.user.email, coach.user.name!, recording.id, replyRecording.id];
    expect(whereFound(await traces(needles))).toEqual(
      expect.arrayContaining(['bucket', 'coachSettings', 'cohortMessages', 'cohorts', 'conversationMessages', 'inboxMessages', 'packageChanges', 'packageGrants', 'participantNotes', 'scheduledMessages', 'seasonInvitations', 'sessions', 'users', 'voiceNotes']),
    );

    expectStatus(await coach.client.post('/api/me/delete', confirm()), 204);
    expect((await coach.client.get('/api/coach/triage')).status).toBe(401);
    expect(await authUserExists(coach.user.id)).toBe(false);
    await app.emails.idle();
    const [farewell] = (await mailbox.to(coach.user.email)).filter((email) => email.subject === 'Il tuo account è stato eliminato');
    expect(farewell!.text).toContain('Le tue coorti restano agli altri coach');
    expect(await traces(needles)).toEqual([]);
    expect((await cohortRef(app.deps.db, first).get()).get('coachIds')).toEqual([secondCoach.user.id]);
    // Quinto keeps his package and its history, without the coach who set it.
    expect((await userRef(app.deps.db, quinto.id).get()).get('packages')).toEqual({ [first]: 'PREMIUM' });
    expect((await app.deps.db.collection('packageChanges').where('userId', '==', quinto.id).get()).docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ to: 'PREMIUM', by: null, byName: null }),
    ]);
    // His check-in keeps the coach's words, without their name or recording.
    expect((await quintoThread.ref.get()).get('reply')).toMatchObject({ text: 'Bravo', coachId: '', coachName: 'Coach' });
    // Quinto's thread no longer previews the coach's words.
    expect((await app.deps.db.collection('conversations').doc(quinto.id).get()).get('lastPreview')).toEqual({ from: 'participant', text: 'Ciao coach' });
    // Quinto's own words stay in his thread.
    const thread = await quinto.client.get<{ items: Array<{ text?: string; replyTo: { authorName: string; excerpt: string } | null }> }>('/api/me/conversation');
    expectStatus(thread, 200);
    expect(JSON.stringify(thread.body)).toContain('Ciao coach');
    // His answers still quote the coach's words, now from "Coach"; so does his last "Contattato".
    expect(thread.body.items.flatMap((item) => (item.replyTo ? [item.replyTo.authorName] : []))).toEqual(['Coach', 'Coach', 'Coach']);
    expect(thread.body.items.map((item) => item.replyTo?.excerpt)).toContain('Bravo');
    expect(JSON.parse(String((await userRef(app.deps.db, quinto.id).get()).get('triageContact')))).toMatchObject({ byName: 'Coach' });
    expect((await app.deps.db.collection('conversations').doc(rosa.id).get()).get('coachReadBy')).toBeNull();
  });
});

describe('the operator\'s commands', () => {
  test('delete-account deletes by email on the same path; reapplying the ledger deletes a restored account again', async () => {
    app.setNow(NOW);
    const cohortId = await writeCohort(app, { coachIds: [], startDate: START });
    const member = await participant(cohortId, 'Rita');
    expect(await deleteAccountByEmail(app.deps, member.email.toUpperCase())).toBe(true);
    expect((await member.client.get('/api/auth/me')).status).toBe(401);
    await app.emails.idle();
    expect((await mailbox.waitFor(member.email)).map((email) => email.subject)).toEqual(['Il tuo account è stato eliminato']);
    expect(await traces([member.id, member.email])).toEqual([]);
    await expect(deleteAccountByEmail(app.deps, member.email)).rejects.toThrow(/Nessun account/);

    // A backup restored from before the deletion brings her documents back; the ledger finds them.
    await userRef(app.deps.db, member.id).set({ email: member.email, name: 'Rita', role: 'PARTICIPANT', cohortId });
    await app.deps.db.collection('progress').doc(member.id).set({ data: '{}', revision: 1 });
    const report = await reapplyDeletionLedger(app.deps);
    expect(report).toEqual({ deleted: 1, unfinished: 0 });
    // Told once, the first time: a restore's re-application sends nothing.
    await app.emails.idle();
    expect(await mailbox.to(member.email)).toHaveLength(1);
    expect(await traces([member.id, member.email])).toEqual([]);
  });
});

/** Signs a (fake) Google account in to the Auth emulator, as the browser's SDK does: its Firebase ID token. */
async function googleToken(email: string): Promise<string> {
  const claims = { sub: randomUUID(), email, email_verified: true, name: 'Gina' };
  const response = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`, requestUri: 'http://127.0.0.1', returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!response.ok || !body.idToken) throw new Error(`signInWithIdp failed: ${response.status} ${JSON.stringify(body)}`);
  return body.idToken;
}

describe('confirming a deletion', () => {
  test('a Google account confirms with a sign-in of the last five minutes, its own', async () => {
    // The token's auth_time is the real clock's: the app's runs on it here.
    app.setNow(new Date());
    const cohortId = await writeCohort(app, { coachIds: [], startDate: START });
    const email = uniqueEmail('google');
    const idToken = await googleToken(email);
    const user = await ensureAccount(app.deps, { email, password: PASSWORD, name: 'Gina', role: 'PARTICIPANT', cohortId });
    const client = new Client(app);
    expectStatus(await client.post('/api/auth/google', { idToken }), 200);
    const someoneElse = await googleToken(uniqueEmail('altro'));

    expect(await client.post('/api/me/delete', { confirm: 'ELIMINA', idToken: someoneElse })).toMatchObject({ status: 403, body: { message: deletionMessages.googleNotYours } });
    expect(await client.post('/api/me/delete', { confirm: 'ELIMINA', idToken: 'non-un-token' })).toMatchObject({ status: 403, body: { message: deletionMessages.googleNotRecent } });
    app.setNow(new Date(Date.now() + 6 * 60 * 1000));
    expect(await client.post('/api/me/delete', { confirm: 'ELIMINA', idToken })).toMatchObject({ status: 403, body: { message: deletionMessages.googleNotRecent } });
    expect(await authUserExists(user.id)).toBe(true);

    app.setNow(new Date());
    expectStatus(await client.post('/api/me/delete', { confirm: 'ELIMINA', idToken }), 204);
    expect(await authUserExists(user.id)).toBe(false);
    expect(await traces([user.id, email])).toEqual([]);
  });

  test('wrong passwords count like a login\'s: past ten from one address, even the right one is refused for a while', async () => {
    app.setNow(NOW);
    const cohortId = await writeCohort(app, { coachIds: [], startDate: START });
    const member = await participant(cohortId, 'Tina');
    for (let i = 0; i < 10; i++) expect((await member.client.post('/api/me/delete', confirm(`sbagliata-${i}`))).status).toBe(403);
    expect(await member.client.post('/api/me/delete', confirm())).toMatchObject({ status: 429, body: { message: deletionMessages.tooManyAttempts } });
    expect((await member.client.get('/api/auth/me')).status).toBe(200);
    // From another address the owner still can.
    const elsewhere = new Client(app);
    elsewhere.cookie = member.client.cookie;
    expectStatus(await elsewhere.post('/api/me/delete', confirm()), 204);
  });

  test('a deletion cut short by the bucket is cut off at once and finished by the job', async () => {
    app.setNow(NOW);
    const cohortId = await writeCohort(app, { coachIds: [], startDate: START });
    const member = await participant(cohortId, 'Ugo');
    await uploaded(member.client, '/api/me/voice-notes');
    const unreachable = { ...app.deps.blobStore, delete: () => Promise.reject(new Error('bucket non raggiungibile')) };
    expect(await deleteAccount({ ...app.deps, blobStore: unreachable }, member.id, 'self')).toBe(false);
    expect((await member.client.get('/api/auth/me')).status).toBe(401);
    expect(await authUserExists(member.id)).toBe(false);
    expect((await app.deps.db.collection('accountDeletions').doc(member.id).get()).exists).toBe(true);

    expect(await resumePendingDeletions(app.deps)).toMatchObject({ failed: 0 });
    expect(await traces([member.id, member.email])).toEqual([]);
  });
});
