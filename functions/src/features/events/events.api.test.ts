import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { CalendarFeedCreated, CalendarFeedStatus, CohortEvent, EventCopyPreview } from '@sfida/core/events';
import { ensureAccount } from '../account/admin';
import { cohortRef, type CohortDoc } from '../../shared/cohort-repository';
import { userRef } from '../../shared/user-repository';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function coach() {
  const email = uniqueEmail('coach');
  const user = await ensureAccount(app.deps, { email, password: PASSWORD, name: 'Coach', role: 'OWNER', cohortId: 'nessuna' });
  const client = new Client(app);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return { client, user };
}

/** A cohort of `coachId`'s, stored directly. */
async function storeCohort(coachId: string, fields: Partial<CohortDoc> = {}): Promise<string> {
  const cohortId = `coorte-${randomBytes(4).toString('hex')}`;
  const doc: CohortDoc = { name: 'Autunno', startDate: '2026-11-02', coachIds: [coachId], inviteCode: `X-${cohortId}`, registrationOpen: true, createdAt: new Date().toISOString(), ...fields };
  await cohortRef(app.deps.db, cohortId).set(doc);
  return cohortId;
}

/** A cohort run by a new coach, with one participant in it. */
async function cohortWithParticipant(fields: Partial<CohortDoc> = {}) {
  const owner = await coach();
  const cohortId = await storeCohort(owner.user.id, fields);
  const participant = await registerParticipant(app);
  await userRef(app.deps.db, participant.user.id).set({ cohortId }, { merge: true });
  // The session reads the user again: sign in anew so it carries the cohort.
  expect((await participant.client.post('/api/auth/login', { email: participant.email, password: PASSWORD })).status).toBe(200);
  return { cohortId, owner, participant };
}

const kickOff = { startsAt: '2099-12-10T19:00:00+01:00', title: 'Kick-off', speaker: 'Martina Ferri', description: 'Come funziona il percorso.', link: 'https://meet.example.it/kick-off' };

describe('cohort events', () => {
  test('a coach creates, edits and deletes events; participants of the cohort read them, upcoming first', async () => {
    const { cohortId, owner, participant } = await cohortWithParticipant();
    const created = await owner.client.post<CohortEvent>(`/api/coach/cohorts/${cohortId}/events`, kickOff);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Kick-off', startsAt: '2099-12-10T18:00:00.000Z', link: kickOff.link });
    const past = await owner.client.post<CohortEvent>(`/api/coach/cohorts/${cohortId}/events`, { ...kickOff, startsAt: '2020-01-09T19:00:00+01:00', title: 'Passato', link: '' });
    expect(past.status).toBe(201);
    expect(past.body.link).toBeUndefined();
    const soon = await owner.client.post<CohortEvent>(`/api/coach/cohorts/${cohortId}/events`, { ...kickOff, startsAt: '2099-01-08T19:00:00+01:00', title: 'Prima' });

    const listed = await participant.client.get<{ events: CohortEvent[] }>(`/api/cohorts/${cohortId}/events`);
    expect(listed.status).toBe(200);
    expect(listed.body.events.map((event) => event.title)).toEqual(['Prima', 'Kick-off', 'Passato']);

    const edited = await owner.client.request<CohortEvent>('PUT', `/api/coach/cohorts/${cohortId}/events/${soon.body.id}`, { json: { ...kickOff, title: 'Prima, spostata' } });
    expect(edited).toMatchObject({ status: 200, body: { title: 'Prima, spostata' } });
    expect((await owner.client.request('DELETE', `/api/coach/cohorts/${cohortId}/events/${past.body.id}`)).status).toBe(204);
    const after = await owner.client.get<{ events: CohortEvent[] }>(`/api/cohorts/${cohortId}/events`);
    expect(after.body.events.map((event) => event.title)).toEqual(['Kick-off', 'Prima, spostata']);
    expect((await owner.client.request('DELETE', `/api/coach/cohorts/${cohortId}/events/${past.body.id}`)).status).toBe(404);
  });

  test('a cohort a coach creates starts with no events', async () => {
    const owner = await coach();
    const created = await owner.client.post<{ id: string }>('/api/coach/cohorts', { name: 'Nuova', startDate: '2099-01-05' });
    expect(created.status).toBe(201);
    expect((await owner.client.get<{ events: CohortEvent[] }>(`/api/cohorts/${created.body.id}/events`)).body.events).toEqual([]);
  });

  test('bad input: 400 with an Italian message', async () => {
    const { cohortId, owner } = await cohortWithParticipant();
    const reply = await owner.client.post(`/api/coach/cohorts/${cohortId}/events`, { ...kickOff, link: 'javascript:alert(1)' });
    expect(reply).toMatchObject({ status: 400, body: { message: 'Il link deve iniziare con https://' } });
    const untitled = await owner.client.post(`/api/coach/cohorts/${cohortId}/events`, { ...kickOff, title: ' ' });
    expect(untitled).toMatchObject({ status: 400, body: { message: "Inserisci il titolo dell'evento" } });
  });

  test('authorization: signed out 401, participant and other coach 403, unknown cohort 404, withdrawn participant 403', async () => {
    const { cohortId, participant } = await cohortWithParticipant();
    const other = await coach();
    const outsider = await registerParticipant(app);
    const write = (client: Client, id = cohortId) => client.post(`/api/coach/cohorts/${id}/events`, kickOff);
    const read = (client: Client, id = cohortId) => client.get(`/api/cohorts/${id}/events`);

    expect((await write(new Client(app))).status).toBe(401);
    expect((await read(new Client(app))).status).toBe(401);
    expect((await write(participant.client)).status).toBe(403);
    expect((await write(other.client))).toMatchObject({ status: 403, body: { message: 'Non fai parte dei coach di questa coorte' } });
    expect((await read(other.client)).status).toBe(403);
    expect((await read(outsider.client))).toMatchObject({ status: 403, body: { message: 'Puoi vedere solo gli eventi della tua coorte' } });
    expect((await write(other.client, 'coorte-che-non-esiste')).status).toBe(404);

    await userRef(app.deps.db, participant.user.id).set({ withdrawnAt: new Date().toISOString() }, { merge: true });
    expect((await read(participant.client)).status).toBe(403);
  });
});

/** The lines of an iCalendar text, unfolded. */
function icsLines(text: string): string[] {
  return text.replace(/\r\n /g, '').split('\r\n');
}

describe('"Aggiungi al calendario": one event as an .ics file', () => {
  test('the cohort’s participants and coaches download it, on the reader’s clock; anyone else is refused', async () => {
    const { cohortId, owner, participant } = await cohortWithParticipant();
    const event = await owner.client.post<CohortEvent>(`/api/coach/cohorts/${cohortId}/events`, kickOff);
    const path = `/api/cohorts/${cohortId}/events/${event.body.id}/calendar.ics`;

    const file = await participant.client.get<string>(path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename=evento-2099-12-10-kick-off.ics');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    const lines = icsLines(file.body);
    expect(lines).toContain(`UID:${cohortId}.${event.body.id}@sfida8settimane`);
    expect(lines).toContain('DTSTART;TZID=Europe/Rome:20991210T190000');
    // The event's page in the app, never the join link (event-access.api.test.ts: who gets it, when).
    expect(lines).toContain(`URL;VALUE=URI:${app.origin}/eventi/${event.body.id}`);
    expect(file.body).not.toContain('meet.example.it');
    expect((await owner.client.get(path)).status).toBe(200);

    const other = await coach();
    const outsider = await registerParticipant(app);
    expect((await new Client(app).get(path)).status).toBe(401);
    expect((await outsider.client.get(path)).status).toBe(403);
    expect((await other.client.get(path)).status).toBe(403);
    expect((await other.client.get(`/api/cohorts/coorte-che-non-esiste/events/${event.body.id}/calendar.ics`)).status).toBe(404);
    expect(await participant.client.get(`/api/cohorts/${cohortId}/events/nessuno/calendar.ics`)).toMatchObject({ status: 404, body: { message: 'Evento non trovato' } });
    expect(await participant.client.get(`/api/cohorts/${cohortId}/events/nessuno`)).toMatchObject({ status: 404, body: { message: 'Evento non trovato' } });
  });
});

describe('copying events from another cohort of the coach', () => {
  // Thursday 10 September 2026, 19:00 in Rome (summer time), three days after its cohort's start.
  const september = { ...kickOff, startsAt: '2026-09-10T19:00:00+02:00' };

  test('the preview moves them by the days between the starts, at the same time in Rome across the change; the reviewed set saves at once', async () => {
    const owner = await coach();
    const source = await storeCohort(owner.user.id, { startDate: '2026-09-07' });
    const target = await storeCohort(owner.user.id, { startDate: '2026-11-02' });
    expect((await owner.client.post(`/api/coach/cohorts/${source}/events`, september)).status).toBe(201);
    expect((await owner.client.post(`/api/coach/cohorts/${source}/events`, { ...september, startsAt: '2026-10-01T18:30:00+02:00', title: 'Abitudini', link: '' })).status).toBe(201);

    const preview = await owner.client.get<EventCopyPreview>(`/api/coach/cohorts/${target}/events/from/${source}`);
    expect(preview.status).toBe(200);
    expect(preview.body.days).toBe(56);
    // Eight weeks later is winter time: still 19:00 (and 18:30) on Rome's clock.
    expect(preview.body.events.map((event) => [event.title, event.startsAt])).toEqual([
      ['Kick-off', '2026-11-05T18:00:00.000Z'],
      ['Abitudini', '2026-11-26T17:30:00.000Z'],
    ]);
    expect(preview.body.events[0]).toMatchObject({ speaker: kickOff.speaker, description: kickOff.description, link: kickOff.link });
    // A preview saves nothing.
    expect((await owner.client.get<{ events: CohortEvent[] }>(`/api/cohorts/${target}/events`)).body.events).toEqual([]);

    // The coach unticks one and edits the other's title.
    const reviewed = [{ ...preview.body.events[0]!, title: 'Kick-off di novembre' }];
    const saved = await owner.client.post<{ events: CohortEvent[] }>(`/api/coach/cohorts/${target}/events/batch`, { events: reviewed });
    expect(saved.status).toBe(201);
    expect(saved.body.events).toMatchObject([{ title: 'Kick-off di novembre', startsAt: '2026-11-05T18:00:00.000Z' }]);
    const listed = await owner.client.get<{ events: CohortEvent[] }>(`/api/cohorts/${target}/events`);
    expect(listed.body.events.map((event) => event.title)).toEqual(['Kick-off di novembre']);
    // The source keeps its own.
    expect((await owner.client.get<{ events: CohortEvent[] }>(`/api/cohorts/${source}/events`)).body.events).toHaveLength(2);
  });

  test('all or nothing: one bad event or one too many saves none, with an Italian message', async () => {
    const owner = await coach();
    const target = await storeCohort(owner.user.id);
    const batch = (events: unknown[]) => owner.client.post(`/api/coach/cohorts/${target}/events/batch`, { events });
    const stored = async () => (await owner.client.get<{ events: CohortEvent[] }>(`/api/cohorts/${target}/events`)).body.events.length;

    expect(await batch([kickOff, { ...kickOff, link: 'http://insicuro.example.it' }])).toMatchObject({ status: 400, body: { message: 'Il link deve iniziare con https://' } });
    expect(await batch([])).toMatchObject({ status: 400, body: { message: 'Scegli almeno un evento da copiare' } });
    expect(await stored()).toBe(0);

    expect((await batch(Array.from({ length: 98 }, (_, i) => ({ ...kickOff, title: `Evento ${i}` })))).status).toBe(201);
    expect(await batch([kickOff, kickOff, kickOff])).toMatchObject({
      status: 400,
      body: { message: 'Una coorte può avere al massimo 100 eventi: ne ha già 98, puoi aggiungerne ancora 2' },
    });
    expect(await stored()).toBe(98);
    expect((await batch([kickOff, kickOff])).status).toBe(201);
    expect(await stored()).toBe(100);
  });

  test('authorization: the coach must coach both cohorts', async () => {
    const { cohortId: target, owner, participant } = await cohortWithParticipant();
    const source = await storeCohort(owner.user.id, { startDate: '2026-09-07' });
    const other = await coach();
    const notTheirs = await storeCohort(other.user.id);
    const preview = (client: Client, to = target, from = source) => client.get(`/api/coach/cohorts/${to}/events/from/${from}`);
    const batch = (client: Client, to = target) => client.post(`/api/coach/cohorts/${to}/events/batch`, { events: [kickOff] });

    expect((await preview(new Client(app))).status).toBe(401);
    expect((await batch(new Client(app))).status).toBe(401);
    expect((await preview(participant.client)).status).toBe(403);
    expect((await batch(participant.client)).status).toBe(403);
    expect(await preview(other.client)).toMatchObject({ status: 403, body: { message: 'Non fai parte dei coach di questa coorte' } });
    expect((await batch(other.client)).status).toBe(403);
    expect((await preview(other.client, 'coorte-che-non-esiste')).status).toBe(404);
    expect((await batch(other.client, 'coorte-che-non-esiste')).status).toBe(404);
    // From a cohort they do not coach, or none: refused as the coach routes refuse it.
    expect(await preview(owner.client, target, notTheirs)).toMatchObject({ status: 403, body: { message: 'Non fai parte dei coach di questa coorte' } });
    expect(await preview(owner.client, target, 'coorte-che-non-esiste')).toMatchObject({ status: 404, body: { message: 'Coorte non trovata' } });
    expect(await preview(owner.client, target, target)).toMatchObject({ status: 400, body: { message: 'Scegli un’altra coorte da cui copiare gli eventi' } });
    // Into an archived cohort: read-only.
    const archived = await storeCohort(owner.user.id, { archivedAt: new Date().toISOString() });
    expect((await batch(owner.client, archived)).status).toBe(409);
    expect((await owner.client.get<{ events: CohortEvent[] }>(`/api/cohorts/${target}/events`)).body.events).toEqual([]);
  });
});

describe('the private calendar feed', () => {
  async function createFeed(client: Client) {
    const reply = await client.post<CalendarFeedCreated>('/api/me/calendar-feed');
    expect(reply.status).toBe(201);
    return { ...reply.body, path: new URL(reply.body.url).pathname };
  }

  test('a participant creates a link that any calendar app reads without a cookie; each edit of an event raises its SEQUENCE', async () => {
    const { cohortId, owner, participant } = await cohortWithParticipant();
    expect(await participant.client.get('/api/me/calendar-feed')).toMatchObject({ status: 200, body: { active: false, createdAt: null } });
    const feed = await createFeed(participant.client);
    expect(feed.url).toMatch(new RegExp(`^${app.origin}/api/calendar-feeds/[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await participant.client.get<CalendarFeedStatus>('/api/me/calendar-feed')).body).toEqual({ active: true, createdAt: feed.createdAt });
    // Only a hash of the token is stored.
    const token = feed.path.slice('/api/calendar-feeds/'.length, -'.ics'.length);
    const stored = await readDoc(app, `calendarFeeds/${participant.user.id}`);
    expect(stored).toEqual({ tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/), createdAt: feed.createdAt });
    expect(JSON.stringify(stored)).not.toContain(token);

    const created = await owner.client.post<CohortEvent>(`/api/coach/cohorts/${cohortId}/events`, kickOff);
    const calendarApp = new Client(app);
    const first = await calendarApp.get<string>(feed.path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.headers.get('content-disposition')).toBeNull();
    const uid = `UID:${cohortId}.${created.body.id}@sfida8settimane`;
    expect(icsLines(first.body)).toEqual(expect.arrayContaining([uid, 'SEQUENCE:0', 'X-WR-TIMEZONE:Europe/Rome', 'TZID:Europe/Rome', 'DTSTART;TZID=Europe/Rome:20991210T190000']));

    for (const [round, title] of ['Kick-off spostato', 'Kick-off, ancora'].entries()) {
      expect((await owner.client.put(`/api/coach/cohorts/${cohortId}/events/${created.body.id}`, { ...kickOff, title })).status).toBe(200);
      const again = icsLines((await calendarApp.get<string>(feed.path)).body);
      expect(again).toEqual(expect.arrayContaining([uid, `SEQUENCE:${round + 1}`]));
    }
    expect(icsLines((await calendarApp.get<string>(feed.path)).body)).toContain('SUMMARY:Kick-off\\, ancora');
  });

  test('a new link replaces the old one; a revoked, unknown or malformed token, or a withdrawn participant: 404', async () => {
    const { participant } = await cohortWithParticipant();
    const calendarApp = new Client(app);
    const old = await createFeed(participant.client);
    const fresh = await createFeed(participant.client);
    expect((await calendarApp.get(old.path)).status).toBe(404);
    expect((await calendarApp.get(fresh.path)).status).toBe(200);
    expect((await calendarApp.get(`/api/calendar-feeds/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await calendarApp.get('/api/calendar-feeds/corto.ics')).status).toBe(404);

    expect((await participant.client.request('DELETE', '/api/me/calendar-feed')).status).toBe(204);
    expect((await calendarApp.get(fresh.path)).status).toBe(404);
    expect((await participant.client.get('/api/me/calendar-feed')).body).toEqual({ active: false, createdAt: null });

    const last = await createFeed(participant.client);
    expect((await calendarApp.get(last.path)).status).toBe(200);
    await userRef(app.deps.db, participant.user.id).set({ withdrawnAt: new Date().toISOString() }, { merge: true });
    expect((await calendarApp.get(last.path)).status).toBe(404);
  });

  test('authorization of the link’s own routes: signed out 401, a coach 403', async () => {
    const { owner } = await cohortWithParticipant();
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect((await new Client(app).request(method, '/api/me/calendar-feed')).status).toBe(401);
      expect(await owner.client.request(method, '/api/me/calendar-feed')).toMatchObject({ status: 403, body: { message: 'Il calendario da collegare è per i partecipanti' } });
    }
  });
});
