import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkInThreadId } from '@sfida/core/check-in-threads';
import { emptyTracker } from '@sfida/core/tracker';
import { submitCheckIn } from '@sfida/core/tracker-actions';
import { userRef } from '../../shared/user-repository';
import { registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { must, signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { mailboxClient } from '../../test-support/mailbox';

// A coach's reply to a check-in also goes by email to a participant the app no longer reaches.

let app: TestApp;
const mailbox = mailboxClient();
const START = '2025-09-15';
const WEEK1 = new Date('2025-09-18T08:00:00Z');

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(WEEK1);
});
afterAll(() => app.close());

/** A participant of the cohort who sent their week-1 check-in; `away` leaves no visit behind (their sessions gone). */
async function checkedIn(cohortId: string, name: string, away: boolean) {
  const member = await registerParticipant(app, name);
  await userRef(app.deps.db, member.user.id).update({ cohortId, challengeStartDate: START });
  const tracker = must(submitCheckIn(emptyTracker('Europe/Rome', WEEK1, START), { mood: 2, reflection: 'Settimana dura' }, WEEK1));
  expect((await member.client.request('PUT', '/api/users/me/progress', { json: tracker })).status).toBe(200);
  if (away) {
    const sessions = await app.deps.db.collection('sessions').where('uid', '==', member.user.id).get();
    await Promise.all(sessions.docs.map((doc) => doc.ref.delete()));
  }
  return member;
}

describe('a reply to a check-in, by email as a fallback', () => {
  test('reaches by email the participant the app does not reach, once; not the one who visits', async () => {
    const coach = await signedInCoach(app, 'Giulia Coach');
    const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START, name: 'Autunno 2025' });
    const away = await checkedIn(cohortId, 'Paola Neri', true);
    const here = await checkedIn(cohortId, 'Luca Bianchi', false);
    for (const member of [away, here]) {
      const reply = await coach.client.post(`/api/coach/check-ins/${checkInThreadId(member.user.id, 1)}/reply`, { text: 'Forza, ci sentiamo lunedì!' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    }
    await app.emails.idle();
    const [email] = await mailbox.waitFor(away.email);
    expect(email!.subject).toBe('Giulia Coach ha risposto al tuo check-in');
    expect(email!.text).toContain('Ciao Paola');
    expect(email!.text).toContain('Forza, ci sentiamo lunedì!');
    expect(email!.text).toContain(`${app.origin}/checkin`);
    expect(await mailbox.to(away.email)).toHaveLength(1);
    expect(await mailbox.to(here.email)).toEqual([]);
  });
});
