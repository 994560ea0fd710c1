import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { parse } from 'csv-parse/sync';
import { coachMessages, participantDetailSchema, rosterPageSchema, type ParticipantDetail, type RosterPage } from '@sfida/core/coach';
import { rosterDigestSchema } from '@sfida/core/roster-digest';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, savePlanner, setActionText, submitCheckIn, toggleHabit, weekActions } from '@sfida/core/tracker-actions';
import { userRef } from '../../shared/user-repository';
import { Client, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { countReads } from '../../test-support/read-counter';
import { backfillRosterDigests } from '../tracker/migrations';
import { forgetRosterDigest, must, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';

let app: TestApp;
/** Monday 15 September 2025, the cohorts' start; the tests run on its Thursday, 10:00 in Rome. */
const START = '2025-09-15';
const START_INSTANT = new Date('2025-09-15T08:00:00Z');
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
const cohort = (coachIds: string[], name?: string) => writeCohort(app, { coachIds, startDate: START, name });

/** A participant registered through the API, then moved into `cohortId`. */
async function participant(cohortId: string, name: string) {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId });
  return registered;
}

/** Starts the participant's challenge with the cohort (a past day, which only the database takes) and syncs a tracker through the API. */
async function startAndSync({ client, user }: { client: Client; user: { id: string } }, build: (data: TrackerData) => TrackerData) {
  await userRef(app.deps.db, user.id).update({ challengeStartDate: START });
  const reply = await client.put('/api/users/me/progress', build(emptyTracker(TZ, NOW, START)));
  expect(reply.status).toBe(200);
}

/** A download as the browser saves it: the bytes, BOM included (fetch's text() would drop it). */
async function download(client: Client, path: string) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    headers: { cookie: `__session=${client.cookie}`, 'x-forwarded-for': `${client.address}, ${client.connection}` },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

const paths = (cohortId: string, userId: string) => [
  `/api/coach/cohorts/${cohortId}/participants`,
  `/api/coach/cohorts/${cohortId}/participants/${userId}`,
  `/api/coach/cohorts/${cohortId}/export.csv`,
];

describe('who may read a cohort', () => {
  test('signed out 401, participant 403, its coach 200, another coach 403, an unknown cohort 404', async () => {
    const mine = await coach();
    const other = await coach();
    const cohortId = await cohort([mine.user.id]);
    await cohort([other.user.id]);
    const member = await participant(cohortId, 'Paola');
    for (const path of paths(cohortId, member.user.id)) {
      expect((await new Client(app).get(path)).status, path).toBe(401);
      expect(await member.client.get(path), path).toMatchObject({ status: 403, body: { message: coachMessages.coachesOnly } });
      expect((await mine.client.get(path)).status, path).toBe(200);
      expect(await other.client.get(path), path).toMatchObject({ status: 403, body: { message: coachMessages.notYourCohort } });
    }
    for (const path of paths('coorte-che-non-esiste', member.user.id)) {
      expect(await mine.client.get(path), path).toMatchObject({ status: 404, body: { message: coachMessages.cohortNotFound } });
    }
    // An id Firestore could not look up is just as unknown, not a server error.
    expect((await mine.client.get('/api/coach/cohorts/a%2Fb/participants')).status).toBe(404);
  });
});

describe('GET /api/coach/cohorts/:cohortId/participants', () => {
  test('the cohort\'s participants, withdrawn ones marked, never a coach; who needs attention first', async () => {
    const mine = await coach('Coach Giulia');
    const cohortId = await cohort([mine.user.id]);
    const elsewhere = await cohort([mine.user.id]);
    // The coach's own account is in the cohort too, as a coach: never a row.
    await userRef(app.deps.db, mine.user.id).update({ cohortId });

    const sad = await participant(cohortId, 'Zeno Triste');
    await startAndSync(sad, (data) => must(submitCheckIn(data, { mood: 1, reflection: 'Settimana difficile' }, NOW, 'c1')));
    const happy = await participant(cohortId, 'Anna Felice');
    await startAndSync(happy, (data) => {
      let next = must(addHabit(data, 'Camminare', NOW, 'h1'));
      next = must(toggleHabit(next, 'h1', '2025-09-18', NOW));
      return must(submitCheckIn(next, { mood: 4, reflection: 'Bene' }, NOW, 'c1'));
    });
    const gone = await participant(cohortId, 'Bruno Ritirato');
    await userRef(app.deps.db, gone.user.id).update({ withdrawnAt: NOW.toISOString() });
    await participant(elsewhere, 'Altra Coorte');

    const reply = await mine.client.get<RosterPage>(`/api/coach/cohorts/${cohortId}/participants`);
    expect(reply.status).toBe(200);
    const page = rosterPageSchema.parse(reply.body);
    expect(page.nextCursor).toBeNull();
    expect(page.rows.map((r) => r.name)).toEqual(['Zeno Triste', 'Anna Felice', 'Bruno Ritirato']);
    const [zeno, anna, bruno] = page.rows;
    expect(zeno).toMatchObject({ userId: sad.user.id, email: sad.email, withdrawn: false, started: true, challengeWeek: 1, lastMood: 1, totalPoints: 10, pointsThisWeek: 10 });
    expect(zeno!.attention.map((a) => a.code)).toEqual(['lowMood', 'noPlanner']);
    expect(zeno!.attention[0]!.label).toBe("Umore basso nell'ultimo check-in");
    expect(anna).toMatchObject({ currentStreak: 1, lastActivity: '2025-09-18', lastMood: 4, habitsLast7DaysPercent: 100, totalPoints: 12 });
    expect(anna!.attention.map((a) => a.code)).toEqual(['noPlanner']);
    // Withdrawn: listed, marked, and nothing to act on.
    expect(bruno).toMatchObject({ userId: gone.user.id, withdrawn: true, attention: [], started: false, lastActivity: null });
  });

  test('a participant past day 56 keeps ticking for no points; their row carries the "Mantenimento" figures and their monthly check-in reaches a thread', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const keeping = await participant(cohortId, 'Marta Mantenimento');
    // Started 20 July 2025: today, Thursday 18 September, is day 61, the fifth of the first maintenance month.
    const start = '2025-07-20';
    await userRef(app.deps.db, keeping.user.id).update({ challengeStartDate: start });
    let tracker = must(addHabit(emptyTracker(TZ, NOW, start), 'Camminare', NOW, 'h1'));
    tracker = must(toggleHabit(tracker, 'h1', '2025-09-18', NOW));
    tracker = must(submitCheckIn(tracker, { mood: 3, reflection: 'Continuo' }, NOW, 'm1'));
    expect((await keeping.client.put('/api/users/me/progress', tracker)).status).toBe(200);
    const stored = (await keeping.client.get<TrackerData>('/api/users/me/progress')).body;
    expect(stored.completions.h1).toEqual({ '2025-09-18': 'onTime' });
    expect(stored.pointsHistory).toEqual([]);
    expect(stored.checkIns.map((checkIn) => checkIn.weekNumber)).toEqual([9]);

    const page = rosterPageSchema.parse((await mine.client.get<RosterPage>(`/api/coach/cohorts/${cohortId}/participants`)).body);
    expect(page.rows[0]).toMatchObject({
      totalPoints: 0,
      currentStreak: 1,
      lastActivity: '2025-09-18',
      maintenance: { day: 5, month: 1, habitDaysLast7: 1, lastMonthlyMood: 3 },
    });
    expect(await readDoc(app, `checkInThreads/${keeping.user.id}_w9`)).toMatchObject({ weekNumber: 9, mood: 3, cohortId });
    // The coach answers the monthly check-in as a weekly one; the participant reads the reply and answers it.
    const reply = await mine.client.post(`/api/coach/check-ins/${keeping.user.id}_w9/reply`, { text: 'Bravissima, continua così' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await keeping.client.post('/api/me/check-ins/9/seen', {})).status).toBe(200);
    expect((await keeping.client.post('/api/me/check-ins/9/answer', { text: 'Grazie!' })).status).toBe(200);
    expect(await readDoc(app, `checkInThreads/${keeping.user.id}_w9`)).toMatchObject({ reply: { text: 'Bravissima, continua così' }, answer: { text: 'Grazie!' } });
  });

  test('each row carries the email, the onboarding answers and the sheet, from the user documents the page reads anyway', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const trained = await participant(cohortId, 'Anna Uguale');
    const answers = { tempoAllenamento: 'PIU_TRE_ANNI', luogoAllenamento: 'PALESTRA', livelloAllenamento: 'AVANZATO' };
    expect((await trained.client.post('/api/onboarding', answers)).status).toBe(200);
    await startAndSync(trained, (data) => must(submitCheckIn(data, { mood: 4, reflection: 'Bene' }, NOW, 'c1')));
    // The same name: the email tells them apart.
    const fresh = await participant(cohortId, 'Anna Uguale');
    // A value no schema names (written by hand, or by an older version) reads as none.
    const odd = await participant(cohortId, 'Ugo Strano');
    await userRef(app.deps.db, odd.user.id).update({ tempoAllenamento: 'SEMPRE', schedaAssegnata: 42 });

    const rosterUrl = `/api/coach/cohorts/${cohortId}/participants`;
    const { result: reply, reads } = await countReads(app.deps.db, () => mine.client.get<RosterPage>(rosterUrl));
    expect(reply.status).toBe(200);
    // The session, the coach, the cohort and the page of participants: nothing more for the new fields.
    expect(reads).toBeLessThanOrEqual(3 + 4);
    const rows = new Map(rosterPageSchema.parse(reply.body).rows.map((row) => [row.userId, row]));
    expect(rows.get(trained.user.id)).toMatchObject({
      name: 'Anna Uguale',
      email: trained.email,
      ...answers,
      schedaAssegnata: 'AVANZATO_PALESTRA',
      lastMood: 4,
    });
    const none = { tempoAllenamento: null, luogoAllenamento: null, livelloAllenamento: null, schedaAssegnata: null };
    expect(rows.get(fresh.user.id)).toMatchObject({ name: 'Anna Uguale', email: fresh.email, ...none });
    expect(fresh.email).not.toBe(trained.email);
    expect(rows.get(odd.user.id)).toMatchObject({ email: odd.email, ...none });

    // The participant page's row is the same row.
    const detail = await mine.client.get<ParticipantDetail>(`${rosterUrl}/${trained.user.id}`);
    expect(participantDetailSchema.parse(detail.body).row).toEqual(rows.get(trained.user.id));
  });

  test('rows come from the digests the syncs stored, read in one query, the same as from the trackers on later days', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const members = [];
    for (const [i, name] of ['Carla', 'Dario', 'Elena', 'Franco'].entries()) {
      const member = await participant(cohortId, name);
      await startAndSync(member, (data) => {
        let next = must(addHabit(data, 'Camminare', NOW, 'h1'));
        if (i % 2 === 0) next = must(toggleHabit(next, 'h1', '2025-09-18', NOW));
        if (i < 3) next = must(submitCheckIn(next, { mood: i + 1, reflection: 'Settimana' }, NOW, 'c1'));
        return next;
      });
      members.push(member);
    }
    // One never synced: a digest of null, nothing to read.
    members.push(await participant(cohortId, 'Gino'));
    const rosterUrl = `/api/coach/cohorts/${cohortId}/participants`;
    try {
      // Every two days at most: the coach's session stays alive.
      for (const daysLater of [0, 1, 2, 4, 6, 8]) {
        app.setNow(new Date(NOW.getTime() + daysLater * 24 * 60 * 60 * 1000));
        const { result: reply, reads } = await countReads(app.deps.db, () => mine.client.get<RosterPage>(rosterUrl));
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        const rows = rosterPageSchema.parse(reply.body).rows;
        // The session, the coach, the cohort and the page of participants: no tracker.
        expect(reads, `${daysLater} days later`).toBeLessThanOrEqual(members.length + 4);
        for (const member of members) {
          const detail = await mine.client.get<ParticipantDetail>(`${rosterUrl}/${member.user.id}`);
          expect(rows.find((row) => row.userId === member.user.id), `${member.user.name}, ${daysLater} days later`).toEqual(detail.body.row);
        }
      }
    } finally {
      app.setNow(NOW);
    }
  });

  test('a page works out again only the rows whose document changed: a sync, a tag, a note, a withdrawal each show at once', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const [ilaria, luca, mara] = [await participant(cohortId, 'Ilaria'), await participant(cohortId, 'Luca'), await participant(cohortId, 'Mara')];
    const members = [ilaria, luca, mara];
    for (const member of members) await startAndSync(member, (data) => must(addHabit(data, 'Camminare', NOW, 'h1')));
    const rosterUrl = `/api/coach/cohorts/${cohortId}/participants`;
    /** The page, with how many stored digests it parsed; each row the same as the participant page's, worked out afresh. */
    const page = async () => {
      const parse = vi.spyOn(rosterDigestSchema, 'safeParse');
      try {
        const reply = await mine.client.get<RosterPage>(rosterUrl);
        expect(reply.status).toBe(200);
        const rows = new Map(rosterPageSchema.parse(reply.body).rows.map((row) => [row.userId, row]));
        const parsed = parse.mock.calls.length;
        for (const member of members) {
          const detail = await mine.client.get<ParticipantDetail>(`${rosterUrl}/${member.user.id}`);
          expect(rows.get(member.user.id), member.user.name ?? '').toEqual(detail.body.row);
        }
        return { rows, parsed };
      } finally {
        parse.mockRestore();
      }
    };

    expect((await page()).parsed).toBe(3);
    expect((await page()).parsed).toBe(0);

    const stored = await ilaria.client.get<TrackerData>('/api/users/me/progress');
    const ticked = must(toggleHabit(stored.body, 'h1', '2025-09-18', NOW));
    const synced = await ilaria.client.request('PUT', '/api/users/me/progress', { json: ticked, headers: { 'if-match': stored.headers.get('etag') ?? '' } });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect((await mine.client.request('PATCH', `${rosterUrl}/${luca.user.id}/tags`, { json: { add: ['seguire'] } })).status).toBe(200);
    let seen = await page();
    expect(seen.parsed).toBe(2);
    expect(seen.rows.get(ilaria.user.id)).toMatchObject({ currentStreak: 1, lastActivity: '2025-09-18' });
    expect(seen.rows.get(luca.user.id)?.tags).toEqual(['seguire']);

    expect((await mine.client.post(`${rosterUrl}/${mara.user.id}/notes`, { requestId: 'nota-mara-0001', text: 'Chiamata fatta' })).status).toBe(201);
    seen = await page();
    expect(seen.parsed).toBe(1);
    expect(seen.rows.get(mara.user.id)?.latestNote).toMatchObject({ text: 'Chiamata fatta' });

    expect((await mine.client.post(`${rosterUrl}/${luca.user.id}/withdraw`, {})).status).toBe(200);
    seen = await page();
    expect(seen.parsed).toBe(1);
    expect(seen.rows.get(luca.user.id)).toMatchObject({ withdrawn: true, attention: [] });

    // The next day every row is worked out again: its figures count from the participant's today.
    app.setNow(new Date(NOW.getTime() + 24 * 60 * 60 * 1000));
    try {
      expect((await page()).parsed).toBe(3);
    } finally {
      app.setNow(NOW);
    }
  });

  test('a participant without a usable digest is read from the tracker, and the migration writes theirs', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const old = await participant(cohortId, 'Ugo Vecchio');
    await startAndSync(old, (data) => must(submitCheckIn(data, { mood: 2, reflection: 'Dura' }, NOW, 'c1')));
    const odd = await participant(cohortId, 'Vera Strana');
    await startAndSync(odd, (data) => must(submitCheckIn(data, { mood: 5, reflection: 'Bene' }, NOW, 'c1')));
    const synced = await readDoc(app, `users/${old.user.id}`);
    expect(JSON.parse(synced?.rosterDigest as string)).toMatchObject({ asOf: '2025-09-18', totalPoints: 10, checkIns: [{ weekNumber: 1, mood: 2 }] });
    // An account from before the digests, and one whose digest is not one the server writes.
    await forgetRosterDigest(app, old.user.id);
    await userRef(app.deps.db, odd.user.id).update({ rosterDigest: '{"version":99}' });
    const rosterUrl = `/api/coach/cohorts/${cohortId}/participants`;
    const before = await countReads(app.deps.db, () => mine.client.get<RosterPage>(rosterUrl));
    const rows = rosterPageSchema.parse(before.result.body).rows;
    expect(rows.map((row) => [row.name, row.lastMood, row.totalPoints])).toEqual([
      ['Ugo Vecchio', 2, 10],
      ['Vera Strana', 5, 10],
    ]);

    const migrated = await backfillRosterDigests(app.deps);
    expect(migrated.written).toBeGreaterThanOrEqual(1);
    expect((await readDoc(app, `users/${old.user.id}`))?.rosterDigest).toEqual(synced?.rosterDigest);
    const after = await countReads(app.deps.db, () => mine.client.get<RosterPage>(rosterUrl));
    expect(rosterPageSchema.parse(after.result.body).rows).toEqual(rows);
    // Only the malformed digest still costs its tracker.
    const trackerReads = (read: string[]) => read.filter((line) => line.startsWith('getAll progress/')).sort();
    expect(trackerReads(before.read)).toEqual([`getAll progress/${old.user.id}`, `getAll progress/${odd.user.id}`].sort());
    expect(trackerReads(after.read)).toEqual([`getAll progress/${odd.user.id}`]);
    // Twice: nothing more to write for this cohort.
    await backfillRosterDigests(app.deps);
    expect((await readDoc(app, `users/${old.user.id}`))?.rosterDigest).toEqual(synced?.rosterDigest);
  });

  test('pages by id: 250 participants, each exactly once; limit checked', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const batch = app.deps.db.batch();
    const ids = new Set<string>();
    for (let i = 0; i < 250; i++) {
      const uid = `${cohortId}-p${String(i).padStart(3, '0')}`;
      ids.add(uid);
      batch.set(userRef(app.deps.db, uid), {
        name: `Partecipante ${i}`,
        email: `p${i}@${cohortId}.test`,
        role: 'PARTICIPANT',
        cohortId,
        createdAt: START_INSTANT.toISOString(),
        challengeStartDate: i % 2 === 0 ? START : null,
        timeZone: TZ,
      });
    }
    batch.set(userRef(app.deps.db, `${cohortId}-coach`), { name: 'Altro coach', email: `c@${cohortId}.test`, role: 'OWNER', cohortId, timeZone: TZ });
    await batch.commit();

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? '?limit=100' : `?limit=100&cursor=${encodeURIComponent(cursor)}`;
      const reply = await mine.client.get<RosterPage>(`/api/coach/cohorts/${cohortId}/participants${query}`);
      expect(reply.status).toBe(200);
      const page = rosterPageSchema.parse(reply.body);
      expect(page.rows.length).toBeLessThanOrEqual(100);
      seen.push(...page.rows.map((r) => r.userId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(250);
    expect(new Set(seen)).toEqual(ids);

    const first = await mine.client.get<RosterPage>(`/api/coach/cohorts/${cohortId}/participants`);
    expect(first.body.rows).toHaveLength(100);
    // Within a page, the most urgent first: the started ones have no planner yet, the others have not started.
    expect(first.body.rows.slice(0, 50).every((r) => r.started && r.attention[0]?.code === 'noPlanner')).toBe(true);
    expect(first.body.rows.slice(50).every((r) => !r.started && r.attention[0]?.code === 'notStarted')).toBe(true);
    expect((await mine.client.get<RosterPage>(`/api/coach/cohorts/${cohortId}/participants?limit=200`)).body.rows).toHaveLength(200);
    for (const limit of ['0', '201', 'tanti', '1.5']) {
      const reply = await mine.client.get(`/api/coach/cohorts/${cohortId}/participants?limit=${limit}`);
      expect(reply, limit).toMatchObject({ status: 400, body: { message: 'limit deve essere un numero intero tra 1 e 200' } });
    }
    expect((await mine.client.get(`/api/coach/cohorts/${cohortId}/participants?cursor=a%2Fb`)).status).toBe(400);
  });
});

describe('GET /api/coach/cohorts/:cohortId/participants/:userId', () => {
  test('the row, the start, the zone and the tracker; 404 for anyone not a participant of the cohort', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const elsewhere = await cohort([mine.user.id]);
    const member = await participant(cohortId, 'Carla');
    await startAndSync(member, (data) => must(submitCheckIn(data, { mood: 2, reflection: 'Così così' }, NOW, 'c1')));
    const fresh = await participant(cohortId, 'Dario');
    const stranger = await participant(elsewhere, 'Elena');

    const reply = await mine.client.get<ParticipantDetail>(`/api/coach/cohorts/${cohortId}/participants/${member.user.id}`);
    expect(reply.status).toBe(200);
    const detail = participantDetailSchema.parse(reply.body);
    expect(detail).toMatchObject({ challengeStartDate: START, timeZone: TZ, row: { userId: member.user.id, name: 'Carla', lastMood: 2 } });
    expect(detail.tracker?.checkIns.map((c) => c.mood)).toEqual([2]);

    const before = await mine.client.get<ParticipantDetail>(`/api/coach/cohorts/${cohortId}/participants/${fresh.user.id}`);
    expect(before.body).toMatchObject({ tracker: null, challengeStartDate: null, row: { started: false, totalPoints: 0 } });

    for (const userId of [stranger.user.id, mine.user.id, 'nessuno']) {
      expect(await mine.client.get(`/api/coach/cohorts/${cohortId}/participants/${userId}`), userId).toMatchObject({
        status: 404,
        body: { message: coachMessages.participantNotFound },
      });
    }
    // An id Firestore reserves names no one (every route's id check: app.api.test.ts).
    expect((await mine.client.get(`/api/coach/cohorts/${cohortId}/participants/__riservato__`)).status).toBe(404);
  });
});

describe('GET /api/coach/cohorts/:cohortId/export.csv', () => {
  test('the whole cohort as CSV that a parser reads back, names with separators, quotes, line breaks and formulas intact', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id], 'Primavera Città 2025!');
    const names = ['Rossi; Anna', 'Marco "il Grande"', 'Luca\nsu due righe', '=HYPERLINK("http://x.it")', 'Élia'];
    const members = [];
    for (const name of names) {
      const member = await participant(cohortId, 'Provvisorio');
      await userRef(app.deps.db, member.user.id).update({ name });
      members.push(member);
    }
    await startAndSync(members[4]!, (data) => must(submitCheckIn(data, { mood: 1, reflection: 'Fatica' }, NOW, 'c1')));
    await userRef(app.deps.db, members[1]!.user.id).update({ withdrawnAt: NOW.toISOString() });
    await userRef(app.deps.db, mine.user.id).update({ cohortId });

    const reply = await download(mine.client, `/api/coach/cohorts/${cohortId}/export.csv`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="coorte-primavera-citta-2025.csv"');
    expect([...reply.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = reply.text;
    expect(text.startsWith('\uFEFFid;nome;email;stato;')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    // Every line ends in CRLF; the only bare LF is inside the quoted two-line name.
    expect(text.split('\r\n')).toHaveLength(5 + 2);

    const records = parse(text, { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(5);
    // The first columns, as they always were; the ones added after them are the next test's.
    expect(Object.keys(records[0]!).slice(0, 25)).toEqual([
      'id',
      'nome',
      'email',
      'stato',
      'iniziata',
      'settimana',
      'punti_totali',
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((w) => `punti_sett_${w}`),
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((w) => `umore_sett_${w}`),
      'serie',
      'ultima_attività',
    ]);
    const byId = new Map(records.map((r) => [r.id, r]));
    expect(members.map((m) => byId.get(m.user.id)?.nome)).toEqual([
      'Rossi; Anna',
      'Marco "il Grande"',
      'Luca\nsu due righe',
      // Shown as text by a spreadsheet, never run.
      '\'=HYPERLINK("http://x.it")',
      'Élia',
    ]);
    expect(byId.get(members[1]!.user.id)).toMatchObject({ stato: 'ritirato', email: members[1]!.email });
    expect(byId.get(members[4]!.user.id)).toMatchObject({
      stato: 'attivo',
      iniziata: START,
      settimana: '1',
      punti_totali: '10',
      punti_sett_1: '10',
      punti_sett_2: '0',
      umore_sett_1: '1',
      umore_sett_2: '',
      ultima_attività: '2025-09-18',
    });
    expect(byId.get(members[0]!.user.id)).toMatchObject({ iniziata: '', settimana: '0', punti_totali: '0', umore_sett_1: '', ultima_attività: '' });
    expect(byId.has(mine.user.id)).toBe(false);
  });

  test('after the first columns: the answers, the sheet, the habits and planners, and each week\'s reflection, formulas never run', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id]);
    const member = await participant(cohortId, 'Carla Verdi');
    const answers = { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' };
    expect((await member.client.post('/api/onboarding', answers)).status).toBe(200);
    await startAndSync(member, (data) => {
      let next = must(addHabit(data, 'Camminare', NOW, 'h1'));
      next = must(toggleHabit(next, 'h1', '2025-09-18', NOW));
      // Saved with the reflection as typed: a spreadsheet would run it, the export must not let it.
      next = must(submitCheckIn(next, { mood: 3, reflection: '=HYPERLINK("http://x.it"; "clic")\nseconda riga' }, NOW, 'c1'));
      for (const [i, text] of ['Preparare il pranzo', 'Dormire alle 23', 'Camminare 20 minuti'].entries()) {
        next = must(setActionText(next, 1, weekActions(next, 1)[i]!.id, text, NOW));
      }
      return must(savePlanner(next, 1, NOW));
    });
    const idle = await participant(cohortId, 'Dario Neri');

    const reply = await download(mine.client, `/api/coach/cohorts/${cohortId}/export.csv`);
    expect(reply.status).toBe(200);
    const records = parse(reply.text, { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;
    const weeks = [1, 2, 3, 4, 5, 6, 7, 8];
    // Up to the coaches' tags and the package, the last columns (notes.api.test.ts, packages.api.test.ts).
    expect(Object.keys(records[0]!).slice(25, -2)).toEqual([
      'tempo_allenamento',
      'luogo_allenamento',
      'livello_allenamento',
      'scheda_assegnata',
      'abitudini_7gg_percento',
      'planner_salvati',
      ...weeks.map((w) => `riflessione_sett_${w}`),
    ]);
    const byId = new Map(records.map((r) => [r.id, r]));
    expect(byId.get(member.user.id)).toMatchObject({
      nome: 'Carla Verdi',
      settimana: '1',
      umore_sett_1: '3',
      ultima_attività: '2025-09-18',
      tempo_allenamento: 'Meno di un anno',
      luogo_allenamento: 'Casa',
      livello_allenamento: 'Principiante',
      scheda_assegnata: 'Principiante – Casa',
      abitudini_7gg_percento: '100',
      planner_salvati: '1',
      // Shown as text by a spreadsheet, never run; the line break and the separator kept.
      riflessione_sett_1: '\'=HYPERLINK("http://x.it"; "clic")\nseconda riga',
      riflessione_sett_2: '',
    });
    expect(byId.get(idle.user.id)).toMatchObject({
      settimana: '0',
      tempo_allenamento: '',
      scheda_assegnata: '',
      abitudini_7gg_percento: '',
      planner_salvati: '0',
      riflessione_sett_1: '',
    });
  });

  test('more participants than one page: every one, once', async () => {
    const mine = await coach();
    const cohortId = await cohort([mine.user.id], '***');
    const batch = app.deps.db.batch();
    for (let i = 0; i < 230; i++) {
      batch.set(userRef(app.deps.db, `${cohortId}-p${i}`), { name: `P ${i}`, email: `p${i}@${cohortId}.test`, role: 'PARTICIPANT', cohortId, timeZone: TZ });
    }
    await batch.commit();
    const reply = await download(mine.client, `/api/coach/cohorts/${cohortId}/export.csv`);
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="coorte-${cohortId}.csv"`);
    const records = parse(reply.text, { bom: true, delimiter: ';' }) as string[][];
    expect(records).toHaveLength(231);
    expect(new Set(records.slice(1).map((r) => r[0])).size).toBe(230);
  });
});
