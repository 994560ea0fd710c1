import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe-support';
import { coachWithCohort, phoneParticipant } from './coach-support';
import { appOrigin, expectHeaderOnOneRow } from './support';
import { PHONE_390, expectNoSideScroll } from './tracker-support';

// A participant's phone (390 px): the coach writes to them one to one; the dashboard's coach card
// shows that message and the closed menu says something is unread; the bottom bar takes them to
// the conversation and the other daily screens.

test('a coach writes one to one: the participant sees it on the dashboard and the unread mark on the closed menu; the bottom bar navigates', async ({ page, browser, baseURL }) => {
  const { cohortId, inviteCode } = await coachWithCohort(page);
  const { context, page: phone, account } = await phoneParticipant(browser, baseURL!, inviteCode, 'Sara Verdi');
  await phone.setViewportSize(PHONE_390);

  // Before anything is written: the card says so, the menu has no mark.
  await phone.goto('/dashboard');
  const card = phone.getByRole('region', { name: 'Dal tuo coach' });
  // The first calls of a fresh stack start the function's instances: slow on a busy machine.
  await expect(card.getByText('Nessun messaggio dal coach per ora.')).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();

  // The coach writes to her alone (through the API: the coach's screens are another test's).
  const written = await page.request.post(`/api/coach/cohorts/${cohortId}/participants/${account.id}/conversation/messages`, {
    headers: { Origin: appOrigin },
    data: { requestId: randomUUID(), text: 'Ciao Sara, come sta andando la prima settimana?' },
  });
  expect(written.status(), await written.text()).toBe(201);

  await phone.reload();
  const message = card.getByRole('article', { name: 'Messaggio per te' });
  await expect(message).toContainText('Ciao Sara, come sta andando la prima settimana?', { timeout: 30_000 });
  await expect(message).toContainText('Marta Coach');
  await expect(message.getByText('Non letto')).toBeVisible();
  await expect(card.getByText('Nessun messaggio dal coach per ora.')).toHaveCount(0);
  // The closed menu: its name and a dot say a message is unread.
  const menuButton = phone.getByRole('button', { name: 'Menu, 1 messaggio non letto' });
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  const bar = phone.getByRole('navigation', { name: 'Schermate di ogni giorno' });
  await expect(bar.getByRole('link', { name: 'Oggi' })).toHaveAttribute('aria-current', 'page');
  await expectNoSideScroll(phone, PHONE_390.width);
  await expectNoSeriousAxeViolations(phone, '/dashboard (messaggio del coach, 390 px)');

  // The bar stays in view at the page's end, and covers none of it: the footer's links show above it.
  await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y + barBox.height).toBeCloseTo(PHONE_390.height, 0);
  const privacy = (await phone.getByRole('link', { name: 'Privacy' }).boundingBox())!;
  expect(privacy.y + privacy.height).toBeLessThanOrEqual(barBox.y);

  // "Rispondi" opens the conversation; read there, the marks go.
  await message.getByRole('link', { name: 'Rispondi' }).click();
  await expect(phone).toHaveURL(`${appOrigin}/messaggi`);
  await expect(phone.getByText('Ciao Sara, come sta andando la prima settimana?')).toBeVisible();
  await expect(bar.getByRole('link', { name: /^Messaggi/ })).toHaveAttribute('aria-current', 'page');
  await expect(phone.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();

  // The bar's other daily screens.
  for (const [name, path, heading] of [
    ['Abitudini', '/abitudini', 'Tracciamento Abitudini'],
    ['Planner', '/planner', /Planner/],
    ['Check-in', '/checkin', /Check-in/],
    ['Oggi', '/dashboard', 'Ciao, Sara Verdi!'],
  ] as const) {
    await bar.getByRole('link', { name }).click();
    await expect(phone).toHaveURL(`${appOrigin}${path}`);
    await expect(phone.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(bar.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }
  // Read: the card keeps the message, no longer marked.
  await expect(card.getByRole('article', { name: 'Messaggio per te' })).toBeVisible();
  await expect(card.getByText('Non letto')).toHaveCount(0);

  // The menu holds the rest, not the bar's screens.
  await phone.getByRole('button', { name: 'Menu', exact: true }).click();
  const menu = phone.getByRole('navigation', { name: 'Menu principale' });
  // (A new cohort has its team rule on: "Squadra" beside the ranking.)
  await expect(menu.getByRole('link')).toHaveText(['Classifica', 'Squadra', 'Eventi', 'Risorse']);

  // On a desktop's 1280 px: no bottom bar, and the header, "Squadra" in it, on one row.
  await phone.setViewportSize({ width: 1280, height: 800 });
  const header = phone.getByRole('navigation', { name: 'Navigazione principale' });
  await expect(header.getByRole('link', { name: 'Squadra' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Altro' })).toBeVisible();
  await expect(bar).toBeHidden();
  await expectHeaderOnOneRow(phone);
  await context.close();
});
