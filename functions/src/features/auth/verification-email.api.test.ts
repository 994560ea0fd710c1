import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { mailboxClient } from '../../test-support/mailbox';

// A password registration's address is verified by a link Firebase Auth makes (here the Auth
// emulator's), sent by email at registration.

let app: TestApp;
const mailbox = mailboxClient();
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('the verification email of a password registration', () => {
  test('arrives once, in Italian, with a link that verifies the address', async () => {
    const { user, email } = await registerParticipant(app, 'Paola Neri');
    await app.emails.idle();
    await waitUntil(async () => (await mailbox.all(email)).length > 0);
    const received = await mailbox.all(email);
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toBe('Conferma il tuo indirizzo email');
    expect(received[0]!.text).toContain('Ciao Paola');
    const link = /href="([^"]+mode=verifyEmail[^"]+)"/.exec(received[0]!.html)?.[1]?.replaceAll('&amp;', '&');
    expect(link).toBeDefined();
    expect(link).not.toContain(encodeURIComponent(email));
    expect(received[0]!.text).toContain('mode=verifyEmail');
    expect((await app.deps.auth.getUser(user.id)).emailVerified).toBe(false);
    // The emulator's action page verifies, then sends the browser on to the app (not running here).
    const opened = await fetch(link!, { redirect: 'manual' });
    expect(opened.status).toBeLessThan(400);
    expect(link).toContain(encodeURIComponent(`${app.origin}/dashboard`));
    await opened.arrayBuffer();
    expect((await app.deps.auth.getUser(user.id)).emailVerified).toBe(true);
    // Essential: no unsubscribe link.
    expect((await mailbox.headers(received[0]!.id))['list-unsubscribe']).toBeUndefined();
  });
});
