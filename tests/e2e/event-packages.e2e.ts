import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { mailboxClient } from '../../functions/src/test-support/mailbox';
import { localSecret } from '../../scripts/stack/local-jobs';
import { e2eProfile, emulatorEnv, repoRoot } from '../../scripts/stack/profiles';
import { coachWithCohort, PHONE, phoneParticipant } from './coach-support';
import { appOrigin } from './support';

// The coach's business end to end (issue 54): a coach imports a shop's CSV that makes one
// participant Premium; on the day of a Premium-only event, that participant sees "Collegati" on the
// event's page and finds the day's email in the local mailbox, with the app's link and never the
// raw one; a Base participant of the same cohort sees neither the link nor an email.

test.use(PHONE);

const JOIN_LINK = 'https://meet.example.it/sala-premium-e2e';

/** Runs the event-day emails once as of `at` (scripts/stack/run-event-emails.ts). */
function runEventEmails(at: Date): { events: number; read: number; queued: number } {
  const vapid = localSecret('VAPID_PRIVATE_KEY');
  const run = spawnSync(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/stack/run-event-emails.ts', at.toISOString()], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, ...emulatorEnv(e2eProfile), ...(vapid ? { VAPID_PRIVATE_KEY: vapid } : {}) },
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { events: number; read: number; queued: number };
}

test('a coach imports buyers; on the day the Premium participant sees the link and gets the email, a Base one neither', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const mailbox = mailboxClient(`http://127.0.0.1:${e2eProfile.ports.mail}`);
  const { cohortId, inviteCode } = await coachWithCohort(page);
  const premium = await phoneParticipant(browser, baseURL!, inviteCode, 'Sara Premium');
  const base = await phoneParticipant(browser, baseURL!, inviteCode, 'Luca Base');

  // The shop's file, imported by the coach after the dry run.
  await page.goto(`/coach/${cohortId}/partecipanti`);
  const roster = page.getByRole('region', { name: 'Roster' });
  await roster.getByRole('button', { name: 'Importa acquisti (CSV)' }).click({ timeout: 30_000 });
  const panel = page.getByRole('region', { name: 'Importa acquisti (CSV)' });
  await panel.getByLabel('Oppure incolla il contenuto').fill(`email;pacchetto\n${premium.account.email};Premium\n`);
  await panel.getByRole('button', { name: 'Controlla il file' }).click();
  await panel.getByRole('button', { name: 'Applica a 1 persona' }).click();
  await expect(panel).toBeHidden({ timeout: 30_000 });

  // A Premium-only event starting in ten minutes: its link is open, and its day has come.
  const startsAt = new Date(Date.now() + 10 * 60 * 1000);
  const created = await page.request.post(`/api/coach/cohorts/${cohortId}/events`, {
    headers: { Origin: appOrigin },
    data: { startsAt: startsAt.toISOString(), title: 'Sessione Premium', speaker: 'Marta Coach', description: '', link: JOIN_LINK, access: 'PREMIUM', durationMinutes: 60 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: eventId } = (await created.json()) as { id: string };

  await premium.page.goto(`/eventi/${eventId}`);
  await expect(premium.page.getByRole('heading', { level: 1, name: 'Sessione Premium' })).toBeVisible({ timeout: 30_000 });
  await expect(premium.page.getByRole('link', { name: /Collegati/ })).toHaveAttribute('href', JOIN_LINK);

  await base.page.goto(`/eventi/${eventId}`);
  await expect(base.page.getByRole('heading', { level: 1, name: 'Sessione Premium' })).toBeVisible({ timeout: 30_000 });
  await expect(base.page.getByText('Per partecipare serve')).toBeVisible();
  await expect(base.page.getByRole('link', { name: /Collegati/ })).toHaveCount(0);
  expect(await base.page.content()).not.toContain(JOIN_LINK);

  // The day's email: queued by the run, sent by the function's task to the local mailbox.
  expect(runEventEmails(new Date()).queued).toBeGreaterThanOrEqual(1);
  const [email] = await mailbox.waitFor(premium.account.email, 1, 60_000);
  expect(email!.subject).toContain('Sessione Premium');
  expect(email!.text).toContain(`/eventi/${eventId}`);
  expect(`${email!.text}\n${email!.html}`).not.toContain(JOIN_LINK);
  // A second run sends nothing more, and the Base participant got nothing.
  runEventEmails(new Date());
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(await mailbox.to(premium.account.email)).toHaveLength(1);
  expect(await mailbox.to(base.account.email)).toEqual([]);
  await premium.context.close();
  await base.context.close();
});
