import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'csv-parse/sync';
import { coachMessages, rosterPageSchema, type RosterPage } from '@sfida/core/coach';
import { messageTexts, sentMessageSchema, type AudiencePreview } from '@sfida/core/cohort-messages';
import {
  cohortTagsSchema,
  MAX_COHORT_TAGS,
  MAX_TAGS,
  noteTexts,
  participantNoteSchema,
  participantNotesSchema,
  participantTagsSchema,
  tagTexts,
  type ParticipantNote,
} from '@sfida/core/participant-notes';
import { emptyTracker } from '@sfida/core/tracker';
import { bulkAnswerSchema, bulkMessages } from '@sfida/core/bulk';
import { addParticipantNote } from '../../shared/participant-note-repository';
import { cohortRef } from '../../shared/cohort-repository';
import { userRef } from '../../shared/user-repository';
import { Client, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { countReads } from '../../test-support/read-counter';
import { signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';

let app: TestApp;
const START = '2025-09-15';
const NOW = new Date('2025-09-18T08:00:00Z');
const TZ = 'Europe/Rome';

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(NOW);
});
afterAll(async () => {
  await app.close();
});

const coach = (name?: string) => signedInCoach(app, name);
const cohort = (coachIds: string[]) => writeCohort(app, { coachIds, startDate: START });

async function participant(cohortId: string, name: string) {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId });
  return registered;
}

const patch = (client: Client, path: string, json: unknown) => client.request('PATCH', path, { json });
const del = (client: Client, path: string) => client.request('DELETE', path);
const base = (cohortId: string, userId: string) => `/api/coach/cohorts/${cohortId}/participants/${userId}`;
let requests = 0;
const requestId = () => `richiesta-nota-${++requests}-${Date.now()}`;

/** A coach of a cohort with one participant; another cohort with its own coach and participant. */
async function scene() {
  const mine = await coach('Giulia Coach');
  const colleague = await coach('Luca Coach');
  const stranger = await coach('Altro Coach');
  const cohortId = await cohort([mine.user.id, colleague.user.id]);
  const otherCohortId = await cohort([stranger.user.id]);
  const member = await participant(cohortId, 'Paola Rossi');
  const outsider = await participant(otherCohortId, 'Elena Neri');
  return { mine, colleague, stranger, cohortId, otherCohortId, member, outsider };
}

describe('who may reach notes and tags', () => {
  test('signed out 401, a participant of the cohort or of another 403, a coach of another cohort 403, its coaches 2xx', async () => {
    const { mine, stranger, cohortId, member, outsider } = await scene();
    const added = await mine.client.post<ParticipantNote>(`${base(cohortId, member.user.id)}/notes`, { text: 'Prima nota', requestId: requestId() });
    expect(added.status).toBe(201);
    const noteId = added.body.id;
    const calls: Array<[method: string, path: string, json?: unknown]> = [
      ['GET', `/api/coach/cohorts/${cohortId}/tags`],
      ['PATCH', `${base(cohortId, member.user.id)}/tags`, { add: ['premium'] }],
      ['GET', `${base(cohortId, member.user.id)}/notes`],
      ['POST', `${base(cohortId, member.user.id)}/notes`, { text: 'Altra nota', requestId: 'richiesta-matrice-1' }],
      ['PATCH', `${base(cohortId, member.user.id)}/notes/${noteId}`, { text: 'Modificata' }],
      ['DELETE', `${base(cohortId, member.user.id)}/notes/${noteId}`],
    ];
    for (const [method, path, json] of calls) {
      const as = (client: Client) => client.request(method, path, json === undefined ? {} : { json });
      expect((await as(new Client(app))).status, `${method} ${path} signed out`).toBe(401);
      expect(await as(member.client), `${method} ${path} its participant`).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect(await as(outsider.client), `${method} ${path} another cohort's participant`).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect(await as(stranger.client), `${method} ${path} another cohort's coach`).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
    }
    // Nothing the refused callers sent was stored.
    expect((await readDoc(app, `users/${member.user.id}`))?.coachTags).toBeUndefined();
    const listed = participantNotesSchema.parse((await mine.client.get(`${base(cohortId, member.user.id)}/notes`)).body);
    expect(listed.notes.map((n) => n.text)).toEqual(['Prima nota']);
    // Its coach: every call goes through.
    const statuses = [];
    for (const [method, path, json] of calls) statuses.push((await mine.client.request(method, path, json === undefined ? {} : { json })).status);
    expect(statuses).toEqual([200, 200, 200, 201, 200, 204]);
  });

  test('a participant of another cohort, or a coach, named in the path is not found', async () => {
    const { mine, cohortId, outsider } = await scene();
    for (const userId of [outsider.user.id, mine.user.id, 'nessuno']) {
      for (const [method, path, json] of [
        ['GET', `${base(cohortId, userId)}/notes`, undefined],
        ['POST', `${base(cohortId, userId)}/notes`, { text: 'Nota', requestId: requestId() }],
        ['PATCH', `${base(cohortId, userId)}/tags`, { add: ['premium'] }],
      ] as const) {
        expect(await mine.client.request(method, path, json === undefined ? {} : { json }), `${method} ${userId}`).toMatchObject({
          status: 404,
          body: { message: coachMessages.participantNotFound },
        });
      }
    }
    expect(await readDoc(app, `users/${outsider.user.id}`)).not.toHaveProperty('notePreview');
  });
});

describe('notes', () => {
  test('dated, with their author, newest first, shared by the cohort’s coaches; only the author edits or deletes', async () => {
    const { mine, colleague, cohortId, member } = await scene();
    const url = `${base(cohortId, member.user.id)}/notes`;
    const first = await mine.client.post(url, { text: '  Ha un infortunio al ginocchio.\nRiprende tra due settimane.  ', requestId: requestId() });
    expect(first.status).toBe(201);
    const note = participantNoteSchema.parse(first.body);
    expect(note).toMatchObject({ text: 'Ha un infortunio al ginocchio.\nRiprende tra due settimane.', authorId: mine.user.id, authorName: 'Giulia Coach', createdAt: NOW.toISOString(), editedAt: null, mine: true });

    app.setNow(new Date(NOW.getTime() + 60_000));
    try {
      expect((await colleague.client.post(url, { text: 'Chiamata fatta', requestId: requestId() })).status).toBe(201);
    } finally {
      app.setNow(NOW);
    }
    const asColleague = participantNotesSchema.parse((await colleague.client.get(url)).body).notes;
    expect(asColleague.map((n) => [n.text, n.authorName, n.mine])).toEqual([
      ['Chiamata fatta', 'Luca Coach', true],
      ['Ha un infortunio al ginocchio.\nRiprende tra due settimane.', 'Giulia Coach', false],
    ]);

    // Another coach's note: 403, unchanged.
    expect(await patch(colleague.client, `${url}/${note.id}`, { text: 'Riscritta' })).toMatchObject({ status: 403, body: { message: noteTexts.notYourNote } });
    expect(await del(colleague.client, `${url}/${note.id}`)).toMatchObject({ status: 403, body: { message: noteTexts.notYourNote } });
    expect(await readDoc(app, `participantNotes/${note.id}`)).toMatchObject({ text: note.text, editedAt: null });

    const edited = await patch(mine.client, `${url}/${note.id}`, { text: 'Infortunio: riprende lunedì' });
    expect(edited.status).toBe(200);
    expect(participantNoteSchema.parse(edited.body)).toMatchObject({ text: 'Infortunio: riprende lunedì', editedAt: NOW.toISOString(), createdAt: NOW.toISOString() });

    // A note on another participant, or one that does not exist, is not found through this one.
    const other = await participant(cohortId, 'Marco Bianchi');
    expect(await patch(mine.client, `${base(cohortId, other.user.id)}/notes/${note.id}`, { text: 'x' })).toMatchObject({ status: 404, body: { message: noteTexts.noteNotFound } });
    expect(await del(mine.client, `${url}/nota-inesistente`)).toMatchObject({ status: 404, body: { message: noteTexts.noteNotFound } });

    expect((await del(mine.client, `${url}/${note.id}`)).status).toBe(204);
    expect(participantNotesSchema.parse((await mine.client.get(url)).body).notes.map((n) => n.text)).toEqual(['Chiamata fatta']);
    expect(await readDoc(app, `participantNotes/${note.id}`)).toBeUndefined();
  });

  test('a retry with the same request id adds one note; a reused id for another text is 409; bad input 400 in Italian', async () => {
    const { mine, cohortId, member } = await scene();
    const url = `${base(cohortId, member.user.id)}/notes`;
    const id = requestId();
    const [a, b] = await Promise.all([mine.client.post(url, { text: 'Una volta', requestId: id }), mine.client.post(url, { text: 'Una volta', requestId: id })]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body).toEqual(b.body);
    expect(await mine.client.post(url, { text: 'Un’altra', requestId: id })).toMatchObject({ status: 409, body: { message: noteTexts.requestReused } });
    expect(participantNotesSchema.parse((await mine.client.get(url)).body).notes).toHaveLength(1);

    for (const [body, message] of [
      [{ text: '   ', requestId: requestId() }, noteTexts.textRequired],
      [{ text: 'x'.repeat(2001), requestId: requestId() }, noteTexts.textTooLong],
      [{ text: 'Nota' }, noteTexts.requestId],
      [{ text: 'a\u202Eb', requestId: requestId() }, 'Il testo contiene caratteri che ne cambiano la direzione di lettura: non sono ammessi'],
    ] as const) {
      expect(await mine.client.post(url, body), JSON.stringify(body).slice(0, 40)).toMatchObject({ status: 400, body: { message } });
    }
  });

  test('the roster row previews the latest note’s first line from the page it reads anyway; edits and deletions follow', async () => {
    const { mine, colleague, cohortId, member } = await scene();
    const quiet = await participant(cohortId, 'Zeno Senza Note');
    const url = `${base(cohortId, member.user.id)}/notes`;
    const rosterUrl = `/api/coach/cohorts/${cohortId}/participants`;
    const rowOf = async (userId: string) => rosterPageSchema.parse((await mine.client.get<RosterPage>(rosterUrl)).body).rows.find((r) => r.userId === userId)!;

    const older = participantNoteSchema.parse((await mine.client.post(url, { text: 'Vecchia nota', requestId: requestId() })).body);
    app.setNow(new Date(NOW.getTime() + 60_000));
    let newer: ParticipantNote;
    try {
      newer = participantNoteSchema.parse((await colleague.client.post(url, { text: '\nDa richiamare giovedì\nperché ha saltato il check-in', requestId: requestId() })).body);
    } finally {
      app.setNow(NOW);
    }
    const { result, reads } = await countReads(app.deps.db, () => mine.client.get<RosterPage>(rosterUrl));
    // The session, the coach, the cohort and the page of participants: no note read.
    expect(reads).toBeLessThanOrEqual(3 + 2 + 2);
    const rows = rosterPageSchema.parse(result.body).rows;
    expect(rows.find((r) => r.userId === member.user.id)!.latestNote).toEqual({ text: 'Da richiamare giovedì', authorName: 'Luca Coach', createdAt: new Date(NOW.getTime() + 60_000).toISOString() });
    expect(rows.find((r) => r.userId === quiet.user.id)!.latestNote).toBeNull();

    expect((await patch(colleague.client, `${url}/${newer.id}`, { text: 'Richiamato: tutto bene' })).status).toBe(200);
    expect((await rowOf(member.user.id)).latestNote?.text).toBe('Richiamato: tutto bene');
    // Editing an older note leaves the preview on the newest.
    expect((await patch(mine.client, `${url}/${older.id}`, { text: 'Vecchia nota, corretta' })).status).toBe(200);
    expect((await rowOf(member.user.id)).latestNote?.text).toBe('Richiamato: tutto bene');
    // Deleting the newest shows the one before; deleting that one, none.
    expect((await del(colleague.client, `${url}/${newer.id}`)).status).toBe(204);
    expect((await rowOf(member.user.id)).latestNote).toMatchObject({ text: 'Vecchia nota, corretta', authorName: 'Giulia Coach' });
    expect((await del(mine.client, `${url}/${older.id}`)).status).toBe(204);
    expect((await rowOf(member.user.id)).latestNote).toBeNull();

    // A long first line is cut.
    expect((await mine.client.post(url, { text: 'a'.repeat(300), requestId: requestId() })).status).toBe(201);
    expect((await rowOf(member.user.id)).latestNote?.text).toBe(`${'a'.repeat(120)}…`);
  });

  test('another feature adds a note in its own flow through the shared repository, and the coaches see it', async () => {
    const { mine, cohortId, member } = await scene();
    const { created, note } = await addParticipantNote(app.deps.db, { cohortId, userId: member.user.id, author: mine.user, text: 'Contattato: sta meglio', now: NOW });
    expect(created).toBe(true);
    const listed = participantNotesSchema.parse((await mine.client.get(`${base(cohortId, member.user.id)}/notes`)).body).notes;
    expect(listed).toEqual([{ id: note.id, text: 'Contattato: sta meglio', authorId: mine.user.id, authorName: 'Giulia Coach', createdAt: NOW.toISOString(), editedAt: null, mine: true }]);
  });
});

describe('tags', () => {
  test('normalised, added and taken off; the cohort keeps the tags in use; limits in Italian', async () => {
    const { mine, cohortId, member } = await scene();
    const other = await participant(cohortId, 'Marco Bianchi');
    const url = `${base(cohortId, member.user.id)}/tags`;
    const tagsOfCohort = async () => cohortTagsSchema.parse((await mine.client.get(`/api/coach/cohorts/${cohortId}/tags`)).body).tags;
    expect(await tagsOfCohort()).toEqual([]);

    const added = await patch(mine.client, url, { add: ['  Da   Richiamare ', 'Premium', 'premium', 'Infortunio'] });
    expect(added.status).toBe(200);
    expect(participantTagsSchema.parse(added.body).tags).toEqual(['da richiamare', 'premium', 'infortunio']);
    expect((await patch(mine.client, `${base(cohortId, other.user.id)}/tags`, { add: ['PREMIUM'] })).body).toEqual({ tags: ['premium'] });
    expect(await tagsOfCohort()).toEqual(['da richiamare', 'infortunio', 'premium']);

    // Off this participant: still on the other, so the cohort keeps it; the last holder of a tag takes it off the list.
    expect((await patch(mine.client, url, { remove: ['PREMIUM', 'infortunio'] })).body).toEqual({ tags: ['da richiamare'] });
    expect(await tagsOfCohort()).toEqual(['da richiamare', 'premium']);
    expect((await patch(mine.client, `${base(cohortId, other.user.id)}/tags`, { remove: ['premium'] })).body).toEqual({ tags: [] });
    expect(await tagsOfCohort()).toEqual(['da richiamare']);

    for (const [body, message] of [
      [{}, tagTexts.nothingToChange],
      [{ add: ['   '] }, tagTexts.tagRequired],
      [{ add: ['x'.repeat(31)] }, tagTexts.tagTooLong],
      [{ add: ['premium, vip'] }, tagTexts.tagComma],
      [{ add: ['a\u0007b'] }, 'Il testo contiene caratteri di controllo non ammessi'],
    ] as const) {
      expect(await patch(mine.client, url, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    const many = Array.from({ length: MAX_TAGS }, (_, i) => `etichetta ${i}`);
    expect(await patch(mine.client, url, { add: many })).toMatchObject({ status: 400, body: { message: tagTexts.tooManyTags } });
    expect((await readDoc(app, `users/${member.user.id}`))?.coachTags).toEqual(['da richiamare']);
  });

  test('a cohort holding as many tags as it may refuses a new one, in Italian, and still takes one in use', async () => {
    const { mine, cohortId, member } = await scene();
    const url = `${base(cohortId, member.user.id)}/tags`;
    const full = Array.from({ length: MAX_COHORT_TAGS }, (_, i) => `etichetta ${String(i).padStart(3, '0')}`);
    await cohortRef(app.deps.db, cohortId).update({ tags: full });
    expect(await patch(mine.client, url, { add: ['nuova'] })).toMatchObject({ status: 400, body: { message: tagTexts.tooManyCohortTags } });
    expect((await readDoc(app, `users/${member.user.id}`))?.coachTags).toBeUndefined();
    expect((await patch(mine.client, url, { add: [full[0]] })).body).toEqual({ tags: [full[0]] });
  });

  test('the roster filters by a tag in one bounded query; rows carry their tags', async () => {
    const { mine, cohortId, member } = await scene();
    const rosterUrl = `/api/coach/cohorts/${cohortId}/participants`;
    const tagged = [member];
    for (const name of ['Anna', 'Bruno']) tagged.push(await participant(cohortId, name));
    for (const name of ['Carla', 'Dario', 'Elena']) await participant(cohortId, name);
    for (const { user } of tagged) expect((await patch(mine.client, `${base(cohortId, user.id)}/tags`, { add: ['Da richiamare'] })).status).toBe(200);
    await patch(mine.client, `${base(cohortId, member.user.id)}/tags`, { add: ['premium'] });

    const { result, reads } = await countReads(app.deps.db, () => mine.client.get<RosterPage>(`${rosterUrl}?tag=${encodeURIComponent('  DA richiamare')}&limit=2`));
    expect(result.status).toBe(200);
    const page = rosterPageSchema.parse(result.body);
    expect(page.rows).toHaveLength(2);
    // The session, the coach, the cohort and the page (one more than its size): page size + 5 at most.
    expect(reads).toBeLessThanOrEqual(2 + 5);
    const rest = rosterPageSchema.parse((await mine.client.get(`${rosterUrl}?tag=da%20richiamare&limit=2&cursor=${page.nextCursor}`)).body);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...page.rows, ...rest.rows].map((r) => r.userId))).toEqual(new Set(tagged.map((t) => t.user.id)));
    const memberRow = [...page.rows, ...rest.rows].find((r) => r.userId === member.user.id)!;
    expect(memberRow.tags).toEqual(['da richiamare', 'premium']);

    expect(rosterPageSchema.parse((await mine.client.get(`${rosterUrl}?tag=nessuno`)).body).rows).toEqual([]);
    expect(rosterPageSchema.parse((await mine.client.get(rosterUrl)).body).rows).toHaveLength(6);
    expect(await mine.client.get(`${rosterUrl}?tag=${'x'.repeat(40)}`)).toMatchObject({ status: 400, body: { message: tagTexts.tagInvalid } });
  });

  test('the export has a tag column, before the package', async () => {
    const { mine, cohortId, member } = await scene();
    await patch(mine.client, `${base(cohortId, member.user.id)}/tags`, { add: ['premium', 'infortunio'] });
    const idle = await participant(cohortId, 'Senza Etichette');
    const reply = await mine.client.request('GET', `/api/coach/cohorts/${cohortId}/export.csv`);
    expect(reply.status).toBe(200);
    const records = parse(String(reply.body), { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(records[0]!).slice(-2)).toEqual(['tag', 'pacchetto']);
    const byId = new Map(records.map((r) => [r.id, r]));
    expect(byId.get(member.user.id)?.tag).toBe('premium, infortunio');
    expect(byId.get(idle.user.id)?.tag).toBe('');
  });

  test('a tag is a message segment: the preview and the send reach only its (not withdrawn) participants', async () => {
    const { mine, cohortId, member } = await scene();
    const anna = await participant(cohortId, 'Anna Verdi');
    const gone = await participant(cohortId, 'Bruno Ritirato');
    await participant(cohortId, 'Carla Senza');
    for (const { user } of [member, anna, gone]) await patch(mine.client, `${base(cohortId, user.id)}/tags`, { add: ['premium'] });
    await userRef(app.deps.db, gone.user.id).update({ withdrawnAt: NOW.toISOString() });
    const messages = `/api/coach/cohorts/${cohortId}/messages`;

    const preview = await mine.client.post<AudiencePreview>(`${messages}/preview`, { segment: 'tag', tag: 'Premium' });
    expect(preview.status).toBe(200);
    expect(preview.body.recipients.map((r) => r.name)).toEqual(['Anna Verdi', 'Paola Rossi']);
    expect(await mine.client.post(`${messages}/preview`, { segment: 'tag' })).toMatchObject({ status: 400, body: { message: messageTexts.pickTag } });

    const sendId = requestId();
    const sent = await mine.client.post(messages, { segment: 'tag', tag: 'premium', text: 'Ciao {nome}', requestId: sendId });
    expect(sent.status).toBe(201);
    // The same request again sends nothing new; the same id for another tag is another message, refused.
    expect((await mine.client.post(messages, { segment: 'tag', tag: 'premium', text: 'Ciao {nome}', requestId: sendId })).status).toBe(200);
    expect(await mine.client.post(messages, { segment: 'tag', tag: 'infortunio', text: 'Ciao {nome}', requestId: sendId })).toMatchObject({
      status: 409,
      body: { message: messageTexts.requestReused },
    });
    expect(sentMessageSchema.parse(sent.body)).toMatchObject({ segment: 'tag', tag: 'premium', recipientCount: 2 });
    // The copies are written by the message's tasks.
    await app.tasks.idle();
    expect((await anna.client.get<{ messages: Array<{ text: string }> }>('/api/me/inbox')).body.messages.map((m) => m.text)).toEqual(['Ciao Anna']);
    expect((await gone.client.get<{ messages: unknown[] }>('/api/me/inbox')).body.messages).toEqual([]);
  });
});

describe('the participant never sees notes or tags', () => {
  test('no route a participant calls answers a note’s text, its preview or a tag', async () => {
    const { mine, cohortId, member } = await scene();
    const secretNote = 'NOTA-SEGRETA-7Q: problemi familiari';
    const secretTag = 'tag-segreto-7q';
    expect((await mine.client.post(`${base(cohortId, member.user.id)}/notes`, { text: secretNote, requestId: requestId() })).status).toBe(201);
    expect((await patch(mine.client, `${base(cohortId, member.user.id)}/tags`, { add: [secretTag] })).status).toBe(200);
    // The participant uses the app: onboarding, a start, a sync, a message from the coach.
    const { client, user } = member;
    expect((await client.post('/api/onboarding', { tempoAllenamento: 'PIU_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' })).status).toBe(200);
    await userRef(app.deps.db, user.id).update({ challengeStartDate: START });
    expect((await client.put('/api/users/me/progress', emptyTracker(TZ, NOW, START))).status).toBe(200);
    expect((await mine.client.post(`/api/coach/cohorts/${cohortId}/messages`, { segment: 'all', text: 'Forza {nome}', requestId: requestId() })).status).toBe(201);

    const answers = [
      await client.get('/api/auth/me'),
      await client.get('/api/auth/session'),
      await client.get('/api/users/me/progress'),
      await client.get(`/api/users/${user.id}/progress?cohortId=${cohortId}&weekStart=${START}`),
      await client.get('/api/me/inbox'),
      await client.get(`/api/cohorts/${cohortId}/leaderboard?weekStart=${START}`),
      await client.get(`/api/cohorts/${cohortId}/leaderboard?weekStart=${START}&scope=final`),
      await client.get(`/api/cohorts/${cohortId}/events`),
      await client.get('/api/me/notifications'),
      await client.post('/api/me/conversation/messages', { requestId: requestId(), text: 'Grazie coach' }),
      await client.get('/api/me/conversation'),
      await client.put('/api/auth/profile', { name: 'Paola R.' }),
      await client.post('/api/auth/login', { email: member.email, password: 'password-sicura-1' }),
    ];
    for (const reply of answers) {
      expect(reply.status, JSON.stringify(reply.body).slice(0, 80)).toBeLessThan(300);
      const text = JSON.stringify(reply.body);
      expect(text).not.toContain('NOTA-SEGRETA-7Q');
      expect(text).not.toContain(secretTag);
      expect(text).not.toMatch(/notePreview|coachTags|latestNote/);
    }
    // Where the participant is listed, by name and points, nothing else rides along.
    const leaderboard = JSON.stringify(answers[5]!.body);
    expect(leaderboard).toContain('Paola');
    // And the coach routes stay closed to them.
    expect((await client.get(`${base(cohortId, user.id)}/notes`)).status).toBe(403);
    expect((await client.get(`/api/coach/cohorts/${cohortId}/participants`)).status).toBe(403);
  });
});

describe('one tag on several participants at once', () => {
  test('who may: signed out 401, a participant 403, another cohort’s coach 403; the cohort’s coach tags them, someone of another cohort fails alone', async () => {
    const { mine, stranger, cohortId, member, outsider } = await scene();
    const second = await participant(cohortId, 'Rita Bianchi');
    const path = `/api/coach/cohorts/${cohortId}/tags/bulk`;
    const body = { tag: '  Da  Richiamare ', userIds: [member.user.id, second.user.id, outsider.user.id] };
    expect((await new Client(app).post(path, body)).status).toBe(401);
    expect(await member.client.post(path, body)).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
    expect(await stranger.client.post(path, body)).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
    const reply = await mine.client.post(path, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(bulkAnswerSchema.parse(reply.body)).toEqual({
      results: [
        { userId: member.user.id, ok: true },
        { userId: second.user.id, ok: true },
        { userId: outsider.user.id, ok: false, message: coachMessages.participantNotFound },
      ],
      done: 2,
      failed: 1,
    });
    for (const { user } of [member, second]) expect((await readDoc(app, `users/${user.id}`))?.coachTags).toEqual(['da richiamare']);
    expect((await readDoc(app, `users/${outsider.user.id}`))?.coachTags).toBeUndefined();
    expect((await mine.client.get(`/api/coach/cohorts/${cohortId}/tags`)).body).toEqual({ tags: ['da richiamare'] });
    expect(await mine.client.post(path, { tag: 'x', userIds: [] })).toMatchObject({ status: 400, body: { message: bulkMessages.empty } });
  });
});
