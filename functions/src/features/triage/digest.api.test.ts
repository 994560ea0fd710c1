import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newUserDoc, userRef } from '../../shared/user-repository';
import { Client, startTestApp, type TestApp } from '../../test-support/api-harness';
import { newId, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { mailboxClient } from '../../test-support/mailbox';
import { isDigestRun, sendCoachDigests } from './digest-job';

// The coach's Monday digest against the real mailbox: one email per cohort and coach and week.

let app: TestApp;
const mailbox = mailboxClient();
const START = '2026-03-02';
/** Monday 23 March 2026, 08:05 in Rome (07:05 UTC). */
const MONDAY = new Date('2026-03-23T07:05:00Z');

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('the Monday digest', () => {
  test('runs on Monday mornings in Rome only', () => {
    expect(isDigestRun(MONDAY)).toBe(true);
    expect(isDigestRun(new Date('2026-03-23T09:05:00Z'))).toBe(false);
    expect(isDigestRun(new Date('2026-03-24T07:05:00Z'))).toBe(false);
  });

  test('who needs the coach and why, what waits unread, links into the console; once a week; unsubscribed, no more', async () => {
    app.setNow(MONDAY);
    const coach = await signedInCoach(app, 'Giulia Coach');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Primavera 2026' });
    const { db } = app.deps;
    const uid = newId('partecipante');
    await userRef(db, uid).set({
      ...newUserDoc({ email: `${uid}@test.sfida8.local`, name: 'Paola Neri', role: 'PARTICIPANT', cohortId, timeZone: 'Europe/Rome', now: MONDAY, challenge: { startDate: START, joinedOn: null } }),
      triageRank: 1,
      triageOpen: JSON.stringify([{ code: 'lowMood', key: 'lowMood:2026-03-20' }]),
    });
    await db.collection('checkInThreads').doc(`${uid}_w3`).set({ userId: uid, cohortId, weekNumber: 3, handled: false, status: 'new', updatedAt: MONDAY.toISOString() });
    await db.collection('conversations').doc(uid).set({ userId: uid, cohortId, coachUnread: 2, coachOrder: '1' });

    // The worker's other files leave cohorts too (hundreds, hence the time allowed): runs until every
    // cohort is digested, as the morning's later runs would (each bounded), then one more that finds nothing left.
    let report = await sendCoachDigests(app.deps, MONDAY, { max: 50 });
    for (let run = 0; run < 20 && report.cohorts > 0; run++) report = await sendCoachDigests(app.deps, MONDAY, { max: 50 });
    expect(report).toEqual({ cohorts: 0, queued: 0 });
    await app.emails.idle();
    const [email] = await mailbox.waitFor(coach.user.email);
    expect(email!.subject).toBe('Primavera 2026: 1 persona ha bisogno di te');
    expect(email!.text).toContain('Paola Neri');
    expect(email!.text).toContain('1 check-in');
    expect(email!.text).toContain('1 conversazione');
    expect(email!.text).toContain(`${app.origin}/coach/conversazioni`);
    expect(email!.html).toContain('<meta name="color-scheme" content="light dark"/>');
    const headers = await mailbox.headers(email!.id);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The next run of the morning sends nothing again.
    expect(await sendCoachDigests(app.deps, new Date(MONDAY.getTime() + 15 * 60 * 1000))).toEqual({ cohorts: 0, queued: 0 });
    await app.emails.idle();
    expect(await mailbox.to(coach.user.email)).toHaveLength(1);

    // Unsubscribed in one click: the next Monday's digest is not sent.
    const path = new URL(/^<(.+)>$/.exec(headers['list-unsubscribe']!)![1]!).pathname;
    expect((await new Client(app).request('POST', path, { origin: null })).status).toBe(200);
    const nextMonday = new Date(MONDAY.getTime() + 7 * 24 * 60 * 60 * 1000);
    app.setNow(nextMonday);
    for (let run = 0; run < 20 && (await sendCoachDigests(app.deps, nextMonday, { max: 50 })).cohorts > 0; run++);
    await app.emails.idle();
    expect(await mailbox.to(coach.user.email)).toHaveLength(1);
  }, 120_000);
});
