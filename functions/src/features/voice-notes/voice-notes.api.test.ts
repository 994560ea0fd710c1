import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkInQueueSchema, checkInThreadId, type CheckInCard } from '@sfida/core/check-in-threads';
import { inboxSchema } from '@sfida/core/cohort-messages';
import { coachMessages } from '@sfida/core/coach';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { submitCheckIn } from '@sfida/core/tracker-actions';
import { MAX_VOICE_NOTE_BYTES, voiceNoteMessages, voiceNoteUploadAnswerSchema, type VoiceNote } from '@sfida/core/voice-notes';
import { disableAccount } from '../account/admin';
import { userRef } from '../../shared/user-repository';
import { saveVoiceNote, voiceNoteBlobPath, voiceNotesCollection, type VoiceNoteDoc } from '../../shared/voice-note-repository';
import { Client, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { must, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { emptyTrackEntries, endlessRun, fixture, lyingMp4, lyingOgg, lyingWebm, opusMp4 } from './fixtures';
import { isRetentionRun } from './retention-job';
import { VOICE_NOTES_PER_HOUR } from './service';

let app: TestApp;
/** Monday 15 September 2025, the cohorts' start. */
const START = '2025-09-15';
const TZ = 'Europe/Rome';
/** Thursday of week 1, 10:00 in Rome. */
const WEEK1 = new Date('2025-09-18T08:00:00Z');

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(WEEK1);
});
afterAll(async () => {
  await app.close();
});

type Member = Awaited<ReturnType<typeof registerParticipant>>;

async function participant(cohortId: string, name = 'Paola Neri'): Promise<Member> {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId, challengeStartDate: START });
  return registered;
}

/** A cohort with its coach, one of its participants, and a coach and a participant of another cohort. */
async function world() {
  const coach = await signedInCoach(app, 'Giulia Coach');
  const otherCoach = await signedInCoach(app, 'Altro Coach');
  const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
  const otherCohortId = await writeCohort(app, { coachIds: [otherCoach.user.id], startDate: START });
  const member = await participant(cohortId);
  const neighbour = await participant(cohortId, 'Luca Verdi');
  const stranger = await participant(otherCohortId, 'Sara Altri');
  return { coach, otherCoach, cohortId, otherCohortId, member, neighbour, stranger };
}

function upload(client: Client, path: string, bytes: Uint8Array, contentType = 'audio/webm') {
  return client.request('POST', path, { body: Buffer.from(bytes), headers: { 'content-type': contentType } });
}

const OWN = '/api/me/voice-notes';
const coachPath = (cohortId: string, userId: string) => `/api/coach/cohorts/${cohortId}/participants/${userId}/voice-notes`;

async function uploaded(client: Client, path: string, name = 'live.webm'): Promise<VoiceNote> {
  const reply = await upload(client, path, fixture(name));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return voiceNoteUploadAnswerSchema.parse(reply.body).voiceNote;
}

/** The notes stored for a participant's thread (documents) and the files in the bucket. */
async function storedFor(participantUid: string): Promise<{ docs: number; files: string[] }> {
  const snap = await voiceNotesCollection(app.deps.db).where('participantUid', '==', participantUid).get();
  return { docs: snap.size, files: await bucketFiles() };
}

async function bucketFiles(): Promise<string[]> {
  return readdir(`${app.deps.config.localBlobDir}/voice-notes`).catch(() => []);
}

describe('uploading a voice note', () => {
  test('a recording is checked by its bytes, stored with its length, and answered 201', async () => {
    const { member } = await world();
    for (const [name, mime] of [
      ['chrome.webm', 'audio/webm'],
      ['short.m4a', 'audio/mp4'],
      ['frag.m4a', 'audio/mp4'],
      ['short.ogg', 'audio/ogg'],
    ] as const) {
      // The Content-Type the browser sends counts for nothing: the bytes decide.
      const note = await uploaded(member.client, OWN, name);
      expect(note.mime, name).toBe(mime);
      expect(note.durationMs, name).toBeGreaterThan(1400);
      expect(note.durationMs, name).toBeLessThan(2200);
      const doc = (await readDoc(app, `voiceNotes/${note.id}`)) as VoiceNoteDoc | undefined;
      // Chrome's WebM is stored with its Duration written in (18 bytes); the others as sent.
      const bytes = fixture(name).length + (name === 'chrome.webm' ? 18 : 0);
      expect(doc).toMatchObject({ participantUid: member.user.id, authorUid: member.user.id, mime, bytes });
      expect(await app.deps.blobStore.exists(voiceNoteBlobPath(note.id))).toBe(true);
    }
  });

  test('what is not audio, too long, too large or empty is refused in Italian, and nothing is stored', async () => {
    const { member } = await world();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(200)]);
    const before = await bucketFiles();
    const cases: Array<[string, Uint8Array, number, string]> = [
      ['a PNG named as audio', png, 400, voiceNoteMessages.notAudio],
      ['a video in WebM', fixture('video.webm'), 400, voiceNoteMessages.notAudio],
      ['JSON', new TextEncoder().encode('{"nota":"audio"}'), 400, voiceNoteMessages.notAudio],
      ['125 s of Opus', fixture('long.webm'), 400, voiceNoteMessages.tooLong],
      ['125 s of AAC', fixture('long.m4a'), 400, voiceNoteMessages.tooLong],
      ['125 s of AAC whose headers say 1.25 s', lyingMp4(100, 'durations'), 400, voiceNoteMessages.tooLong],
      ['125 s of Opus whose TimecodeScale says 1.25 s', lyingWebm(100), 400, voiceNoteMessages.tooLong],
      ['122.5 s of Ogg Opus whose pre-skip hides 1.37 s', lyingOgg(122.5, 65_535), 400, voiceNoteMessages.tooLong],
      [
        '125 s of Opus in MP4 whose timescale and sample durations say 15.6 s',
        opusMp4({ layout: 'fragmented', samples: 6250, timescale: 96_000, sampleDuration: 240 }),
        400,
        voiceNoteMessages.tooLong,
      ],
      ['a fragment claiming 2^32 - 1 samples', endlessRun(), 400, voiceNoteMessages.notAudio],
      ['5 MB of empty TrackEntry elements', emptyTrackEntries(), 400, voiceNoteMessages.notAudio],
      ['nothing', new Uint8Array(0), 400, voiceNoteMessages.empty],
    ];
    for (const [what, bytes, status, message] of cases) {
      expect(await upload(member.client, OWN, bytes), what).toMatchObject({ status, body: { message } });
    }
    // One byte over 5 MB, a valid recording at its start: refused by its size alone.
    const huge = new Uint8Array(MAX_VOICE_NOTE_BYTES + 1);
    huge.set(fixture('live.webm'));
    expect(await upload(member.client, OWN, huge)).toMatchObject({ status: 413, body: { message: voiceNoteMessages.tooLarge } });
    // The same sent in chunks, with no length declared: counted as it arrives.
    const chunked = await fetch(`${app.baseUrl}${OWN}`, {
      method: 'POST',
      headers: { cookie: `__session=${member.client.cookie}`, origin: app.origin, 'content-type': 'audio/webm' },
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < huge.length; at += 1024 * 1024) controller.enqueue(huge.subarray(at, at + 1024 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toEqual({ message: voiceNoteMessages.tooLarge });
    expect(await storedFor(member.user.id)).toEqual({ docs: 0, files: before });
  });

  test(`at most ${VOICE_NOTES_PER_HOUR} an hour per account; a refused file does not count`, async () => {
    const { member, neighbour } = await world();
    expect((await upload(member.client, OWN, fixture('long.webm'))).status).toBe(400);
    for (let i = 0; i < VOICE_NOTES_PER_HOUR; i++) expect((await upload(member.client, OWN, fixture('live.webm'))).status).toBe(201);
    expect(await upload(member.client, OWN, fixture('live.webm'))).toMatchObject({ status: 429, body: { message: voiceNoteMessages.tooMany } });
    expect((await storedFor(member.user.id)).docs).toBe(VOICE_NOTES_PER_HOUR);
    // Another account's pace is its own.
    expect((await upload(neighbour.client, OWN, fixture('live.webm'))).status).toBe(201);
  });

  test('a document that cannot be written takes its file with it', async () => {
    const { member } = await world();
    const before = await bucketFiles();
    // A value Firestore refuses: the document fails after the bytes were written.
    const broken = { participantUid: member.user.id, cohortId: 'c', authorUid: member.user.id, mime: 'audio/webm', durationMs: 1500, bytes: 10, createdAt: new (class Refused {})() };
    await expect(saveVoiceNote(app.deps, broken as unknown as VoiceNoteDoc, fixture('live.webm'))).rejects.toThrow();
    expect(await storedFor(member.user.id)).toEqual({ docs: 0, files: before });
  });

  test('the participant route: signed out 401, a coach 403, a withdrawn participant 403', async () => {
    const { coach, cohortId, member, neighbour } = await world();
    expect((await upload(new Client(app), OWN, fixture('live.webm'))).status).toBe(401);
    expect(await upload(coach.client, OWN, fixture('live.webm'))).toMatchObject({ status: 403, body: { message: voiceNoteMessages.participantsOnly } });
    expect((await upload(member.client, OWN, fixture('live.webm'))).status).toBe(201);
    expect((await coach.client.post(`/api/coach/cohorts/${cohortId}/participants/${neighbour.user.id}/withdraw`)).status).toBe(200);
    expect(await upload(neighbour.client, OWN, fixture('live.webm'))).toMatchObject({ status: 403, body: { message: voiceNoteMessages.withdrawn } });
    expect((await storedFor(neighbour.user.id)).docs).toBe(0);
  });

  test('the coach route: signed out 401, participants 403, the cohort\'s coach 201, another coach 403, a participant of another cohort 404', async () => {
    const { coach, otherCoach, cohortId, member, neighbour, stranger } = await world();
    const path = coachPath(cohortId, member.user.id);
    expect((await upload(new Client(app), path, fixture('live.webm'))).status).toBe(401);
    expect(await upload(member.client, path, fixture('live.webm'))).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
    expect((await upload(neighbour.client, path, fixture('live.webm'))).status).toBe(403);
    expect((await upload(stranger.client, path, fixture('live.webm'))).status).toBe(403);
    expect(await upload(otherCoach.client, path, fixture('live.webm'))).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
    expect(await upload(coach.client, coachPath(cohortId, stranger.user.id), fixture('live.webm'))).toMatchObject({
      status: 404,
      body: { message: coachMessages.participantNotFound },
    });
    const note = await uploaded(coach.client, path);
    expect(await readDoc(app, `voiceNotes/${note.id}`)).toMatchObject({ participantUid: member.user.id, authorUid: coach.user.id, cohortId });
    // The coach's recording is checked like anyone's.
    expect(await upload(coach.client, path, fixture('long.webm'))).toMatchObject({ status: 400, body: { message: voiceNoteMessages.tooLong } });
    // A withdrawn participant's thread is read-only: nothing is recorded for it.
    expect((await coach.client.post(`/api/coach/cohorts/${cohortId}/participants/${neighbour.user.id}/withdraw`)).status).toBe(200);
    expect(await upload(coach.client, coachPath(cohortId, neighbour.user.id), fixture('live.webm'))).toMatchObject({
      status: 409,
      body: { message: voiceNoteMessages.participantWithdrawn },
    });
    expect((await storedFor(neighbour.user.id)).docs).toBe(0);
  });
});

describe('listening to a voice note', () => {
  test('only the participant of its thread and the cohort\'s coaches hear it; never cached', async () => {
    const { coach, otherCoach, member, neighbour, stranger } = await world();
    const note = await uploaded(member.client, OWN);
    const path = `/api/voice-notes/${note.id}`;
    const bytes = Buffer.from(fixture('live.webm'));

    expect((await new Client(app).get(path)).status).toBe(401);
    for (const [who, client] of [
      ['the participant', member.client],
      ['the cohort\'s coach', coach.client],
    ] as const) {
      const reply = await client.request('GET', path);
      expect(reply.status, who).toBe(200);
      expect(reply.headers.get('content-type'), who).toBe('audio/webm');
      expect(reply.headers.get('cache-control'), who).toBe('private, no-store');
      expect(reply.headers.get('content-length'), who).toBe(String(bytes.length));
    }
    const whole = await fetch(`${app.baseUrl}${path}`, { headers: { cookie: `__session=${member.client.cookie}` } });
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    // Another participant of the cohort, one of another cohort, a coach of another cohort: as if there were no such note.
    for (const [who, client] of [
      ['a participant of the same cohort', neighbour.client],
      ['a participant of another cohort', stranger.client],
      ['a coach of another cohort', otherCoach.client],
    ] as const) {
      expect(await client.get(path), who).toMatchObject({ status: 404, body: { message: voiceNoteMessages.notFound } });
    }
    expect((await member.client.get(`/api/voice-notes/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await member.client.get('/api/voice-notes/non-un-id')).status).toBe(400);
  });

  test('a coach\'s answer is heard by the participant it answers, not by the other participants', async () => {
    const { coach, cohortId, member, neighbour } = await world();
    const note = await uploaded(coach.client, coachPath(cohortId, member.user.id));
    expect((await member.client.get(`/api/voice-notes/${note.id}`)).status).toBe(200);
    expect((await neighbour.client.get(`/api/voice-notes/${note.id}`)).status).toBe(404);
  });

  test('a byte range is answered 206 with its slice; one past the end 416', async () => {
    const { member } = await world();
    const note = await uploaded(member.client, OWN);
    const bytes = Buffer.from(fixture('live.webm'));
    const get = (range: string) => fetch(`${app.baseUrl}/api/voice-notes/${note.id}`, { headers: { cookie: `__session=${member.client.cookie}`, range } });

    const first = await get('bytes=0-99');
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`);
    expect(Buffer.from(await first.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
    const tail = await get('bytes=-10');
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const open = await get('bytes=100-');
    expect(open.headers.get('content-range')).toBe(`bytes 100-${bytes.length - 1}/${bytes.length}`);
    expect((await open.arrayBuffer()).byteLength).toBe(bytes.length - 100);
    const past = await get(`bytes=${bytes.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });
});

describe('voice notes in check-ins', () => {
  async function syncCheckIn(member: Member, voiceNoteId: string | undefined): Promise<TrackerData> {
    const tracker = must(submitCheckIn(emptyTracker(TZ, WEEK1, START), { mood: 2, reflection: 'Settimana dura', voiceNoteId }, WEEK1));
    const reply = await member.client.put('/api/users/me/progress', tracker);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return tracker;
  }

  async function cardOf(client: Client, threadId: string): Promise<CheckInCard | undefined> {
    const reply = await client.get('/api/coach/check-ins');
    return checkInQueueSchema.parse(reply.body).cards.find((card) => card.id === threadId);
  }

  test('the participant\'s note reaches the coach\'s card with its length; the coach answers with one', async () => {
    const { coach, cohortId, member } = await world();
    const note = await uploaded(member.client, OWN);
    await syncCheckIn(member, note.id);
    const threadId = checkInThreadId(member.user.id, 1);
    expect((await cardOf(coach.client, threadId))?.voiceNote).toEqual(note);

    const answer = await uploaded(coach.client, coachPath(cohortId, member.user.id), 'short.m4a');
    const reply = await coach.client.post(`/api/coach/check-ins/${threadId}/reply`, { text: '', voiceNoteId: answer.id });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((reply.body as CheckInCard).reply).toMatchObject({ text: '', voiceNote: answer });

    const inbox = inboxSchema.parse((await member.client.get('/api/me/inbox')).body);
    const thread = inbox.threads.find((t) => t.weekNumber === 1);
    expect(thread?.voiceNote).toEqual(note);
    expect(thread?.reply?.voiceNote).toEqual(answer);
    expect((await member.client.get(`/api/voice-notes/${answer.id}`)).status).toBe(200);
  });

  test('a tracker cannot attach someone else\'s note, nor a coach another\'s recording', async () => {
    const { coach, cohortId, member, neighbour } = await world();
    const coachB = await signedInCoach(app, 'Secondo Coach');
    await app.deps.db.doc(`cohorts/${cohortId}`).update({ coachIds: [coach.user.id, coachB.user.id] });
    const theirs = await uploaded(neighbour.client, OWN);
    await syncCheckIn(member, theirs.id);
    const threadId = checkInThreadId(member.user.id, 1);
    const card = await cardOf(coach.client, threadId);
    expect(card).toBeDefined();
    expect(card?.voiceNote).toBeUndefined();

    // Recorded by the other coach, or for the neighbour: not this coach's answer to this check-in.
    const byOther = await uploaded(coachB.client, coachPath(cohortId, member.user.id));
    const forNeighbour = await uploaded(coach.client, coachPath(cohortId, neighbour.user.id));
    for (const id of [byOther.id, forNeighbour.id, theirs.id]) {
      expect(await coach.client.post(`/api/coach/check-ins/${threadId}/reply`, { text: 'Ciao', voiceNoteId: id })).toMatchObject({
        status: 400,
        body: { message: voiceNoteMessages.invalid },
      });
    }
    // Without a text, a reply needs its voice note.
    expect((await coach.client.post(`/api/coach/check-ins/${threadId}/reply`, { text: ' ' })).status).toBe(400);
    expect((await readDoc(app, `checkInThreads/${threadId}`))?.handled).toBe(false);
  });
});

describe('retention (the nightly job: retention-job.api.test.ts)', () => {
  test('the job runs with the reminders of 03:00 in Rome, once a day', () => {
    expect(isRetentionRun(new Date('2025-07-27T01:00:00Z'))).toBe(true); // 03:00 CEST
    expect(isRetentionRun(new Date('2025-07-27T01:14:00Z'))).toBe(true);
    expect(isRetentionRun(new Date('2025-07-27T01:15:00Z'))).toBe(false);
    expect(isRetentionRun(new Date('2025-01-27T02:05:00Z'))).toBe(true); // 03:05 CET
    expect(isRetentionRun(new Date('2025-01-27T01:05:00Z'))).toBe(false);
  });

  test('closing an account deletes the notes of its thread and those it recorded', async () => {
    const { coach, cohortId, member, neighbour } = await world();
    const own = await uploaded(member.client, OWN);
    const answer = await uploaded(coach.client, coachPath(cohortId, member.user.id));
    const other = await uploaded(neighbour.client, OWN);
    await disableAccount(app.deps, member.email);
    expect((await storedFor(member.user.id)).docs).toBe(0);
    for (const note of [own, answer]) expect(await app.deps.blobStore.exists(voiceNoteBlobPath(note.id))).toBe(false);
    expect(await app.deps.blobStore.exists(voiceNoteBlobPath(other.id))).toBe(true);
  });
});
