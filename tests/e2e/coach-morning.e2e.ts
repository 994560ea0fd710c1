import { expect, test, type Page } from '@playwright/test';
import { coachWithCohort, phoneParticipant, sendCheckIn, storedParticipant, thisMonday } from './coach-support';
import { addDays, appOrigin, e2eFirestore, uniqueEmail } from './support';
import { collectPageErrors } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// A coach's morning (one reply handles a person everywhere; work in bulk; find anyone): a reply to
// a low-mood check-in takes the person out of "Da fare oggi" and "Check-in da leggere" at once;
// three who never started are marked contacted together, behind one confirmation; a search by
// email finds someone of the coach's other cohort and says which. On a phone and on a desktop.

// --- Where things are on the coach's screens (kept here, small, so a new layout changes only these). ---

async function openToday(page: Page): Promise<void> {
  await page.goto('/coach');
}
const todayList = (page: Page) => page.getByRole('region', { name: 'Da fare oggi' });
const checkInsToRead = (page: Page) => page.getByRole('list', { name: 'Check-in da leggere' }).locator(':scope > li');
/** The check-ins load when their section comes near the screen: on a phone it is below the triage. */
async function showCheckIns(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Check-in da leggere' }).scrollIntoViewIfNeeded();
}
const search = (page: Page) => page.getByRole('search', { name: 'Cerca un partecipante' });

// --- The data the morning is not about, written as the server stores it. ---

/** Three participants of `cohortId` registered ten days ago who never chose a start (the cohort began last week). */
async function seedNotStarted(cohortId: string): Promise<string[]> {
  const db = await e2eFirestore();
  const batch = db.batch();
  const names = ['Ada Ferma', 'Bice Ferma', 'Cloe Ferma'];
  const suffix = cohortId.slice(-6);
  const registered = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000).toISOString();
  names.forEach((name, i) =>
    batch.set(db.collection('users').doc(`mattina-${suffix}-${i}`), {
      ...storedParticipant(cohortId, name, `mattina-${suffix}-${i}@sfida8.test`),
      createdAt: registered,
      challengeStartDate: null,
    }),
  );
  await batch.commit();
  return names;
}

/** A second cohort of the signed-in coach with one participant in it; answers the cohort's name and the participant's email. */
async function otherCohortWithSomeone(page: Page): Promise<{ cohortName: string; name: string; email: string }> {
  const cohortName = `Seconda ${uniqueEmail('').slice(1, 7)}`;
  const created = await page.request.post('/api/coach/cohorts', { headers: { Origin: appOrigin }, data: { name: cohortName, startDate: thisMonday(), pace: 'ownDay', confirmPastStart: true } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const email = uniqueEmail('lontano');
  const db = await e2eFirestore();
  await db.collection('users').doc(`lontano-${id.slice(-8)}`).set({ ...storedParticipant(id, 'Bruno Lontano', email), createdAt: new Date().toISOString(), challengeStartDate: null });
  return { cohortName, name: 'Bruno Lontano', email };
}

for (const viewport of [
  { name: '390 px', width: 390, height: 844 },
  { name: '1280 px', width: 1280, height: 900 },
]) {
  test(`a coach's morning at ${viewport.name}: a reply clears the person from both lists, three contacted at once, someone found by email in another cohort`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const errors = collectPageErrors(page);
    const { cohortId, inviteCode } = await coachWithCohort(page, addDays(thisMonday(), -7));
    const notStarted = await seedNotStarted(cohortId);
    const elsewhere = await otherCohortWithSomeone(page);
    const sara = await phoneParticipant(browser, baseURL!, inviteCode, 'Sara Fatica');
    try {
      await sendCheckIn(sara.page, '1 · Molto difficile', 'Settimana durissima, non ce la faccio.');

      // Four to follow: Sara's low mood first; her check-in waits to be read.
      await openToday(page);
      const today = todayList(page);
      // The console's first look asks five things at once: on a cold local stack each may start a new
      // function worker (seconds apiece on a busy machine), so the first answers get more time.
      const firstLook = { timeout: 45_000 };
      await expect(today.getByRole('status').first()).toHaveText('4 persone da seguire oggi', firstLook);
      await expect(today.getByRole('listitem', { name: /^Sara Fatica,/ })).toContainText("Umore basso nell'ultimo check-in");
      await showCheckIns(page);
      await expect(checkInsToRead(page)).toHaveCount(1, firstLook);

      // The reply, from the check-in: Sara leaves both lists.
      const card = checkInsToRead(page).first();
      await card.getByRole('button', { name: /^Sara Fatica/ }).click();
      await card.getByRole('textbox', { name: /Risposta per Sara Fatica/ }).fill('Ciao Sara, ci sentiamo oggi: una cosa piccola alla volta.');
      await card.getByRole('button', { name: 'Invia risposta' }).click();
      await expect(page.getByText('Nessun check-in da leggere.')).toBeVisible();
      await expect(today.getByRole('listitem', { name: /^Sara Fatica,/ })).toHaveCount(0);
      await expect(today.getByRole('status').first()).toHaveText('3 persone da seguire oggi');

      // The three who never started, marked contacted at once: one confirmation with the count.
      await today.getByRole('checkbox', { name: 'Seleziona tutti' }).check();
      const bar = page.getByRole('region', { name: 'Azioni sui selezionati' });
      await expect(bar.getByRole('status')).toHaveText('3 persone selezionate');
      // Labels written out, one per screen size (the accessibility table lists each).
      if (viewport.width === 390) await expectNoSeriousAxeViolations(page, '/coach (selezione, 390 px)');
      else await expectNoSeriousAxeViolations(page, '/coach (selezione, 1280 px)');
      await bar.getByRole('button', { name: 'Contattato (i selezionati)' }).click();
      await expect(bar.getByText('Segnare 3 persone come contattate?')).toBeVisible();
      await bar.getByRole('button', { name: 'Segna 3 come contattate' }).click();
      await expect(today.getByRole('heading', { name: 'Tutto fatto per oggi' })).toBeVisible();
      for (const name of notStarted) await expect(today.getByRole('listitem', { name: new RegExp(`^${name},`) })).toHaveCount(0);
      await expect(today).toContainText('Oggi hai contattato 3 partecipanti.');

      // Someone of the other cohort, by email typed as it comes: found, with the cohort named.
      await search(page).getByLabel('Nome o email').fill(elsewhere.email.toUpperCase());
      await search(page).getByRole('button', { name: 'Cerca' }).click();
      const results = page.getByRole('list', { name: 'Risultati della ricerca' });
      await expect(results.getByRole('listitem')).toHaveCount(1);
      await expect(results.getByRole('link', { name: elsewhere.name })).toBeVisible();
      await expect(results).toContainText(`Coorte ${elsewhere.cohortName}`);
      if (viewport.width === 390) await expectNoSeriousAxeViolations(page, '/coach (ricerca, 390 px)');
      else await expectNoSeriousAxeViolations(page, '/coach (ricerca, 1280 px)');
      await results.getByRole('link', { name: elsewhere.name }).click();
      await expect(page.getByRole('heading', { level: 1, name: elsewhere.name })).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await sara.context.close();
    }
  });
}
