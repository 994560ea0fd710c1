import { expect, test } from '@playwright/test';
import { expectPdfDownload } from './account-support';
import { coachWithCohort } from './coach-support';
import { appOrigin, registerParticipant, uniqueEmail } from './support';
import { expectNoSeriousAxeViolations } from './axe-support';

// Resources a coach fills (issue 40), on a 390 px phone: the coach of a fresh cohort uploads a PDF
// and adds a link from the console; a participant of that cohort finds both on /risorse and
// downloads the PDF; a participant of another cohort is refused the file.

const PHONE_390 = { locale: 'it-IT', timezoneId: 'Europe/Rome', viewport: { width: 390, height: 844 } } as const;
test.use(PHONE_390);

/** A small but real-looking PDF: the magic, some body, the end marker. */
function pdfBytes(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), Buffer.alloc(4000, 0x20), Buffer.from('\n%%EOF\n', 'latin1')]);
}

test('a coach uploads a PDF and adds a link; the cohort downloads the PDF, another cohort is refused it', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const { cohortId, inviteCode } = await coachWithCohort(page);
  await page.goto(`/coach/${cohortId}/risorse`);
  const card = page.getByRole('region', { name: 'Risorse' });
  const form = card.getByRole('form', { name: 'Aggiungi una risorsa' });
  await expect(form).toBeVisible({ timeout: 30_000 });

  await form.getByLabel('Sezione').selectOption('guide');
  await form.getByLabel(/Titolo/).fill('Guida al sonno');
  await form.getByLabel(/Descrizione/).fill('Sette abitudini per la sera');
  await form.getByLabel(/File PDF/).setInputFiles({ name: 'sonno.pdf', mimeType: 'application/pdf', buffer: pdfBytes() });
  await form.getByRole('button', { name: 'Carica il PDF' }).click();
  await expect(card.getByRole('list', { name: 'Guide Pratiche' }).getByText('Guida al sonno')).toBeVisible({ timeout: 30_000 });

  await form.getByLabel('Sezione').selectOption('strumenti');
  await form.getByLabel('Tipo').selectOption('link');
  await form.getByLabel(/Titolo/).fill('Diario settimanale');
  await form.getByLabel(/Indirizzo/).fill('https://esempio.it/diario');
  await form.getByRole('button', { name: 'Aggiungi il link' }).click();
  await expect(card.getByRole('list', { name: 'Strumenti' }).getByText('Diario settimanale')).toBeVisible({ timeout: 30_000 });
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxeViolations(page, 'la console con le risorse');

  // A participant of the cohort, on their own phone.
  const context = await browser.newContext({ baseURL, ...PHONE_390 });
  const member = await context.newPage();
  const headers = { Origin: appOrigin };
  const registered = await context.request.post('/api/auth/register', {
    headers,
    data: { name: 'Giulia Risorse', email: uniqueEmail('risorse'), password: 'password-e2e-123', role: 'PARTICIPANT', secretCode: inviteCode },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const onboarding = await context.request.post('/api/onboarding', {
    headers,
    data: { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' },
  });
  expect(onboarding.ok()).toBe(true);
  await member.goto('/risorse');
  const guides = member.getByRole('region', { name: 'Guide Pratiche' });
  await expect(guides).toContainText('Disponibile', { timeout: 30_000 });
  await expect(guides).not.toContainText('In arrivo');
  const tools = member.getByRole('region', { name: 'Strumenti' });
  const link = tools.getByRole('link', { name: /Diario settimanale/ });
  await expect(link).toHaveAttribute('href', 'https://esempio.it/diario');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expectNoSeriousAxeViolations(member, '/risorse con le risorse della coorte');
  const fileLink = guides.getByRole('link', { name: /Guida al sonno/ });
  const bytes = await expectPdfDownload(member, fileLink, 'guida-al-sonno.pdf');
  expect(bytes.equals(pdfBytes())).toBe(true);
  const fileUrl = (await fileLink.getAttribute('href'))!;
  await context.close();

  // A participant of another cohort (the local one) asks for the same file.
  const strangerContext = await browser.newContext({ baseURL, ...PHONE_390 });
  await registerParticipant(strangerContext.request, { onboarding: true });
  const refused = await strangerContext.request.get(fileUrl);
  expect(refused.status()).toBe(403);
  expect(refused.headers()['cache-control']).toBe('private, no-store');
  expect(((await refused.json()) as { message: string }).message).toBe('Puoi vedere solo le risorse della tua coorte');
  await strangerContext.close();
});
