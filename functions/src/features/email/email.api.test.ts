import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_EMAIL_PREFERENCES } from '@sfida/core/email-preferences';
import { Client, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { signedInCoach } from '../../test-support/cohort-fixtures';
import { mailboxClient } from '../../test-support/mailbox';
import { emailId } from '../../shared/mail/email-repository';
import { queueEmail } from '../../shared/mail/outbox';
import { unsubscribeHeaders, unsubscribeToken } from '../../shared/mail/unsubscribe';

let app: TestApp;
const mailbox = mailboxClient();
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const key = () => app.deps.config.emailTokenKey!;
const email = (subject: string, headers?: Record<string, string>) => ({ subject, text: subject, html: `<p>${subject}</p>`, ...(headers ? { headers } : {}) });

describe('email preferences', () => {
  test('who may read and set them: signed out 401; a participant and a coach their own', async () => {
    expect((await new Client(app).get('/api/me/email-preferences')).status).toBe(401);
    expect((await new Client(app).put('/api/me/email-preferences', { preferences: DEFAULT_EMAIL_PREFERENCES })).status).toBe(401);
    const { client } = await registerParticipant(app);
    expect(await client.get('/api/me/email-preferences')).toMatchObject({ status: 200, body: { preferences: DEFAULT_EMAIL_PREFERENCES } });
    const saved = await client.put('/api/me/email-preferences', { preferences: { event: false, coachMessages: true, digest: true } });
    expect(saved).toMatchObject({ status: 200, body: { preferences: { event: false, coachMessages: true, digest: true } } });
    expect((await client.get('/api/me/email-preferences')).body).toEqual({ preferences: { event: false, coachMessages: true, digest: true } });
    expect(await client.put('/api/me/email-preferences', { preferences: { event: 'no' } })).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    const coach = await signedInCoach(app);
    expect(await coach.client.put('/api/me/email-preferences', { preferences: { ...DEFAULT_EMAIL_PREFERENCES, digest: false } })).toMatchObject({ status: 200 });
    // Another person's preferences are untouched by the coach's.
    expect((await client.get('/api/me/email-preferences')).body).toMatchObject({ preferences: { digest: true } });
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  test('the headers reach the mailbox; a POST with no session turns that kind off, and nothing more of it follows', async () => {
    const { user, email: address, client } = await registerParticipant(app);
    const { headers, url } = unsubscribeHeaders(app.origin, key(), { uid: user.id, kind: 'coachMessages' });
    await queueEmail(app.deps, { uid: user.id, kind: 'coachMessages', key: `unsub:${user.id}:1`, email: email('Primo messaggio', headers) });
    await app.emails.idle();
    const [first] = await mailbox.waitFor(address);
    const received = await mailbox.headers(first!.id);
    expect(received['list-unsubscribe']).toBe(`<${url}>`);
    expect(received['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(url).not.toContain(address);

    // As a mail provider posts it: no cookie, no Origin, a form body.
    const path = new URL(url).pathname;
    const post = await new Client(app).request('POST', path, { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' }, origin: null });
    expect(post).toMatchObject({ status: 200, body: { unsubscribed: true } });
    expect((await client.get('/api/me/email-preferences')).body).toMatchObject({ preferences: { coachMessages: false, event: true } });
    expect(await readDoc(app, `emailPreferences/${user.id}`)).toMatchObject({ turnedOff: { coachMessages: { why: 'unsubscribed' } } });

    // Nothing more of that kind; an account notice still goes.
    await queueEmail(app.deps, { uid: user.id, kind: 'coachMessages', key: `unsub:${user.id}:2`, email: email('Secondo messaggio', headers) });
    await queueEmail(app.deps, { uid: user.id, kind: 'account', key: `unsub:${user.id}:3`, email: email('Avviso sul tuo account') });
    await app.emails.idle();
    await mailbox.waitFor(address, 2);
    expect((await mailbox.to(address)).map((m) => m.subject)).toEqual(['Primo messaggio', 'Avviso sul tuo account']);
    expect(await readDoc(app, `emails/${emailId(`unsub:${user.id}:2`)}`)).toMatchObject({ state: 'cancelled' });
    // Posted again: still fine, still off.
    expect((await new Client(app).request('POST', path, { origin: null })).status).toBe(200);
  });

  test('the visible link opens a page that asks first (a link scanner unsubscribes no one); its form does it', async () => {
    const { user, client } = await registerParticipant(app);
    const path = `/api/email/unsubscribe/${unsubscribeToken(key(), { uid: user.id, kind: 'event' })}`;
    const shown = await new Client(app).get<string>(path);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(shown.body).toContain('<form method="post">');
    expect(shown.body).toContain('Incontri del giorno');
    expect((await client.get('/api/me/email-preferences')).body).toMatchObject({ preferences: { event: true } });
    const done = await new Client(app).request<string>('POST', path, { body: '', headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Non riceverai più le email «Incontri del giorno»');
    expect((await client.get('/api/me/email-preferences')).body).toMatchObject({ preferences: { event: false } });
  });

  test('a link that is not ours, or one person’s signature on another, is refused and changes nothing', async () => {
    const alice = await registerParticipant(app);
    const bob = await registerParticipant(app);
    const aliceToken = unsubscribeToken(key(), { uid: alice.user.id, kind: 'digest' });
    const forged = aliceToken.replace(alice.user.id, bob.user.id);
    for (const token of [forged, 'digest.nessuno.firma', 'qualcosa', aliceToken.replace('digest.', 'account.')]) {
      const post = await new Client(app).request('POST', `/api/email/unsubscribe/${encodeURIComponent(token)}`, { origin: null });
      expect(post).toMatchObject({ status: 404, body: { message: 'Questo link per disiscriverti non è valido.' } });
      expect((await new Client(app).get(`/api/email/unsubscribe/${encodeURIComponent(token)}`)).status).toBe(404);
    }
    expect((await bob.client.get('/api/me/email-preferences')).body).toEqual({ preferences: DEFAULT_EMAIL_PREFERENCES });
  });
});
