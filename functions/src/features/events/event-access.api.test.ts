import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarFeedCreated, CohortEvent } from '@sfida/core/events';
import type { Package } from '@sfida/core/packages';
import { cohortRef } from '../../shared/cohort-repository';
import { userRef } from '../../shared/user-repository';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { backfillEventAccess, backfillEventStarts } from './migrations';
import { eventRef } from './repository';

// Who gets an event's join link, by every route that tells of an event: the list, the event's
// page, the .ics file and the private feed. The link goes to the cohort's coaches, and to a
// participant whose package may join, from 30 minutes before the start to the end; to no one else.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  app.setNow(null);
  await app.close();
});

// Sunday 25 October 2026, 02:30 in Rome after the clocks went back (01:30Z), for an hour: the link
// opens at 01:00Z, the instant of the change (03:00 summer time became 02:00), and closes at 02:30Z.
const STARTS_AT = '2026-10-25T02:30:00+01:00';
const BEFORE = new Date('2026-10-25T00:59:59.000Z');
const OPENS = new Date('2026-10-25T01:00:00.000Z');
const LAST_MINUTE = new Date('2026-10-25T02:29:59.000Z');
const CLOSES = new Date('2026-10-25T02:30:00.000Z');

const LINKS: Record<Package, string> = {
  BASE: 'https://meet.example.it/per-tutti',
  GUIDA: 'https://meet.example.it/guida-e-premium',
  PREMIUM: 'https://meet.example.it/solo-premium',
};
const ALL_LINKS = Object.values(LINKS);

function event(access: Package) {
  return { startsAt: STARTS_AT, durationMinutes: 60, title: `Incontro ${access}`, speaker: '', description: '', link: LINKS[access], access };
}

async function participantWith(cohortId: string, owned: Package | null) {
  const registered = await registerParticipant(app);
  // An update, not a merging set: the embedded emulator's merge drops a new map's keys.
  await userRef(app.deps.db, registered.user.id).update({ cohortId, ...(owned ? { packages: { [cohortId]: owned } } : {}) });
  // The session carries the cohort from a fresh sign-in.
  expect((await registered.client.post('/api/auth/login', { email: registered.email, password: PASSWORD })).status).toBe(200);
  const feed = await registered.client.post<CalendarFeedCreated>('/api/me/calendar-feed');
  expect(feed.status).toBe(201);
  return { ...registered, feedPath: new URL(feed.body.url).pathname };
}

/** A cohort with one event for each access, its coach, another cohort's coach, and a participant of each package. */
async function world() {
  app.setNow(BEFORE);
  const coach = await signedInCoach(app, 'Giulia Coach');
  const otherCoach = await signedInCoach(app, 'Altro Coach');
  const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: '2026-10-05' });
  const ids = {} as Record<Package, string>;
  for (const access of ['BASE', 'GUIDA', 'PREMIUM'] as const) {
    const created = await coach.client.post<CohortEvent>(`/api/coach/cohorts/${cohortId}/events`, event(access));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ access, durationMinutes: 60, link: LINKS[access], mayJoin: true });
    ids[access] = created.body.id;
  }
  // A Base participant is one with no package written, as every participant was before packages.
  const base = await participantWith(cohortId, null);
  const guida = await participantWith(cohortId, 'GUIDA');
  const premium = await participantWith(cohortId, 'PREMIUM');
  return { coach, otherCoach, cohortId, ids, base, guida, premium };
}

type World = Awaited<ReturnType<typeof world>>;

/** Every answer a reader gets about the cohort's events, bodies whole. */
async function everything(w: World, client: Client, feedPath?: string): Promise<Record<string, { status: number; text: string }>> {
  const replies: Record<string, { status: number; text: string }> = {};
  const record = async (name: string, path: string, c = client) => {
    const reply = await c.get(path);
    replies[name] = { status: reply.status, text: typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body) };
  };
  await record('list', `/api/cohorts/${w.cohortId}/events`);
  for (const [access, id] of Object.entries(w.ids)) {
    await record(`page ${access}`, `/api/cohorts/${w.cohortId}/events/${id}`);
    await record(`ics ${access}`, `/api/cohorts/${w.cohortId}/events/${id}/calendar.ics`);
  }
  // Calendar apps send no cookie.
  if (feedPath) await record('feed', feedPath, new Client(app));
  return replies;
}

/** The links found anywhere in the answers. */
function linksIn(replies: Record<string, { text: string }>): string[] {
  return ALL_LINKS.filter((link) => Object.values(replies).some((reply) => reply.text.includes(link)));
}

function linksOf(replies: Record<string, { text: string }>, name: string): string[] {
  return ALL_LINKS.filter((link) => replies[name]!.text.includes(link));
}

describe('event links by package', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  test('the matrix while the window is open: every route, every reader; the calendars never carry a join link', async () => {
    app.setNow(OPENS);
    for (const reader of ['base', 'guida', 'premium'] as const) {
      const replies = await everything(w, w[reader].client, w[reader].feedPath);
      for (const [name, reply] of Object.entries(replies)) expect(reply.status, `${reader} ${name}`).toBe(200);
      for (const name of Object.keys(replies).filter((key) => key.startsWith('ics') || key === 'feed')) {
        expect(linksOf(replies, name), `${reader} ${name}`).toEqual([]);
        // Instead, the event's page in the app.
        const access = name === 'feed' ? 'GUIDA' : (name.slice('ics '.length) as Package);
        expect(replies[name]!.text).toContain(`URL;VALUE=URI:${app.origin}/eventi/${w.ids[access]}`);
      }
      const allowed = { base: [LINKS.BASE], guida: [LINKS.BASE, LINKS.GUIDA], premium: ALL_LINKS }[reader];
      expect(linksIn(replies), reader).toEqual(allowed);
      expect(linksOf(replies, 'list'), reader).toEqual(allowed);
    }

    // A Base participant sees the reserved event with what it takes, and no link in any answer.
    const page = await w.base.client.get<CohortEvent>(`/api/cohorts/${w.cohortId}/events/${w.ids.GUIDA}`);
    expect(page.body).toMatchObject({ access: 'GUIDA', mayJoin: false, joinOpensAt: OPENS.toISOString() });
    expect(page.body).not.toHaveProperty('link');

    // The cohort's coach sees every link in the app, none in a calendar.
    const coach = await everything(w, w.coach.client);
    expect(Object.values(coach).map((reply) => reply.status)).toEqual(Array(7).fill(200));
    expect(linksOf(coach, 'list')).toEqual(ALL_LINKS);
    expect(linksOf(coach, 'page PREMIUM')).toEqual([LINKS.PREMIUM]);
    expect(linksOf(coach, 'ics PREMIUM')).toEqual([]);

    // Signed out 401, another cohort's coach 403: nothing of the event at all.
    const signedOut = await everything(w, new Client(app));
    expect(Object.values(signedOut).map((reply) => reply.status)).toEqual(Array(7).fill(401));
    const other = await everything(w, w.otherCoach.client);
    expect(Object.values(other).map((reply) => reply.status)).toEqual(Array(7).fill(403));
    expect(linksIn(signedOut)).toEqual([]);
    expect(linksIn(other)).toEqual([]);
    // The feed is the participants': a coach has none (its own route's matrix is in events.api.test.ts).
    expect((await w.coach.client.post('/api/me/calendar-feed')).status).toBe(403);
  });

  test('an allowed participant gets the link only from 30 minutes before the start to the end, across the DST change', async () => {
    const pagePath = `/api/cohorts/${w.cohortId}/events/${w.ids.PREMIUM}`;
    const at = async (now: Date) => {
      app.setNow(now);
      const replies = await everything(w, w.premium.client, w.premium.feedPath);
      return { links: linksIn(replies), page: JSON.parse(replies['page PREMIUM']!.text) as CohortEvent };
    };
    const before = await at(BEFORE);
    expect(before.links).toEqual([]);
    // The answer says when it opens.
    expect(before.page).toMatchObject({ mayJoin: true, joinOpensAt: '2026-10-25T01:00:00.000Z', durationMinutes: 60 });
    expect(before.page).not.toHaveProperty('link');
    expect((await at(OPENS)).links).toEqual(ALL_LINKS);
    expect((await at(LAST_MINUTE)).page.link).toBe(LINKS.PREMIUM);
    expect((await at(CLOSES)).links).toEqual([]);
    // A Base participant, at any of those instants: never a reserved link.
    for (const now of [BEFORE, OPENS, LAST_MINUTE, CLOSES]) {
      app.setNow(now);
      expect((await w.base.client.get(pagePath)).body).not.toHaveProperty('link');
    }
  });

  test('a coach moves an event to Premium: a Guida participant loses its link at once', async () => {
    app.setNow(OPENS);
    const path = `/api/cohorts/${w.cohortId}/events/${w.ids.GUIDA}`;
    expect((await w.guida.client.get<CohortEvent>(path)).body.link).toBe(LINKS.GUIDA);
    const edited = await w.coach.client.put<CohortEvent>(`/api/coach/cohorts/${w.cohortId}/events/${w.ids.GUIDA}`, { ...event('GUIDA'), access: 'PREMIUM' });
    expect(edited.body).toMatchObject({ access: 'PREMIUM', link: LINKS.GUIDA });
    const after = await w.guida.client.get<CohortEvent>(path);
    expect(after.body).toMatchObject({ access: 'PREMIUM', mayJoin: false });
    expect(JSON.stringify(after.body)).not.toContain(LINKS.GUIDA);
  });
});

describe('the migration of "eventi riservati" (npm run migrate-cohorts)', () => {
  test('a reserved cohort’s events become Guida and Premium, an open one’s everyone’s; run again, nothing changes', async () => {
    app.setNow(OPENS);
    const coach = await signedInCoach(app);
    const reserved = await writeCohort(app, { coachIds: [coach.user.id], startDate: '2026-10-05' });
    await cohortRef(app.deps.db, reserved).update({ reservedEventsText: 'Per il pacchetto Guida: scrivi a Giulia.' });
    const open = await writeCohort(app, { coachIds: [coach.user.id], startDate: '2026-10-05' });
    // Events as they were stored before they said who may join.
    const { access: _access, durationMinutes: _duration, ...old } = event('GUIDA');
    const stored = { ...old, startsAt: new Date(STARTS_AT).toISOString(), sequence: 0 };
    await eventRef(app.deps.db, reserved, 'vecchio').set(stored);
    await eventRef(app.deps.db, open, 'vecchio').set(stored);

    const base = await participantWith(reserved, null);
    const guida = await participantWith(reserved, 'GUIDA');
    const path = `/api/cohorts/${reserved}/events/vecchio`;
    // Before the migration too the old switch holds: the Base participant gets no link.
    expect(JSON.stringify((await base.client.get(path)).body)).not.toContain(LINKS.GUIDA);

    const first = await backfillEventAccess(app.deps);
    expect(first.events).toBeGreaterThanOrEqual(2);
    expect(await readDoc(app, `cohorts/${reserved}/events/vecchio`)).toMatchObject({ access: 'GUIDA' });
    expect(await readDoc(app, `cohorts/${open}/events/vecchio`)).toMatchObject({ access: 'BASE' });
    expect((await backfillEventAccess(app.deps)).events).toBe(0);

    // The text stays, as the coach's words for what it takes; the behaviour is the same as before.
    expect(await readDoc(app, `cohorts/${reserved}`)).toMatchObject({ reservedEventsText: 'Per il pacchetto Guida: scrivi a Giulia.' });
    const seen = await base.client.get<CohortEvent>(path);
    expect(seen.body).toMatchObject({ access: 'GUIDA', mayJoin: false, durationMinutes: 60 });
    expect(JSON.stringify(seen.body)).not.toContain(LINKS.GUIDA);
    expect((await guida.client.get<CohortEvent>(path)).body.link).toBe(LINKS.GUIDA);
    // Clearing the text afterwards opens nothing: the events say who may join.
    await cohortRef(app.deps.db, reserved).update({ reservedEventsText: null });
    expect(JSON.stringify((await base.client.get(path)).body)).not.toContain(LINKS.GUIDA);
  });

  test('an event stored before its start was kept beside it gets one: the event-day email finds it, and run again the same', async () => {
    const coach = await signedInCoach(app);
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: '2026-10-05' });
    const stored = { ...event('PREMIUM'), startsAt: new Date(STARTS_AT).toISOString(), sequence: 0 };
    await eventRef(app.deps.db, cohortId, 'senza-inizio').set(stored);
    expect(await readDoc(app, `eventStarts/${cohortId}_senza-inizio`)).toBeUndefined();

    expect((await backfillEventStarts(app.deps)).events).toBeGreaterThanOrEqual(1);
    expect(await readDoc(app, `eventStarts/${cohortId}_senza-inizio`)).toMatchObject({ cohortId, eventId: 'senza-inizio', startsAt: stored.startsAt });
    await backfillEventStarts(app.deps);
    expect(await readDoc(app, `eventStarts/${cohortId}_senza-inizio`)).toMatchObject({ cohortId, eventId: 'senza-inizio', startsAt: stored.startsAt });
  });
});

describe('copying events keeps who may join and how long they last', () => {
  test('the preview and the saved copy', async () => {
    app.setNow(BEFORE);
    const coach = await signedInCoach(app);
    const source = await writeCohort(app, { coachIds: [coach.user.id], startDate: '2026-10-05' });
    const target = await writeCohort(app, { coachIds: [coach.user.id], startDate: '2026-11-02' });
    expect((await coach.client.post(`/api/coach/cohorts/${source}/events`, { ...event('PREMIUM'), durationMinutes: 90 })).status).toBe(201);
    const preview = await coach.client.get<{ events: CohortEvent[] }>(`/api/coach/cohorts/${target}/events/from/${source}`);
    expect(preview.body.events).toMatchObject([{ access: 'PREMIUM', durationMinutes: 90 }]);
    const saved = await coach.client.post<{ events: CohortEvent[] }>(`/api/coach/cohorts/${target}/events/batch`, { events: preview.body.events });
    expect(saved.body.events).toMatchObject([{ access: 'PREMIUM', durationMinutes: 90 }]);
  });
});
