import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkInThreadId } from '@sfida/core/check-in-threads';
import { inboxSchema } from '@sfida/core/cohort-messages';
import { addDays } from '@sfida/core/dates';
import { emptyTracker } from '@sfida/core/tracker';
import { submitCheckIn } from '@sfida/core/tracker-actions';
import { voiceNoteMessages, voiceNoteUploadAnswerSchema, type VoiceNote } from '@sfida/core/voice-notes';
import { cohortRef } from '../../shared/cohort-repository';
import { archivedSeasonRef } from '../../shared/season-archive-repository';
import { voiceNoteBlobPath, voiceNotesCollection, type VoiceNoteDoc } from '../../shared/voice-note-repository';
import { Client, PASSWORD, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { must, signedInCoach, updateMember, writeCohort } from '../../test-support/cohort-fixtures';
import { fixture } from './fixtures';
import { backfillVoiceNoteRetention, isRetentionRun, runVoiceNoteRetention } from './retention-job';

// The nightly retention against the real app: notes are recorded through the API at pinned days,
// then the job runs at 03:00 in Rome on the days that matter.

let app: TestApp;
const TZ = 'Europe/Rome';

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

/** 10:00 in Rome on `day` (summer or winter: 08:00 UTC is 09:00 or 10:00, the same day). */
const at = (day: string) => new Date(`${day}T08:00:00Z`);
/** The reminders run of 03:00 in Rome on `day`, the one that applies the retention. */
function nightRun(day: string): Date {
  const winter = new Date(`${day}T02:00:00Z`);
  const run = isRetentionRun(winter) ? winter : new Date(`${day}T01:00:00Z`);
  expect(isRetentionRun(run)).toBe(true);
  return run;
}
/** The last day of a programme begun on `start`: the eight weeks (56 days), then 13 maintenance months of 28 days. */
const programmeEnd = (start: string) => addDays(start, 56 + 13 * 28 - 1);

const OWN = '/api/me/voice-notes';
const coachPath = (cohortId: string, userId: string) => `/api/coach/cohorts/${cohortId}/participants/${userId}/voice-notes`;

async function uploaded(client: Client, path: string, name = 'live.webm'): Promise<VoiceNote> {
  const reply = await client.request('POST', path, { body: Buffer.from(fixture(name)), headers: { 'content-type': 'audio/webm' } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return voiceNoteUploadAnswerSchema.parse(reply.body).voiceNote;
}

/** Signs `email` in at the clock's day (months pass between recording and the night that matters). */
async function signedIn(email: string): Promise<Client> {
  const client = new Client(app);
  const login = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return client;
}

/** What `email`, signed in on `day`, is answered for the note. */
async function heard(email: string, note: VoiceNote, day: string): Promise<number> {
  app.setNow(at(day));
  return (await (await signedIn(email)).get(`/api/voice-notes/${note.id}`)).status;
}

async function bucketHas(note: VoiceNote): Promise<boolean> {
  return app.deps.blobStore.exists(voiceNoteBlobPath(note.id));
}

/** A coach's cohort begun on `startDate`, run `together` or each from their own day. */
async function cohortOf(coachId: string, startDate: string, pace: 'together' | 'ownDay'): Promise<string> {
  const id = await writeCohort(app, { coachIds: [coachId], startDate });
  await cohortRef(app.deps.db, id).update({ pace });
  return id;
}

/** A participant of `cohortId` whose challenge began on `start`. */
async function participantOf(cohortId: string, start: string) {
  const member = await registerParticipant(app, 'Paola Neri');
  await updateMember(app, member.user.id, { cohortId, challengeStartDate: start, timeZone: TZ });
  return member;
}

/** The participant sends a week's check-in with `note`, the coach answers it with a note of their own. */
async function checkInAnsweredWithNotes(member: Awaited<ReturnType<typeof participantOf>>, coach: Awaited<ReturnType<typeof signedInCoach>>, cohortId: string, start: string, day: string) {
  app.setNow(at(day));
  const note = await uploaded(member.client, OWN);
  const tracker = must(submitCheckIn(emptyTracker(TZ, at(day), start), { mood: 3, reflection: 'Prima settimana', voiceNoteId: note.id }, at(day)));
  const sync = await member.client.put('/api/users/me/progress', tracker);
  expect(sync.status, JSON.stringify(sync.body)).toBe(200);
  const answer = await uploaded(coach.client, coachPath(cohortId, member.user.id), 'short.m4a');
  const threadId = checkInThreadId(member.user.id, 1);
  const reply = await coach.client.post(`/api/coach/check-ins/${threadId}/reply`, { text: '', voiceNoteId: answer.id });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { note, answer };
}

describe('a note lives until 90 days after its own participant\'s programme ends', () => {
  test('each from their own day: a participant who starts months after the cohort keeps the notes of their check-in', async () => {
    app.setNow(at('2025-09-18'));
    const coach = await signedInCoach(app, 'Giulia Coach');
    const cohortId = await cohortOf(coach.user.id, '2025-01-06', 'ownDay');
    const start = '2025-09-15';
    const member = await participantOf(cohortId, start);
    const { note, answer } = await checkInAnsweredWithNotes(member, coach, cohortId, start, '2025-09-18');

    await runVoiceNoteRetention(app.deps, nightRun('2025-09-19'));
    expect(await heard(member.email, note, '2025-09-19')).toBe(200);
    expect(await heard(member.email, answer, '2025-09-19')).toBe(200);
    expect(await heard(coach.user.email, note, '2025-09-19')).toBe(200);

    // Past the eight weeks, in maintenance: still theirs.
    await runVoiceNoteRetention(app.deps, nightRun(addDays(start, 56 + 91)));
    // 90 days after their maintenance phase ends: kept the last of them, gone the next night.
    const end = programmeEnd(start);
    await runVoiceNoteRetention(app.deps, nightRun(addDays(end, 90)));
    expect(await heard(member.email, note, addDays(end, 90))).toBe(200);
    expect(await heard(member.email, answer, addDays(end, 90))).toBe(200);

    const report = await runVoiceNoteRetention(app.deps, nightRun(addDays(end, 91)));
    expect(report.deleted).toBeGreaterThanOrEqual(2);
    for (const gone of [note, answer]) {
      expect(await heard(member.email, gone, addDays(end, 91))).toBe(404);
      expect(await bucketHas(gone)).toBe(false);
    }
    // The thread still names them: the player answers the 404 of a missing note.
    const client = await signedIn(member.email);
    const thread = inboxSchema.parse((await client.get('/api/me/inbox')).body).threads.find((t) => t.weekNumber === 1);
    expect(thread?.voiceNote?.id).toBe(note.id);
    expect((await client.get(`/api/voice-notes/${note.id}`)).body).toEqual({ message: voiceNoteMessages.notFound });
  });

  test('all together: the notes outlive the eight weeks and go 90 days after the maintenance phase', async () => {
    app.setNow(at('2025-09-18'));
    const coach = await signedInCoach(app, 'Marco Coach');
    const start = '2025-09-15';
    const cohortId = await cohortOf(coach.user.id, start, 'together');
    const member = await participantOf(cohortId, start);
    const { note, answer } = await checkInAnsweredWithNotes(member, coach, cohortId, start, '2025-09-18');

    await runVoiceNoteRetention(app.deps, nightRun(addDays(start, 55 + 91)));
    expect(await heard(member.email, note, addDays(start, 55 + 91))).toBe(200);
    expect(await heard(coach.user.email, answer, addDays(start, 55 + 91))).toBe(200);

    const end = programmeEnd(start);
    await runVoiceNoteRetention(app.deps, nightRun(addDays(end, 90)));
    expect(await bucketHas(note)).toBe(true);
    await runVoiceNoteRetention(app.deps, nightRun(addDays(end, 91)));
    expect(await bucketHas(note)).toBe(false);
    expect(await bucketHas(answer)).toBe(false);
  });

  test('a note recorded after the programme is kept 90 days from its own day', async () => {
    const start = '2025-09-15';
    const recordedOn = addDays(programmeEnd(start), 200);
    app.setNow(at(recordedOn));
    const coach = await signedInCoach(app, 'Anna Coach');
    const cohortId = await cohortOf(coach.user.id, start, 'together');
    const member = await participantOf(cohortId, start);
    const late = await uploaded(coach.client, coachPath(cohortId, member.user.id));

    await runVoiceNoteRetention(app.deps, nightRun(addDays(recordedOn, 1)));
    await runVoiceNoteRetention(app.deps, nightRun(addDays(recordedOn, 90)));
    expect(await bucketHas(late)).toBe(true);
    await runVoiceNoteRetention(app.deps, nightRun(addDays(recordedOn, 91)));
    expect(await bucketHas(late)).toBe(false);
  });

  test('a participant moved to another cohort keeps their notes of the old one until their own programme ends', async () => {
    app.setNow(at('2025-01-09'));
    const coach = await signedInCoach(app, 'Luca Coach');
    const oldCohort = await cohortOf(coach.user.id, '2025-01-06', 'together');
    const newCohort = await cohortOf(coach.user.id, '2025-09-15', 'together');
    const member = await participantOf(oldCohort, '2025-01-06');
    const note = await uploaded(member.client, OWN);
    await updateMember(app, member.user.id, { cohortId: newCohort, challengeStartDate: '2025-09-15' });

    // The old cohort's programme is long over; the participant's own is not.
    const oldEnd = programmeEnd('2025-01-06');
    await runVoiceNoteRetention(app.deps, nightRun(addDays('2025-01-06', 55 + 91)));
    await runVoiceNoteRetention(app.deps, nightRun(addDays(oldEnd, 91)));
    expect(await bucketHas(note)).toBe(true);
    expect(await heard(member.email, note, addDays(oldEnd, 91))).toBe(200);

    const end = programmeEnd('2025-09-15');
    await runVoiceNoteRetention(app.deps, nightRun(addDays(end, 90)));
    expect(await bucketHas(note)).toBe(true);
    await runVoiceNoteRetention(app.deps, nightRun(addDays(end, 91)));
    expect(await bucketHas(note)).toBe(false);
  });

  test('a new season: the first season\'s notes follow the season the participant is in', async () => {
    app.setNow(at('2025-01-09'));
    const coach = await signedInCoach(app, 'Sara Coach');
    const first = '2025-01-06';
    const firstCohort = await cohortOf(coach.user.id, first, 'together');
    const nextCohort = await cohortOf(coach.user.id, '2026-02-02', 'ownDay');
    const member = await participantOf(firstCohort, first);
    const { note, answer } = await checkInAnsweredWithNotes(member, coach, firstCohort, first, '2025-01-09');

    // Accepted in the maintenance phase: the first season archived, the start not chosen yet.
    await archivedSeasonRef(app.deps.db, member.user.id, 1).create({
      season: 1,
      cohortId: firstCohort,
      challengeStartDate: first,
      challengeJoinedOn: null,
      data: null,
      totalPoints: 0,
      archivedAt: '2026-01-28T10:00:00.000Z',
    });
    await updateMember(app, member.user.id, { cohortId: nextCohort, challengeStartDate: null, season: 2 });
    // Without a start of its own yet, the first season's programme still counts.
    await runVoiceNoteRetention(app.deps, nightRun(addDays(programmeEnd(first), 90)));
    expect(await bucketHas(note)).toBe(true);

    const second = '2026-02-05';
    await updateMember(app, member.user.id, { challengeStartDate: second });
    await runVoiceNoteRetention(app.deps, nightRun(addDays(programmeEnd(first), 91)));
    expect(await bucketHas(note)).toBe(true);
    expect(await bucketHas(answer)).toBe(true);

    await runVoiceNoteRetention(app.deps, nightRun(addDays(programmeEnd(second), 90)));
    expect(await bucketHas(note)).toBe(true);
    await runVoiceNoteRetention(app.deps, nightRun(addDays(programmeEnd(second), 91)));
    expect(await bucketHas(note)).toBe(false);
    expect(await bucketHas(answer)).toBe(false);
  });
});

describe('the nightly run', () => {
  test('deletes bytes and documents of every note due, a bounded number a night, the rest the next nights', async () => {
    app.setNow(at('2025-09-16'));
    const coach = await signedInCoach(app, 'Piero Coach');
    const start = '2025-09-15';
    const cohortId = await cohortOf(coach.user.id, start, 'together');
    const member = await participantOf(cohortId, start);
    const notes = [await uploaded(member.client, OWN), await uploaded(member.client, OWN), await uploaded(member.client, OWN)];
    const due = nightRun(addDays(programmeEnd(start), 91));
    const first = await runVoiceNoteRetention(app.deps, due, { maxPerRun: 2 });
    expect(first.deleted).toBe(2);
    await runVoiceNoteRetention(app.deps, due, { maxPerRun: 2 });
    for (const note of notes) expect(await bucketHas(note)).toBe(false);
    const left = await voiceNotesCollection(app.deps.db).where('participantUid', '==', member.user.id).get();
    expect(left.size).toBe(0);
    expect(await readdir(`${app.deps.config.localBlobDir}/voice-notes`).catch(() => [])).not.toContain(notes[0]!.id);
  });
});

describe('notes stored before their deletable day was', () => {
  test('the migration gives each its day from its participant, once', async () => {
    app.setNow(at('2025-09-16'));
    const coach = await signedInCoach(app, 'Rita Coach');
    const start = '2025-09-15';
    const cohortId = await cohortOf(coach.user.id, start, 'together');
    const member = await participantOf(cohortId, start);
    const note = await uploaded(member.client, OWN);
    // As stored before the field was.
    const ref = voiceNotesCollection(app.deps.db).doc(note.id);
    const { deletableFrom: _, ...legacy } = (await ref.get()).data() as VoiceNoteDoc;
    await ref.delete();
    await ref.create(legacy);
    expect((await ref.get()).get('deletableFrom')).toBeUndefined();

    const first = await backfillVoiceNoteRetention(app.deps);
    expect(first.written).toBeGreaterThanOrEqual(1);
    expect((await voiceNotesCollection(app.deps.db).doc(note.id).get()).get('deletableFrom')).toBe(addDays(programmeEnd(start), 91));
    expect((await backfillVoiceNoteRetention(app.deps)).written).toBe(0);
  });
});
