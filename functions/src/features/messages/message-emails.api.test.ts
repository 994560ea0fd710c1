import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AudiencePreview, SentMessage } from '@sfida/core/cohort-messages';
import { emailId } from '../../shared/mail/email-repository';
import { newUserDoc, userRef } from '../../shared/user-repository';
import { Client, readDoc, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';
import { newId, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { mailboxClient } from '../../test-support/mailbox';

// A coach's message also goes by email to the participants the app no longer reaches: no push
// subscription and no visit for 3 days, and who did not turn these emails off. The preview says
// how many before the coach sends.

let app: TestApp;
const mailbox = mailboxClient();
const START = '2026-03-23';
const WEEK1 = new Date('2026-03-25T09:00:00Z');
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
beforeEach(() => app.setNow(WEEK1));

interface Person {
  uid: string;
  email: string;
  name: string;
}

/** A participant of the cohort, written with the Admin SDK, reached (or not) as `reach` says. */
async function participant(cohortId: string, name: string, reach: 'push' | 'visit' | 'none' | 'old-visit' | 'opted-out'): Promise<Person> {
  const { db } = app.deps;
  const uid = newId('partecipante');
  const email = uniqueEmail(name.toLowerCase());
  await userRef(db, uid).set(newUserDoc({ email, name: `${name} Prova`, role: 'PARTICIPANT', cohortId, timeZone: 'Europe/Rome', now: WEEK1, challenge: { startDate: START, joinedOn: null } }));
  if (reach === 'push') await db.collection('pushSubscriptions').doc(newId('sub')).set({ uid, endpoint: `https://push.example.test/${uid}`, keys: { p256dh: 'k', auth: 'a' }, createdAt: WEEK1.toISOString() });
  if (reach === 'visit') await db.collection('sessions').doc(newId('sessione')).set({ uid, lastSeenAt: WEEK1.getTime() - 2 * HOUR });
  if (reach === 'old-visit') await db.collection('sessions').doc(newId('sessione')).set({ uid, lastSeenAt: WEEK1.getTime() - 4 * 24 * HOUR });
  if (reach === 'opted-out') await db.collection('emailPreferences').doc(uid).set({ coachMessages: false });
  return { uid, email, name };
}

describe('coach messages by email, as a fallback', () => {
  test('the preview counts who also gets it by email; the send emails exactly them, once each', async () => {
    const coach = await signedInCoach(app, 'Giulia Coach');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Primavera 2026' });
    const [pushed, visited, carla, optedOut, ennio] = [
      await participant(cohortId, 'Anna', 'push'),
      await participant(cohortId, 'Bruno', 'visit'),
      await participant(cohortId, 'Carla', 'none'),
      await participant(cohortId, 'Dario', 'opted-out'),
      await participant(cohortId, 'Ennio', 'old-visit'),
    ];

    const preview = await coach.client.post<AudiencePreview>(`/api/coach/cohorts/${cohortId}/messages/preview`, { segment: 'all' });
    expect(preview).toMatchObject({ status: 200, body: { count: 5, emailCount: 2 } });

    const sent = await coach.client.post<SentMessage>(`/api/coach/cohorts/${cohortId}/messages`, { requestId: randomUUID(), text: 'Ciao {nome}, come va?', segment: 'all' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await app.tasks.idle();
    await app.emails.idle();

    for (const person of [carla!, ennio!]) {
      const received = await mailbox.waitFor(person.email);
      expect(received).toHaveLength(1);
      expect(received[0]!.subject).toBe('Un messaggio da Giulia Coach');
      expect(received[0]!.text).toContain(`Ciao ${person.name}, come va?`);
      expect(received[0]!.text).toContain('Primavera 2026');
      expect(received[0]!.text).toContain(`${app.origin}/messaggi`);
      expect(received[0]!.html).toContain(`Ciao ${person.name}, come va?`);
      const headers = await mailbox.headers(received[0]!.id);
      expect(headers['list-unsubscribe']).toMatch(new RegExp(`^<${app.origin}/api/email/unsubscribe/coachMessages\\.${person.uid}\\.`));
      expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(await readDoc(app, `emails/${emailId(`message:${sent.body.id}:${person.uid}`)}`)).toMatchObject({ state: 'sent', attempts: 1, kind: 'coachMessages' });
    }
    for (const person of [pushed!, visited!, optedOut!]) expect(await mailbox.to(person.email)).toEqual([]);
  });

  test('the preview and the send stay the coach’s own: signed out 401, a participant and another cohort’s coach refused', async () => {
    const coach = await signedInCoach(app);
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
    const path = `/api/coach/cohorts/${cohortId}/messages/preview`;
    expect((await new Client(app).post(path, { segment: 'all' })).status).toBe(401);
    const { client } = await registerParticipant(app);
    expect((await client.post(path, { segment: 'all' })).status).toBe(403);
    const other = await signedInCoach(app);
    expect([403, 404]).toContain((await other.client.post(path, { segment: 'all' })).status);
  });
});
