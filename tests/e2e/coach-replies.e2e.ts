import { expect, test, type BrowserContext } from '@playwright/test';
import { PHONE, coachWithCohort, phoneParticipant, sendCheckIn } from './coach-support';
import { collectPageErrors } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// A coach answers: the participant's hard week reaches the top of the coach's queue, the coach
// replies, the participant reads and answers, the coach sees both; then a message to those who
// have not checked in reaches exactly them. Everything against the real stack, on phones.

async function inboxTexts(context: BrowserContext): Promise<string[]> {
  const response = await context.request.get('/api/me/inbox');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: Array<{ text: string }> }).messages.map((message) => message.text);
}

test('a hard week: first in the coach\'s queue, answered, read and answered back; then a message reaches exactly those without a check-in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE.viewport);
  const errors = collectPageErrors(page);
  const { cohortId, inviteCode } = await coachWithCohort(page);
  const sara = await phoneParticipant(browser, baseURL!, inviteCode, 'Sara Fatica');
  const luca = await phoneParticipant(browser, baseURL!, inviteCode, 'Luca Sereno');
  const nina = await phoneParticipant(browser, baseURL!, inviteCode, 'Nina Silenziosa');
  try {
    // Luca has a good week, then Sara a hard one: she is thanked and invited to talk to her coach.
    await sendCheckIn(luca.page, '4 · Bene', 'Settimana buona, ho camminato ogni giorno.');
    await sendCheckIn(sara.page, '2 · Difficile', 'Settimana dura: poco sonno e tanta fatica.');
    await expect(sara.page.getByText(/Le settimane difficili fanno parte del percorso/)).toBeVisible();

    // The coach: Sara first (lowest mood), Luca after; the coach replies to her.
    await page.goto('/coach');
    const queue = page.getByRole('list', { name: 'Check-in da leggere' });
    const cards = queue.locator(':scope > li');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toHaveAccessibleName('Check-in di Sara Fatica, settimana 1');
    await expect(cards.first()).toContainText('Settimana dura: poco sonno e tanta fatica.');
    await expect(cards.nth(1)).toHaveAccessibleName('Check-in di Luca Sereno, settimana 1');
    // A row opens in place to the whole check-in and its reply form.
    await cards.first().getByRole('button', { name: /^Sara Fatica/ }).click();
    await expectNoSeriousAxeViolations(page, '/coach (check-in da leggere)');
    await cards.first().getByRole('textbox', { name: /Risposta per Sara Fatica/ }).fill('Ciao Sara, una settimana così capita: domani scegli una sola azione piccola.');
    await cards.first().getByRole('button', { name: 'Invia risposta' }).click();
    await expect(cards).toHaveCount(1);

    // Sara: the dashboard's coach card shows the reply, unread; she opens it and answers once.
    await sara.page.goto('/dashboard');
    const reply = sara.page.getByRole('article', { name: 'Risposta al tuo check-in della settimana 1' });
    await expect(reply.getByText('Non letto')).toBeVisible();
    await sara.page.getByRole('link', { name: 'Leggi la risposta' }).click();
    await expect(sara.page).toHaveURL(/\/checkin#settimana-1$/);
    await expect(sara.page.getByText('Ciao Sara, una settimana così capita: domani scegli una sola azione piccola.')).toBeVisible();
    await expectNoSeriousAxeViolations(sara.page, '/checkin (risposta del coach)');
    await sara.page.getByRole('textbox', { name: /Rispondi al coach/ }).fill('Grazie Marta, ci provo.');
    await sara.page.getByRole('button', { name: 'Invia risposta' }).click();
    await expect(sara.page.getByText('Grazie Marta, ci provo.')).toBeVisible();
    await expect(sara.page.getByRole('textbox', { name: /Rispondi al coach/ })).toHaveCount(0);
    await sara.page.goto('/dashboard');
    await expect(sara.page.getByRole('link', { name: 'Tutti i messaggi' })).toBeVisible();
    // Still the newest thing the coach wrote to her, now read.
    await expect(reply).toContainText('Ciao Sara, una settimana così capita');
    await expect(reply.getByText('Non letto')).toHaveCount(0);

    // The coach sees that she read it, and her answer (on "Check-in", with the latest replies).
    await page.goto('/coach/check-in');
    const recent = page.getByRole('list', { name: 'Risposte recenti' }).getByRole('listitem', { name: 'Check-in di Sara Fatica, settimana 1' });
    await expect(recent).toContainText('letto');
    await expect(recent).toContainText('Grazie Marta, ci provo.');

    // A message to "chi non ha fatto il check-in": only Nina.
    await page.goto(`/coach/${cohortId}/messaggi`);
    const composer = page.getByRole('form', { name: 'Messaggio alla coorte' });
    await composer.getByRole('combobox', { name: /Destinatari/ }).selectOption({ label: 'Chi non ha fatto il check-in' });
    await composer.getByRole('textbox', { name: /Messaggio/ }).fill('Ciao {nome}, manca il tuo check-in della settimana {settimana}!');
    await composer.getByRole('button', { name: 'Vedi destinatari' }).click();
    await expect(composer.getByText(/Lo riceverà 1 partecipante|Lo riceveranno 1 partecipant/)).toBeVisible();
    await expect(composer.getByRole('list', { name: 'Destinatari' })).toHaveText(/Nina Silenziosa/);
    await expectNoSeriousAxeViolations(page, '/coach/:cohortId (messaggio)');
    await composer.getByRole('button', { name: 'Invia messaggio' }).click();
    await expect(page.getByText('Messaggio inviato a 1 partecipante')).toBeVisible();

    // The copy is written by the message's task (the push queue), a moment after the answer.
    await expect.poll(() => inboxTexts(nina.context)).toEqual(['Ciao Nina, manca il tuo check-in della settimana 1!']);
    expect(await inboxTexts(sara.context)).toEqual([]);
    expect(await inboxTexts(luca.context)).toEqual([]);
    await nina.page.goto('/messaggi');
    await expect(nina.page.getByText('Ciao Nina, manca il tuo check-in della settimana 1!')).toBeVisible();
    await expectNoSeriousAxeViolations(nina.page, '/messaggi');
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([sara, luca, nina].map((p) => p.context.close()));
  }
});
