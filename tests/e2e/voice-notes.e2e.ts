import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/stack/chromium';
import { addDays, appOrigin, e2eFirestore, registerParticipant as registerWithLocalCode, romeToday, signIn, uniqueEmail, type TestAccount } from './support';
import { collectPageErrors, syncedTracker } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// Voice notes end to end: a participant records one with the week's check-in on Chromium's fake
// microphone (a steady tone), sends it; the coach plays it in the check-in card and answers with a
// voice note of their own, which the participant plays back. Then the participant sends a voice
// note in their conversation, and the coach plays it in the thread. Everything against the real stack.

// The fake device stands in for a microphone, and the fake prompt allows it without asking.
test.use({
  launchOptions: {
    executablePath: findChromium(),
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const PHONE = { locale: 'it-IT', timezoneId: 'Europe/Rome', viewport: { width: 360, height: 740 }, permissions: ['microphone'] } as const;

/** A coach of a fresh cohort starting this week's Monday; answers the cohort's invite code. */
async function coachWithCohort(page: Page): Promise<{ coach: TestAccount; inviteCode: string }> {
  const coach = await registerWithLocalCode(page.request, { name: 'Marta Coach' });
  const db = await e2eFirestore();
  await db.collection('users').doc(coach.id).set({ role: 'OWNER' }, { merge: true });
  // Its roster row too, as every writer of the role does (decision 055).
  await db.collection('rosterRows').doc(coach.id).set({ role: 'OWNER' }, { merge: true });
  await signIn(page, coach);
  const today = romeToday();
  const monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  const created = await page.request.post('/api/coach/cohorts', {
    headers: { Origin: appOrigin },
    data: { name: `Note vocali ${uniqueEmail('').slice(1, 7)}`, startDate: monday, pace: 'ownDay' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const cohort = (await created.json()) as { inviteCode: string };
  return { coach, inviteCode: cohort.inviteCode };
}

/** A participant on their own phone: registered with the cohort's code, onboarded, started today. */
async function phoneParticipant(browser: Browser, baseURL: string, inviteCode: string, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, ...PHONE, permissions: [...PHONE.permissions] });
  const account = { name, email: uniqueEmail('p'), password: 'password-e2e-123' };
  const headers = { Origin: appOrigin };
  const registered = await context.request.post('/api/auth/register', { headers, data: { ...account, role: 'PARTICIPANT', secretCode: inviteCode } });
  expect(registered.status(), await registered.text()).toBe(201);
  const onboarding = await context.request.post('/api/onboarding', {
    headers,
    data: { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' },
  });
  expect(onboarding.ok()).toBe(true);
  expect((await context.request.post('/api/auth/start-challenge', { headers, data: { challengeStartDate: romeToday() } })).ok()).toBe(true);
  return { context, page: await context.newPage() };
}

/** Records about `seconds` on the fake microphone with the recorder inside `scope`, then stops; the take is ready to hear. */
async function record(page: Page, scope: Locator, seconds: number): Promise<void> {
  await scope.getByRole('button', { name: 'Registra una nota vocale' }).click();
  const timer = scope.getByRole('timer');
  await expect(timer).toContainText(`0:0${seconds}`, { timeout: (seconds + 5) * 1000 });
  await scope.getByRole('button', { name: 'Ferma la registrazione' }).click();
  await expect(scope.getByLabel(/^Ascolta la registrazione/)).toBeVisible();
  await expect(page.getByText(/Registrazione terminata/)).toBeAttached();
}

/** Loads the player's audio from the API and answers its readiness and length as the browser reads them. */
async function loadedAudio(player: Locator): Promise<{ readyState: number; duration: number }> {
  return player.evaluate(
    (element) =>
      new Promise<{ readyState: number; duration: number }>((resolve, reject) => {
        const audio = element as HTMLAudioElement;
        audio.addEventListener('loadedmetadata', () => resolve({ readyState: audio.readyState, duration: audio.duration }), { once: true });
        audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code}`)), { once: true });
        audio.preload = 'auto';
        audio.load();
      }),
  );
}

test('a check-in with a voice note: recorded on the phone, played and answered by voice by the coach, the answer played back; then a voice note in the conversation', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(PHONE.viewport);
  await page.context().grantPermissions(['microphone']);
  const errors = collectPageErrors(page);
  const { inviteCode } = await coachWithCohort(page);
  const sara = await phoneParticipant(browser, baseURL!, inviteCode, 'Sara Voce');
  const saraErrors = collectPageErrors(sara.page);
  try {
    // Sara records three seconds, listens to the take, and sends the check-in with it.
    await sara.page.goto('/checkin');
    await sara.page.getByText('2 · Difficile').click();
    await sara.page.getByRole('textbox', { name: 'La tua riflessione' }).fill('Settimana faticosa: te la racconto a voce.');
    const recorder = sara.page.getByRole('group', { name: 'Nota vocale del check-in' });
    await record(sara.page, recorder, 3);
    await expectNoSeriousAxeViolations(sara.page, '/checkin (nota vocale registrata)');
    const uploaded = sara.page.waitForResponse((response) => response.url().endsWith('/api/me/voice-notes') && response.request().method() === 'POST');
    const synced = syncedTracker(sara.page, (tracker) => typeof (tracker.checkIns[0] as { voiceNoteId?: string } | undefined)?.voiceNoteId === 'string');
    await sara.page.getByRole('button', { name: 'Invia check-in' }).click();
    const upload = await uploaded;
    expect(upload.status(), await upload.text()).toBe(201);
    const { voiceNote } = (await upload.json()) as { voiceNote: { id: string; durationMs: number; mime: string } };
    expect(voiceNote.mime).toBe('audio/webm');
    expect(voiceNote.durationMs).toBeGreaterThan(2000);
    expect(voiceNote.durationMs).toBeLessThan(6000);
    await synced;

    // The coach: the check-in card plays Sara's note, with its length.
    await page.goto('/coach');
    const card = page.getByRole('listitem', { name: 'Check-in di Sara Voce, settimana 1' });
    // Its row opens in place to the whole check-in.
    await card.getByRole('button', { name: /^Sara Voce/ }).click();
    const player = card.getByLabel(/^Nota vocale di Sara, \d+ second/);
    await expect(player).toBeVisible();
    const heard = await loadedAudio(player);
    expect(heard.readyState).toBeGreaterThanOrEqual(1);
    expect(heard.duration).toBeGreaterThan(0);
    // The server wrote the length MediaRecorder leaves out: the browser knows it before playing.
    expect(Math.abs(heard.duration * 1000 - voiceNote.durationMs)).toBeLessThan(100);
    const served = await page.request.get(`/api/voice-notes/${voiceNote.id}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('audio/webm');
    expect(served.headers()['cache-control']).toBe('private, no-store');
    await expectNoSeriousAxeViolations(page, '/coach (nota vocale)');

    // The coach answers by voice alone.
    await record(page, card.getByRole('group', { name: 'Nota vocale per Sara Voce' }), 2);
    await card.getByRole('button', { name: 'Invia risposta' }).click();
    await expect(page.getByRole('listitem', { name: 'Check-in di Sara Voce, settimana 1' }).getByRole('textbox')).toHaveCount(0);

    // Sara hears the answer under her check-in.
    await sara.page.goto('/checkin');
    const answer = sara.page.getByLabel(/^Nota vocale di Marta Coach, \d+ second/);
    await expect(answer).toBeVisible();
    const answerHeard = await loadedAudio(answer);
    expect(answerHeard.duration).toBeGreaterThan(0);
    expect(Number.isFinite(answerHeard.duration)).toBe(true);
    await expect(sara.page.getByLabel(/^La tua nota vocale, \d+ second/)).toBeVisible();

    // In /messaggi Sara records a voice note for her coaches, listens to it, and sends it alone.
    await sara.page.goto('/messaggi');
    await expect(sara.page.getByRole('list', { name: 'Conversazione con i coach' })).toBeVisible();
    await record(sara.page, sara.page.getByRole('group', { name: 'Nota vocale per i coach' }), 2);
    const messageUploaded = sara.page.waitForResponse((response) => response.url().endsWith('/api/me/voice-notes') && response.request().method() === 'POST');
    const messageSent = sara.page.waitForResponse((response) => response.url().endsWith('/api/me/conversation/messages') && response.request().method() === 'POST');
    await sara.page.getByRole('button', { name: 'Invia', exact: true }).click();
    const messageUpload = await messageUploaded;
    expect(messageUpload.status(), await messageUpload.text()).toBe(201);
    const { voiceNote: messageNote } = (await messageUpload.json()) as { voiceNote: { id: string; durationMs: number } };
    const sent = await messageSent;
    expect(sent.status(), await sent.text()).toBe(201);
    expect(((await sent.json()) as { voiceNote: { id: string } | null }).voiceNote?.id).toBe(messageNote.id);
    const ownPlayer = sara.page.locator(`[data-voice-note="${messageNote.id}"] audio`);
    await expect(ownPlayer).toHaveAccessibleName(/^Nota vocale di Sara Voce, \d+ second/);
    // The composer's button back from "Invio..." at full opacity: axe judges its colours, not a fade.
    await expect(sara.page.getByRole('button', { name: 'Invia', exact: true })).toHaveCSS('opacity', '1');
    await expectNoSeriousAxeViolations(sara.page, '/messaggi (nota vocale inviata)');

    // The coach finds the thread in Conversazioni ("Nota vocale" as its preview), opens it, and plays the note.
    await page.goto('/coach/conversazioni');
    const row = page.getByRole('list', { name: 'Conversazioni' }).getByRole('listitem').filter({ hasText: 'Sara Voce' });
    await expect(row).toContainText('Nota vocale');
    await row.getByRole('link', { name: 'Sara Voce' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sara Voce' })).toBeVisible();
    const threadPlayer = page.locator(`[data-voice-note="${messageNote.id}"] audio`);
    await expect(threadPlayer).toHaveAccessibleName(/^Nota vocale di Sara Voce, \d+ second/);
    const threadHeard = await loadedAudio(threadPlayer);
    expect(threadHeard.duration).toBeGreaterThan(0);
    expect(Number.isFinite(threadHeard.duration)).toBe(true);
    await expectNoSeriousAxeViolations(page, '/coach/conversazioni (nota vocale)');
    expect(errors).toEqual([]);
    expect(saraErrors).toEqual([]);
  } finally {
    await sara.context.close();
  }
});
