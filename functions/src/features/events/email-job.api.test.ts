import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_EMAIL_PREFERENCES } from '@sfida/core/email-preferences';
import { eventEmailKey } from '@sfida/core/event-emails';
import type { Package } from '@sfida/core/packages';
import { emailId } from '../../shared/mail/email-repository';
import { runEmailTask } from '../../shared/mail/outbox';
import { writeEmailPreferences } from '../../shared/mail/preferences-repository';
import { newUserDoc, userRef } from '../../shared/user-repository';
import { startTestApp, type TestApp } from '../../test-support/api-harness';
import { newId, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { mailboxClient } from '../../test-support/mailbox';
import { sendEventEmails } from './email-job';

// The event-day email against the real mailbox: at 08:00 on each participant's clock, to those
// whose package may join, once per event and start, with the app's page and never the join link.

let app: TestApp;
const mailbox = mailboxClient();
const START = '2031-01-06';
const RAW_LINK = 'https://meet.example.it/stanza-segreta';
const MINUTE = 60_000;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The runs of the job at `at` until none has anything left (other files' events share the window). */
async function runAt(at: Date): Promise<number> {
  app.setNow(at);
  let queued = 0;
  for (let run = 0; run < 10; run++) {
    const report = await sendEventEmails(app.deps, at);

    queued += report.queued;
    if (report.events === 0) break;
  }
  await app.emails.idle();
  return queued;
}

async function participant(cohortId: string, name: string, pkg: Package, timeZone = 'Europe/Rome'): Promise<{ uid: string; email: string }> {
  const uid = newId('partecipante');
  const email = `${uid}@test.sfida8.local`;
  await userRef(app.deps.db, uid).set({
    ...newUserDoc({ email, name, role: 'PARTICIPANT', cohortId, timeZone, now: new Date(`${START}T08:00:00Z`), challenge: { startDate: START, joinedOn: null } }),
    packages: { [cohortId]: pkg },
  });
  return { uid, email };
}

async function cohortWithEvent(startsAt: string, access: Package) {
  app.setNow(new Date(Date.parse(startsAt) - 12 * 60 * MINUTE));
  const coach = await signedInCoach(app, 'Giulia Coach');
  const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Inverno 2031' });
  const event = { startsAt, title: 'Kick-off dal vivo', speaker: 'Martina Rossi', description: '', link: RAW_LINK, access };
  const created = await coach.client.post(`/api/coach/cohorts/${cohortId}/events`, event);
  expect(created.status).toBe(201);
  return { coach, cohortId, event, eventId: (created.body as { id: string }).id };
}

describe('the event-day email', () => {
  test('08:00 in each zone, to the allowed who want it, once; a moved event goes again for its new day', async () => {
    // Thursday 16 January 2031, 19:00 in Rome (CET), Premium only.
    const { coach, cohortId, event, eventId } = await cohortWithEvent('2031-01-16T18:00:00.000Z', 'PREMIUM');
    const premium = await participant(cohortId, 'Paola Neri', 'PREMIUM');
    const base = await participant(cohortId, 'Bruno Base', 'BASE');
    const unsubscribed = await participant(cohortId, 'Olga Off', 'PREMIUM');
    await writeEmailPreferences(app.deps.db, unsubscribed.uid, { ...DEFAULT_EMAIL_PREFERENCES, event: false }, new Date());
    const newYork = await participant(cohortId, 'Nora York', 'PREMIUM', 'America/New_York');

    // 07:45 in Rome: not yet.
    expect(await runAt(new Date('2031-01-16T06:45:00Z'))).toBe(0);
    expect(await mailbox.to(premium.email)).toHaveLength(0);

    // 08:00 in Rome: the Premium participant there, and only them.
    expect(await runAt(new Date('2031-01-16T07:00:00Z'))).toBe(1);
    const [email] = await mailbox.waitFor(premium.email);
    expect(email!.subject).toBe('Kick-off dal vivo, giovedì 16 gennaio 2031 alle 19:00');
    for (const part of [email!.text, email!.html]) {
      expect(part).toContain(`${app.origin}/eventi/${eventId}`);
      expect(part).not.toContain(RAW_LINK);
      for (const words of ['Martina Rossi', 'Inverno 2031', 'Giulia Coach']) expect(part).toContain(words);
    }
    const headers = await mailbox.headers(email!.id);
    expect(headers['list-unsubscribe']).toMatch(/^<.+\/api\/email\/unsubscribe\/event\./);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    for (const other of [base, unsubscribed, newYork]) expect(await mailbox.to(other.email)).toHaveLength(0);

    // The next run, and the task run again, send nothing more.
    expect(await runAt(new Date('2031-01-16T07:15:00Z'))).toBe(0);
    const id = emailId(eventEmailKey(eventId, event.startsAt, premium.uid));
    expect(await runEmailTask(app.deps, { emailIds: [id] })).toMatchObject({ sent: 0, skipped: 1 });
    expect(await mailbox.to(premium.email)).toHaveLength(1);

    // 08:00 in New York (13:00 UTC): the time on their clock.
    expect(await runAt(new Date('2031-01-16T13:00:00Z'))).toBe(1);
    const [far] = await mailbox.waitFor(newYork.email);
    expect(far!.subject).toBe('Kick-off dal vivo, giovedì 16 gennaio 2031 alle 13:00');

    // Moved to Friday: announced again on Friday morning, not before.
    app.setNow(new Date('2031-01-16T20:00:00Z'));
    const moved = await coach.client.put(`/api/coach/cohorts/${cohortId}/events/${eventId}`, { ...event, startsAt: '2031-01-17T18:00:00.000Z' });
    expect(moved.status).toBe(200);
    expect(await runAt(new Date('2031-01-17T06:45:00Z'))).toBe(0);
    expect(await runAt(new Date('2031-01-17T07:00:00Z'))).toBe(1);
    const both = await mailbox.waitFor(premium.email, 2);
    expect(both.at(-1)!.subject).toBe('Kick-off dal vivo, venerdì 17 gennaio 2031 alle 19:00');
    for (const other of [base, unsubscribed]) expect(await mailbox.to(other.email)).toHaveLength(0);
  });

  test('across the change to summer time in Rome, 08:00 on the wall clock; an early event two hours before', async () => {
    // Sunday 30 March 2031, the clocks go forward at 02:00: 19:00 CEST is 17:00 UTC, 08:00 is 06:00 UTC.
    const { cohortId } = await cohortWithEvent('2031-03-30T17:00:00.000Z', 'BASE');
    const someone = await participant(cohortId, 'Sara Estate', 'BASE');
    expect(await runAt(new Date('2031-03-30T05:45:00Z'))).toBe(0);
    expect(await runAt(new Date('2031-03-30T06:00:00Z'))).toBe(1);
    const [email] = await mailbox.waitFor(someone.email);
    expect(email!.subject).toContain('domenica 30 marzo 2031 alle 19:00');

    // 07:30 in Rome the next day: at 05:30 there, not at 08:00.
    const early = await cohortWithEvent('2031-03-31T05:30:00.000Z', 'BASE');
    const riser = await participant(early.cohortId, 'Elia Presto', 'BASE');
    expect(await runAt(new Date('2031-03-31T03:15:00Z'))).toBe(0);
    expect(await runAt(new Date('2031-03-31T03:30:00Z'))).toBe(1);
    expect((await mailbox.waitFor(riser.email))[0]!.subject).toContain('alle 07:30');
  });
});
