import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { PushPayload } from '@sfida/core/notifications';
import { coachWithCohort, openCohortTab, phoneParticipant } from './coach-support';
import { startPushStandIn, type PushStandIn } from './push-support';
import { appOrigin } from './support';
import { collectPageErrors } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// The coach and the participants talk (issue 37): the coach finds one by email, tags two and writes
// to the tag; a participant writes to her coaches from /messaggi, the coach reads and answers in
// their conversation, and each side sees the other read it. On phones (390 px) and a desktop.

async function inboxTexts(context: BrowserContext): Promise<string[]> {
  const response = await context.request.get('/api/me/inbox');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: Array<{ text: string }> }).messages.map((message) => message.text);
}

type PushDevice = ReturnType<PushStandIn['device']>;

/** Subscribes the signed-in account of `request`'s context to push on a device of the stand-in push service. */
async function pushDevice(request: APIRequestContext, service: PushStandIn): Promise<PushDevice> {
  const device = service.device();
  const subscribed = await request.post('/api/me/push-subscriptions', { headers: { Origin: appOrigin }, data: device.subscription });
  expect(subscribed.ok(), await subscribed.text()).toBe(true);
  return device;
}

/** What `device` received, once something with `body` arrived (a push is sent after the answer, on its own time). */
async function pushed(device: PushDevice, body: string): Promise<PushPayload> {
  await expect.poll(() => device.received().map((payload) => payload.body), { timeout: 20_000 }).toContain(body);
  return device.received().find((payload) => payload.body === body)!;
}

/** Adds `tag` to a roster row's participant, through the row's own editor. */
async function tagFromRoster(page: Page, name: string, tag: string) {
  const roster = page.getByRole('region', { name: 'Roster' });
  await roster.getByRole('button', { name: `Etichette di ${name}` }).click();
  await roster.getByLabel(`Nuova etichetta per ${name}`).fill(tag);
  await roster.getByLabel(`Nuova etichetta per ${name}`).press('Enter');
  // Tags are kept in lower case: "Da richiamare" and "da richiamare" are one tag.
  await expect(roster.getByRole('list', { name: `Etichette di ${name}` }).first()).toContainText(tag.toLowerCase());
  await roster.getByRole('button', { name: `Chiudi etichette di ${name}` }).click();
}

test('the coach finds a participant by email, tags two and writes to the tag; a participant and the coach talk in their conversation', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const { cohortId, inviteCode } = await coachWithCohort(page);
  const sara = await phoneParticipant(browser, baseURL!, inviteCode, 'Sara Rossi');
  const saraTwin = await phoneParticipant(browser, baseURL!, inviteCode, 'Sara Rossi');
  const luca = await phoneParticipant(browser, baseURL!, inviteCode, 'Luca Bianchi');
  // Both sides' phones subscribe to push; the push service is outside the system, a local stand-in here.
  const pushService = await startPushStandIn();
  try {
    const saraPhone = await pushDevice(sara.context.request, pushService);
    const coachPhone = await pushDevice(page.request, pushService);
    // Two participants with the same name: told apart by email, found by it.
    await page.goto(`/coach/${cohortId}/partecipanti`);
    const roster = page.getByRole('region', { name: 'Roster' });
    // The first call of the run may wake the function up: more time for it.
    await expect(roster.getByRole('status')).toHaveText('3 di 3 partecipanti', { timeout: 30_000 });
    await roster.getByLabel('Cerca per nome o email').fill(saraTwin.account.email.toUpperCase());
    await expect(roster.getByRole('status')).toHaveText('1 di 3 partecipanti');
    await expect(roster).toContainText(saraTwin.account.email);
    await expect(roster).not.toContainText(sara.account.email);
    await roster.getByLabel('Cerca per nome o email').fill('');

    // Two tagged "da richiamare", then a message to the tag reaches exactly them.
    await tagFromRoster(page, 'Luca Bianchi', 'Da richiamare');
    await roster.getByLabel('Cerca per nome o email').fill(sara.account.email);
    // The search is deferred: the twin's row leaves a render later.
    await expect(roster.getByRole('status')).toHaveText('1 di 3 partecipanti');
    await tagFromRoster(page, 'Sara Rossi', 'da richiamare');
    await roster.getByLabel('Cerca per nome o email').fill('');
    await expectNoSeriousAxeViolations(page, '/coach/:cohortId (etichette)');
    await openCohortTab(page, 'Messaggi');
    const composer = page.getByRole('form', { name: 'Messaggio alla coorte' });
    await composer.getByRole('combobox', { name: /Destinatari/ }).selectOption({ label: 'Chi ha un’etichetta' });
    await composer.getByRole('combobox', { name: 'Etichetta' }).selectOption('da richiamare');
    await composer.getByRole('textbox', { name: /Messaggio/ }).fill('Ciao {nome}, ti chiamo domani?');
    await composer.getByRole('button', { name: 'Vedi destinatari' }).click();
    await expect(composer.getByRole('list', { name: 'Destinatari' }).getByRole('listitem')).toHaveCount(2);
    await composer.getByRole('button', { name: 'Invia messaggio' }).click();
    await expect(page.getByText('Messaggio inviato a 2 partecipanti')).toBeVisible();
    // The copies are written by the message's tasks (the push queue), a moment after the answer.
    await expect.poll(() => inboxTexts(sara.context)).toEqual(['Ciao Sara, ti chiamo domani?']);
    await expect.poll(() => inboxTexts(luca.context)).toEqual(['Ciao Luca, ti chiamo domani?']);
    expect(await inboxTexts(saraTwin.context)).toEqual([]);
    // Its pushes go through the push queue (the Cloud Tasks emulator runs the queue's function): Sara's phone gets her copy, once.
    expect(await pushed(saraPhone, 'Ciao Sara, ti chiamo domani?')).toMatchObject({ title: 'Messaggio da Marta Coach', url: '/messaggi' });

    // Sara answers from her phone: the coach's message and hers in one thread.
    await sara.page.goto('/messaggi');
    // The thread, not the composer (which holds the text until it is sent).
    const saraThread = sara.page.getByRole('list', { name: 'Conversazione con i coach' });
    await expect(saraThread.getByText('Ciao Sara, ti chiamo domani?')).toBeVisible();
    await sara.page.getByLabel('Scrivi ai tuoi coach').fill('Sì, dopo le 18 va bene.');
    await sara.page.getByRole('button', { name: 'Invia', exact: true }).click();
    await expect(saraThread.getByText('Sì, dopo le 18 va bene.')).toBeVisible();
    // Sent: the composer is usable again (axe reads a button still fading back in as faint).
    await expect(sara.page.getByRole('button', { name: 'Invia', exact: true })).toBeEnabled();
    await expectNoSeriousAxeViolations(sara.page, '/messaggi (conversazione)');
    // The coach's phone is told, and a tap opens the conversation.
    expect(await pushed(coachPhone, 'Sì, dopo le 18 va bene.')).toMatchObject({
      title: 'Messaggio da Sara Rossi',
      url: `/coach/conversazioni/${cohortId}/${sara.account.id}`,
    });

    // The coach: one conversation to read, counted in the navigation; opened, answered.
    await page.goto('/coach');
    await expect(page.getByText('1 conversazione da leggere')).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Conversazioni/ })).toContainText('1');
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Conversazioni/ }).click();
    const list = page.getByRole('list', { name: 'Conversazioni' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expectNoSeriousAxeViolations(page, '/coach/conversazioni');
    await list.getByRole('link', { name: 'Sara Rossi' }).click();
    const coachThread = page.getByRole('list', { name: 'Conversazione con Sara Rossi' });
    await expect(coachThread.getByText('Sì, dopo le 18 va bene.')).toBeVisible();
    await page.getByLabel('Scrivi a Sara Rossi').fill('Perfetto, ti chiamo alle 18:30.');
    await page.getByRole('button', { name: 'Invia', exact: true }).click();
    await expect(coachThread.getByText('Perfetto, ti chiamo alle 18:30.')).toBeVisible();
    // Sara's phone is told too.
    expect(await pushed(saraPhone, 'Perfetto, ti chiamo alle 18:30.')).toMatchObject({ title: 'Messaggio da Marta Coach', url: '/messaggi' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoSeriousAxeViolations(page, '/coach/conversazioni/:cohortId/:userId (1280 px)');

    // Sara reads the answer; the coach's side then shows her message read, and hers the coach's.
    await sara.page.reload();
    await expect(saraThread.getByText('Perfetto, ti chiamo alle 18:30.')).toBeVisible();
    await expect(saraThread.getByText('Letto').first()).toBeVisible();
    await page.reload();
    await expect(coachThread.getByText('Letto').first()).toBeVisible();
    // The message to the tag reached Sara's phone once, whatever the queue retried meanwhile.
    expect(saraPhone.received().filter((payload) => payload.body === 'Ciao Sara, ti chiamo domani?')).toHaveLength(1);
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([sara, saraTwin, luca].map((p) => p.context.close()));
    await pushService.close();
  }
});
