import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import yauzl from 'yauzl';
import { checkInThreadId } from '@sfida/core/check-in-threads';
import { privacyExportMessages } from '@sfida/core/privacy-export';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, submitCheckIn, toggleHabit } from '@sfida/core/tracker-actions';
import { voiceNoteUploadAnswerSchema, type VoiceNote } from '@sfida/core/voice-notes';
import { PERSONAL_DATA } from '../../shared/personal-data';
import { queueEmail } from '../../shared/mail/outbox';
import { saveVoiceNote } from '../../shared/voice-note-repository';
import { userRef } from '../../shared/user-repository';
import { partDoc, partRef } from '../../shared/tracker-repository';
import { registerParticipant, startTestApp, type Client, type TestApp } from '../../test-support/api-harness';
import { must, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { fixture } from '../voice-notes/fixtures';

let app: TestApp;
/** Monday 23 March 2026, the cohort's start. */
const START = '2026-03-23';
const TZ = 'Europe/Rome';
/** Wednesday of week 1, 10:00 in Rome. */
const WEEK1 = new Date('2026-03-25T09:00:00Z');
const MINUTE = 60_000;

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(WEEK1);
});
afterAll(async () => {
  await app.close();
});

type Member = Awaited<ReturnType<typeof registerParticipant>>;

async function participant(cohortId: string, name: string): Promise<Member> {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId, challengeStartDate: START, timeZone: TZ });
  return registered;
}

/** The export as a browser downloads it: the raw bytes, and the reply's status and headers. */
async function download(client: Client): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${app.baseUrl}/api/me/export`, { headers: client.cookie ? { cookie: `__session=${client.cookie}` } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Every file of a ZIP, read back with yauzl. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries: yauzl.Entry[] = await new Promise((resolve, reject) => {
    const found: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      found.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(found));
    zip.on('error', reject);
    zip.readEntry();
  });
  const files = new Map<string, Buffer>();
  for (const entry of entries) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks));
  }
  return files;
}

/** A successful export of `client`'s account, unzipped, with dati.json and accesso.json parsed. */
async function exported(client: Client) {
  const reply = await download(client);
  expect(reply.status, reply.bytes.toString()).toBe(200);
  const files = await unzip(reply.bytes);
  const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8')) as Record<string, unknown>;
  return { reply, files, dati: json('dati.json'), accesso: json('accesso.json'), text: [...files.values()].map((b) => b.toString('latin1')).join('\n') };
}

async function recorded(client: Client, path = '/api/me/voice-notes'): Promise<VoiceNote> {
  const reply = await client.request('POST', path, { body: Buffer.from(fixture('live.webm')), headers: { 'content-type': 'audio/webm' } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return voiceNoteUploadAnswerSchema.parse(reply.body).voiceNote;
}

/** Where `needle` occurs in `text`, with a little around it: empty when nowhere (a failure shows where). */
function occurrences(text: string, needle: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) found.push(text.slice(Math.max(0, at - 60), at + needle.length + 20));
  return found;
}

/** Whether a section holds something: a list with items, or an object. */
const filled = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined);

describe('GET /api/me/export', () => {
  test('signed out: 401 with an Italian message as JSON', async () => {
    const reply = await fetch(`${app.baseUrl}/api/me/export`);
    expect(reply.status).toBe(401);
    expect(await reply.json()).toEqual({ message: expect.stringMatching(/login/) });
  });

  test('a participant with data in every collection the table exports finds each in the file, and nobody else\'s data', async () => {
    app.setNow(WEEK1);
    const coach = await signedInCoach(app, 'Giulia Coach');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Primavera' });
    const paola = await participant(cohortId, 'Paola Neri');
    const luca = await participant(cohortId, 'Luca Bianchi');
    const uid = paola.user.id;
    const { db } = app.deps;

    // Through the API, as the app does it: a tracker with a habit ticked and a check-in, a coach's
    // reply, a message each way, a cohort message, a voice note each, settings, a calendar feed, a
    // coach's note and tag.
    let tracker: TrackerData = emptyTracker(TZ, WEEK1, START);
    tracker = must(addHabit(tracker, 'Camminare', WEEK1, 'h1'));
    tracker = must(toggleHabit(tracker, 'h1', '2026-03-25', WEEK1));
    tracker = must(submitCheckIn(tracker, { mood: 2, reflection: 'Settimana dura' }, WEEK1));
    expect((await paola.client.put('/api/users/me/progress', tracker)).status).toBe(200);
    const reply = await coach.client.post(`/api/coach/check-ins/${checkInThreadId(uid, 1)}/reply`, { text: 'Ti ascolto, Paola' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const own = await recorded(paola.client);
    expect((await paola.client.post('/api/me/conversation/messages', { requestId: randomUUID(), text: 'Grazie coach', voiceNoteId: own.id })).status).toBe(201);
    const coachNote = await recorded(coach.client, `/api/coach/cohorts/${cohortId}/participants/${uid}/voice-notes`);
    const coachSays = await coach.client.post(`/api/coach/cohorts/${cohortId}/participants/${uid}/conversation/messages`, { requestId: randomUUID(), text: 'Brava!', voiceNoteId: coachNote.id });
    expect(coachSays.status, JSON.stringify(coachSays.body)).toBe(201);
    expect((await coach.client.post(`/api/coach/cohorts/${cohortId}/messages`, { requestId: randomUUID(), text: 'Ciao {nome}!', segment: 'all' })).status).toBe(201);
    await app.tasks.idle();
    const settings = await paola.client.get<{ settings: unknown }>('/api/me/notifications');
    expect((await paola.client.put('/api/me/notifications', { settings: settings.body.settings })).status).toBe(200);
    expect((await paola.client.post('/api/me/calendar-feed')).status).toBe(201);
    expect((await paola.client.put('/api/me/email-preferences', { preferences: { event: true, coachMessages: false, digest: true } })).status).toBe(200);
    const base = `/api/coach/cohorts/${cohortId}/participants/${uid}`;
    expect((await coach.client.post(`${base}/notes`, { text: 'Ha bisogno di incoraggiamento', requestId: randomUUID() })).status).toBe(201);
    expect((await coach.client.request('PATCH', `${base}/tags`, { json: { add: ['premium'] } })).status).toBe(200);
    expect((await coach.client.post(`/api/coach/cohorts/${cohortId}/packages`, { participantIds: [uid], package: 'PREMIUM', reason: 'Acquisto' })).status).toBe(200);

    // With the Admin SDK, what no route of this test's reach writes: an archived season, a team,
    // high fives given and received, an invitation, a device, reminders, a week's ranked score.
    const pushEndpoint = `https://push.example.test/wpush/v2/segreto-${randomUUID()}`;
    await Promise.all([
      userRef(db, uid).collection('seasons').doc('1').set({ season: 1, cohortId, challengeStartDate: '2025-09-01', challengeJoinedOn: null, data: JSON.stringify(tracker), totalPoints: 120, archivedAt: '2025-11-01T10:00:00.000Z' }),
      // A closed maintenance month of that season (docs/decisions/054).
      partRef(db, uid, 1, 1).set(partDoc(uid, 1, { month: 1, completions: { h1: { '2025-10-27': 'late' } }, habitDays: { h1: { '2025-10-27': Date.parse('2025-10-27T09:00:00Z') } } })),
      db.collection('teams').doc(randomUUID()).set({ cohortId, name: 'Le aquile', memberIds: [uid, luca.user.id], createdAt: WEEK1.toISOString() }),
      db.collection('highFives').doc(`2026-03-25_${uid}_${luca.user.id}`).set({ cohortId, from: uid, to: luca.user.id, fromName: 'Paola N.', day: '2026-03-25', sentAt: WEEK1.toISOString() }),
      db.collection('highFives').doc(`2026-03-25_${luca.user.id}_${uid}`).set({ cohortId, from: luca.user.id, to: uid, fromName: 'Luca B.', day: '2026-03-25', sentAt: WEEK1.toISOString() }),
      db.collection('seasonInvitations').doc(`${uid}_altra`).set({ userId: uid, fromCohortId: cohortId, targetCohortId: 'altra', cohortName: 'Autunno', startDate: '2026-09-07', pace: { kind: 'together' }, invitedBy: coach.user.id, createdAt: WEEK1.toISOString(), status: 'pending' }),
      db.collection('pushSubscriptions').doc(randomUUID()).set({ uid, endpoint: pushEndpoint, keys: { p256dh: 'chiave', auth: 'segreto-auth' }, createdAt: WEEK1.toISOString() }),
      db.collection('weeklyScores').doc(`2026-03-23_${uid}`).set({ cohortId, weekStart: '2026-03-23', userId: uid, points: 15, totalPoints: 15, streakDays: 1, streakThrough: '2026-03-25' }),
      db.collection('reminderSchedule').doc(`${uid}_habits`).set({ uid, kind: 'habits', dueAt: WEEK1 }),
      db.collection('reminderDeliveries').doc(`${uid}_habits_2026-03-25`).set({ uid, push: { title: 'Promemoria', body: 'Le tue abitudini' }, claimedAt: WEEK1 }),
    ]);

    // An email sent to her: its delivery is hers to see, not its HTML.
    await queueEmail(app.deps, { uid, kind: 'account', key: `export-test:${uid}`, email: { subject: 'Il tuo account', text: 'Testo', html: '<p>HTML-riservato</p>' } });
    await app.emails.idle();

    const { reply: answer, files, dati, accesso, text } = await exported(paola.client);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="sfida-8-settimane-dati-2026-03-25.zip"');
    expect(dati.schemaVersion).toBe(1);
    expect(dati.exportedAt).toMatch(/^2026-03-25T10:00:0\d\+01:00$/);

    // Every collection the table exports and that can hold a participant's data is in the file.
    const missing = PERSONAL_DATA.filter((entry) => entry.aboutParticipants && entry.export.action === 'export')
      .map((entry) => (entry.export.action === 'export' ? entry.export.section : ''))
      .filter((section) => !filled(dati[section]) && !filled(accesso[section]));
    expect(missing).toEqual([]);

    // What it holds: their words, the coach's name where the coach wrote, a device by its host only.
    expect(JSON.stringify(dati.checkIn)).toContain('Settimana dura');
    expect(JSON.stringify(dati.checkIn)).toContain('Giulia Coach');
    expect(JSON.stringify(dati.messaggi)).toContain('Grazie coach');
    expect(JSON.stringify(dati.messaggiRicevuti)).toContain('Ciao Paola');
    expect(dati.dispositivi).toEqual([{ servizio: 'push.example.test', createdAt: WEEK1.toISOString() }]);
    expect(dati.calendario).toMatchObject({ attivo: true });
    expect(dati.pacchetti).toEqual([{ direzione: 'il tuo pacchetto', cohortId, from: 'BASE', to: 'PREMIUM', byName: 'Giulia Coach', at: WEEK1.toISOString(), why: 'Acquisto', how: 'manual' }]);
    expect(dati.profilo).toMatchObject({ packages: { [cohortId]: 'PREMIUM' } });
    expect(dati.email).toEqual(
      expect.arrayContaining([
        { kind: 'verification', subject: 'Conferma il tuo indirizzo email', state: 'sent', attempts: 1, createdAt: expect.any(String), sentAt: expect.any(String) },
        { kind: 'account', subject: 'Il tuo account', state: 'sent', attempts: 1, createdAt: expect.any(String), sentAt: expect.any(String) },
      ]),
    );
    expect(text).not.toContain('HTML-riservato');
    expect(dati.preferenzeEmail).toMatchObject({ event: true, coachMessages: false, digest: true });
    expect(JSON.stringify(accesso.noteDelCoach)).toContain('Ha bisogno di incoraggiamento');
    expect(accesso.etichette).toEqual(['premium']);
    expect(JSON.stringify(dati.profilo)).not.toContain('premium');

    // Never a secret, nor another person's id.
    expect(occurrences(text, pushEndpoint.split('/').at(-1)!)).toEqual([]);
    expect(occurrences(text, 'segreto-auth')).toEqual([]);
    const feed = await app.deps.db.collection('calendarFeeds').doc(uid).get();
    expect(occurrences(text, String(feed.get('tokenHash')))).toEqual([]);
    expect(occurrences(text, coach.user.id)).toEqual([]);
    expect(occurrences(text, luca.user.id)).toEqual([]);
    expect(occurrences(text, 'Luca')).toEqual([]);

    // The CSVs (BOM, `;`), and their own voice note as audio, not the coach's.
    const habits = files.get('abitudini.csv')!.toString('utf8');
    expect(habits.startsWith('\uFEFFstagione;data;abitudine;stato\r\n')).toBe(true);
    expect(habits).toContain('1;2026-03-25;Camminare;fatta\r\n');
    // A closed month's day, from its part.
    expect(habits).toContain('1;2025-10-27;Camminare;');
    expect(files.get('check-in.csv')!.toString('utf8')).toContain('1;1;2026-03-25;2;Settimana dura\r\n');
    const audio = [...files.keys()].filter((name) => name.startsWith('note-vocali/'));
    expect(audio).toEqual([`note-vocali/2026-03-25-${own.id}.webm`]);
    expect(files.get(audio[0]!)!.equals(Buffer.from(fixture('live.webm')))).toBe(true);
    expect(JSON.stringify(dati.noteVocali)).toContain(coachNote.id);
  });

  test('a coach gets their own data, and a coach of another cohort nothing of this one', async () => {
    app.advance(2 * MINUTE);
    const coach = await signedInCoach(app, 'Marta Coach');
    const other = await signedInCoach(app, 'Altro Coach');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Estate' });
    const member = await participant(cohortId, 'Sara Verdi');
    expect((await coach.client.post(`/api/coach/cohorts/${cohortId}/participants/${member.user.id}/notes`, { text: 'Nota di Marta', requestId: randomUUID() })).status).toBe(201);
    const { db } = app.deps;
    // A coach's days are found by the prefix of their ids: another coach's id that starts alike stays out.
    await db.collection('coachDays').doc(`${coach.user.id}_2026-03-25`).set({ contacted: 2 });
    await db.collection('coachDays').doc(`${coach.user.id}x_2026-03-25`).set({ contacted: 9 });

    const mine = await exported(coach.client);
    expect(mine.dati.account).toMatchObject({ id: coach.user.id, role: 'OWNER' });
    expect(mine.dati.coortiGuidate).toEqual([expect.objectContaining({ id: cohortId, name: 'Estate' })]);
    expect(mine.dati.attivitaCoach).toEqual([{ day: '2026-03-25', contacted: 2 }]);
    expect(JSON.stringify(mine.accesso.noteDelCoach)).toContain('Nota di Marta');
    expect(occurrences(mine.text, member.user.id)).toEqual([]);

    const theirs = await exported(other.client);
    expect(theirs.dati.account).toMatchObject({ id: other.user.id });
    expect(occurrences(theirs.text, cohortId)).toEqual([]);
    expect(occurrences(theirs.text, 'Nota di Marta')).toEqual([]);

    const participantOwn = await exported(member.client);
    expect(participantOwn.dati.account).toMatchObject({ id: member.user.id, role: 'PARTICIPANT' });
    expect(occurrences(participantOwn.text, coach.user.id)).toEqual([]);
  });

  test('a second export less than a minute after the last is refused with an Italian message, wherever the clock\'s minute turns', async () => {
    // Ten seconds before a minute turns: a fixed window of a clock minute would allow the next one at once.
    const first = new Date('2026-03-26T09:00:50Z');
    app.setNow(first);
    const { client } = await registerParticipant(app, 'Anna Rossi');
    expect((await download(client)).status).toBe(200);
    const at = (ms: number) => app.setNow(new Date(first.getTime() + ms));
    for (const ms of [1000, 20_000, MINUTE - 500]) {
      at(ms);
      const again = await client.get('/api/me/export');
      expect(again.status, `${ms} ms after`).toBe(429);
      expect(again.body).toEqual({ message: privacyExportMessages.tooSoon });
    }
    // The refusals moved nothing: a minute after the last export it is allowed, and the minute starts again from there.
    at(MINUTE);
    expect((await download(client)).status).toBe(200);
    at(MINUTE + 30_000);
    expect((await client.get('/api/me/export')).status).toBe(429);
    at(2 * MINUTE);
    expect((await download(client)).status).toBe(200);
  });

  test('two seasons and 20 voice notes stream out: the reply has no length, and the notes are read from the bucket one at a time', async () => {
    app.advance(2 * MINUTE);
    const { client, user } = await registerParticipant(app, 'Elena Gialli');
    const { db, blobStore } = app.deps;
    const tracker = emptyTracker(TZ, WEEK1, START);
    await Promise.all(
      [1, 2].map((season) =>
        userRef(db, user.id).collection('seasons').doc(String(season)).set({ season, cohortId: user.cohortId, challengeStartDate: START, challengeJoinedOn: null, data: JSON.stringify(tracker), totalPoints: season, archivedAt: WEEK1.toISOString() }),
      ),
    );
    const notes = await Promise.all(
      Array.from({ length: 20 }, () =>
        saveVoiceNote(app.deps, { participantUid: user.id, cohortId: user.cohortId, authorUid: user.id, mime: 'audio/ogg', durationMs: 1000, bytes: 256 * 1024, createdAt: WEEK1.toISOString() }, randomBytes(256 * 1024)),
      ),
    );

    // Counts the notes' streams open at once, by wrapping the bucket the app reads.
    const read = blobStore.read.bind(blobStore);
    let open = 0;
    let most = 0;
    blobStore.read = async (path) => {
      const stream = await read(path);
      if (stream && path.startsWith('voice-notes/')) {
        most = Math.max(most, ++open);
        stream.once('close', () => open--);
      }
      return stream;
    };
    try {
      const { reply, files, dati } = await exported(client);
      expect(reply.headers.get('content-length')).toBeNull();
      expect(reply.headers.get('transfer-encoding')).toBe('chunked');
      expect((dati.stagioni as unknown[]).length).toBe(2);
      const audio = [...files.keys()].filter((name) => name.startsWith('note-vocali/')).sort();
      expect(audio).toEqual(notes.map((note) => `note-vocali/2026-03-25-${note.id}.ogg`).sort());
      expect(most).toBe(1);
    } finally {
      blobStore.read = read;
    }
  });
});
