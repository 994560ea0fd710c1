import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { mailboxClient } from '../../test-support/mailbox';
import { emailId, type RenderedEmail } from './email-repository';
import { queueEmail, queueEmails, runEmailTask } from './outbox';
import { smtpMailer } from './transport';
import { createElement } from 'react';
import { renderEmail } from './render';
import { CoachMessageEmail, coachMessageSubject } from './templates/coach-message';

// The outbox against the real local mailbox (maildev, by SMTP through nodemailer): each email
// once per key, however often its task runs, and given back when the SMTP server cannot be reached.

let app: TestApp;
const mailbox = mailboxClient();
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const email = (subject: string): RenderedEmail => ({ subject, text: `Testo: ${subject}`, html: `<p>HTML: ${subject}</p>`, headers: { 'X-Sfida-Prova': 'sì' } });

describe('the outbox', () => {
  test('an email goes once by SMTP, its document keeps its delivery and never the address', async () => {
    const { user, email: address } = await registerParticipant(app);
    const key = `prova:${user.id}:1`;
    expect(await queueEmail(app.deps, { uid: user.id, kind: 'account', key, email: email('Ciao è arrivata') })).toBe(true);
    // The same key again: not queued, not sent again (the queue also delivers each task twice).
    expect(await queueEmail(app.deps, { uid: user.id, kind: 'account', key, email: email('Un doppione') })).toBe(false);
    await app.emails.idle();
    const received = await mailbox.waitFor(address);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ subject: 'Ciao è arrivata', text: expect.stringContaining('Testo: Ciao è arrivata'), html: expect.stringContaining('<p>HTML: Ciao è arrivata</p>') });
    expect(received[0]!.from[0]).toEqual({ address: 'noreply@sfida8.local', name: 'Sfida 8 settimane' });
    expect((await mailbox.headers(received[0]!.id))['x-sfida-prova']).toBe('sì');
    const stored = await readDoc(app, `emails/${emailId(key)}`);
    expect(stored).toMatchObject({ uid: user.id, kind: 'account', state: 'sent', attempts: 1, smtpResponse: expect.stringMatching(/^250 /), sentAt: expect.any(String) });
    expect(JSON.stringify(stored)).not.toContain(address);
    // A task run again later sends nothing more.
    expect(await runEmailTask(app.deps, { emailIds: [emailId(key)] })).toEqual({ sent: 0, failed: 0, skipped: 1, retry: false });
    expect(await mailbox.to(address)).toHaveLength(1);
  });

  test('two attempts of the same task at once: one email', async () => {
    const { user, email: address } = await registerParticipant(app);
    app.emails.hold();
    await queueEmails(app.deps, [{ uid: user.id, kind: 'account', key: `prova:${user.id}:2`, email: email('Una volta sola') }]);
    const task = app.emails.enqueued.at(-1)!;
    const reports = await Promise.all([runEmailTask(app.deps, task), runEmailTask(app.deps, task), runEmailTask(app.deps, task)]);
    app.emails.release();
    await app.emails.idle();
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(1);
    await mailbox.waitFor(address);
    expect(await mailbox.to(address)).toHaveLength(1);
  });

  test('an SMTP server that cannot be reached: the email is given back, retried, then sent once', async () => {
    const { user, email: address } = await registerParticipant(app);
    const key = `prova:${user.id}:3`;
    app.emails.hold();
    await queueEmail(app.deps, { uid: user.id, kind: 'account', key, email: email('Dopo un intoppo') });
    const task = app.emails.enqueued.at(-1)!;
    const unreachable = smtpMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'Sfida <noreply@sfida8.local>' });
    expect(await runEmailTask({ ...app.deps, mailer: unreachable }, task)).toMatchObject({ sent: 0, failed: 1, retry: true });
    expect(await readDoc(app, `emails/${emailId(key)}`)).toMatchObject({ state: 'queued', attempts: 1, smtpResponse: expect.stringMatching(/ECONNREFUSED|ESOCKET|ECONNECTION/) });
    app.emails.release();
    await app.emails.idle();
    await mailbox.waitFor(address);
    expect(await readDoc(app, `emails/${emailId(key)}`)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(await mailbox.to(address)).toHaveLength(1);
  });

  test('a template as it arrives: its subject, a text and an HTML part, its headers', async () => {
    const { user, email: address } = await registerParticipant(app);
    const props = { cohortName: 'Primavera 2026', coachName: 'Giulia Coach', firstName: 'Paola', text: 'Come va?', url: `${app.origin}/messaggi` };
    const rendered = await renderEmail(coachMessageSubject(props), createElement(CoachMessageEmail, props), { 'X-Sfida-Tipo': 'coachMessages' });
    await queueEmail(app.deps, { uid: user.id, kind: 'coachMessages', key: `prova:${user.id}:4`, email: rendered });
    await app.emails.idle();
    const [received] = await mailbox.waitFor(address);
    expect(received!.subject).toBe('Un messaggio da Giulia Coach');
    expect(received!.text).toContain('Giulia Coach ti ha scritto:');
    expect(received!.text).toContain(`${app.origin}/messaggi`);
    expect(received!.html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(received!.html).toContain('Primavera 2026');
    const headers = await mailbox.headers(received!.id);
    expect(headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(headers['x-sfida-tipo']).toBe('coachMessages');
    expect(headers.to).toBe(address);
  });

  test('a task naming nothing stored, or not a task at all, sends nothing', async () => {
    expect(await runEmailTask(app.deps, { emailIds: ['nessuno'] })).toEqual({ sent: 0, failed: 0, skipped: 1, retry: false });
    expect(await runEmailTask(app.deps, { emailIds: 'x' })).toEqual({ sent: 0, failed: 0, skipped: 0, retry: false });
    expect(await runEmailTask(app.deps, null)).toEqual({ sent: 0, failed: 0, skipped: 0, retry: false });
  });
});
