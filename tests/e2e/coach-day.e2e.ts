import { expect, test } from '@playwright/test';
import { FieldValue } from 'firebase-admin/firestore';
import { coachWithCohort, phoneParticipant, sendCheckIn, storedParticipant, thisMonday } from './coach-support';
import { addDays, e2eFirestore, romeToday } from './support';
import { collectPageErrors, expectNoSideScroll } from './tracker-support';
import { expectNoSeriousAxeViolations } from './axe-support';

// The coach's working day with a cohort of 40 (issue 37): the home's "Da fare oggi" and the
// check-ins to read drain until "Tutto fatto per oggi". Three participants use their phones; the
// other 37 are written with the Admin SDK as the server stores them (the coach's calls only read them).

/** Participants of `cohortId` as registration and a first sync leave them: 36 who started today, one who never started. */
async function seedCohort(cohortId: string): Promise<{ notStarted: string }> {
  const db = await e2eFirestore();
  const batch = db.batch();
  const now = new Date().toISOString();
  const suffix = cohortId.slice(-6);
  for (let i = 1; i <= 36; i++) {
    const n = String(i).padStart(2, '0');
    batch.set(db.collection('users').doc(`giornata-${suffix}-${n}`), {
      ...storedParticipant(cohortId, `Partecipante ${n}`, `giornata-${suffix}-${n}@sfida8.test`, now),
      createdAt: now,
      challengeStartDate: romeToday(),
    });
  }
  const notStarted = 'Ugo Fermo';
  // Registered ten days ago, in a cohort that began last week, and never chose a start.
  batch.set(db.collection('users').doc(`giornata-${suffix}-ugo`), {
    ...storedParticipant(cohortId, notStarted, `ugo-${suffix}@sfida8.test`, now),
    createdAt: new Date(Date.now() - 10 * 24 * 60 * 60 * 1000).toISOString(),
    challengeStartDate: null,
  });
  // And in the cohort's member index, as the server's writers keep it.
  const ids = [...Array.from({ length: 36 }, (_, i) => `giornata-${suffix}-${String(i + 1).padStart(2, '0')}`), `giornata-${suffix}-ugo`];
  batch.set(db.doc(`cohorts/${cohortId}/members/index`), { ids: FieldValue.arrayUnion(...ids) }, { merge: true });
  await batch.commit();
  return { notStarted };
}

test('a coach with 40 participants contacts one (reading her check-in), snoozes one and reads the two other check-ins at once, until "Tutto fatto per oggi"', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  const { cohortId, inviteCode } = await coachWithCohort(page, addDays(thisMonday(), -7));
  const { notStarted } = await seedCohort(cohortId);
  const sara = await phoneParticipant(browser, baseURL!, inviteCode, 'Sara Fatica');
  const luca = await phoneParticipant(browser, baseURL!, inviteCode, 'Luca Sereno');
  const nina = await phoneParticipant(browser, baseURL!, inviteCode, 'Nina Costante');
  try {
    await sendCheckIn(sara.page, '1 · Molto difficile', 'Settimana durissima.\nNon dormo e salto tutto.');
    await sendCheckIn(luca.page, '4 · Bene', 'Buona settimana.');
    await sendCheckIn(nina.page, '5 · Eccellente', 'La migliore finora.');

    // On a desktop: two people to follow, the hard week first; three check-ins to read.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/coach');
    const today = page.getByRole('region', { name: 'Da fare oggi' });
    await expect(today.getByRole('status')).toHaveText('2 persone da seguire oggi');
    await expect(today.getByRole('heading', { level: 3 })).toHaveText(['Umore basso o in calo (1)', 'Non hanno iniziato (1)']);
    const checkIns = page.getByRole('list', { name: 'Check-in da leggere' }).locator(':scope > li');
    await expect(checkIns).toHaveCount(3);
    await expectNoSeriousAxeViolations(page, '/coach (1280 px)');

    // On a phone from here on.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousAxeViolations(page, '/coach (390 px)');
    const saraItem = today.getByRole('listitem', { name: /^Sara Fatica,/ });
    await expect(saraItem).toContainText("Umore basso nell'ultimo check-in");
    await expect(saraItem.getByRole('link', { name: 'Scrivi' })).toHaveAttribute('href', new RegExp(`/coach/conversazioni/${cohortId}/`));
    await saraItem.getByRole('button', { name: 'Contattato' }).click();
    await saraItem.getByLabel('Nota (facoltativa)').fill('Chiamata: ne parliamo venerdì');
    await saraItem.getByRole('button', { name: 'Segna come contattato' }).click();
    await expect(saraItem).toHaveCount(0);
    await expect(today.getByRole('status')).toHaveText('1 persona da seguire oggi');

    // A contact reads the person's check-in too: Sara's left the list. The other two, read at once.
    await expect(checkIns).toHaveCount(2);
    await page.getByRole('region', { name: 'Check-in da leggere' }).getByRole('checkbox', { name: 'Seleziona tutti' }).check();
    await page.getByRole('button', { name: 'Segna come letti (2)' }).click();
    await expect(page.getByText('Nessun check-in da leggere.')).toBeVisible();

    // The one who never started: back in two days.
    const ugo = today.getByRole('listitem', { name: new RegExp(`^${notStarted},`) });
    await expect(ugo).toContainText('Non ha iniziato la challenge');
    await ugo.getByRole('button', { name: 'Rimanda a…' }).click();
    await ugo.getByLabel(/Riproponi il/).fill(addDays(romeToday(), 2));
    await ugo.getByRole('button', { name: 'Rimanda', exact: true }).click();

    await expect(today.getByRole('heading', { name: 'Tutto fatto per oggi' })).toBeVisible();
    await expect(today).toContainText('Oggi hai contattato 1 partecipante, rimandato 1 partecipante e segnato come letti 3 check-in.');
    await expectNoSeriousAxeViolations(page, '/coach (tutto fatto)');

    // Still so after a reload: the server agrees, and the note is kept with the contact.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Tutto fatto per oggi' })).toBeVisible();
    const db = await e2eFirestore();
    const saraDoc = await db.collection('users').doc(sara.account.id).get();
    expect(JSON.parse(String(saraDoc.get('triageContact')))).toMatchObject({ byName: 'Marta Coach', note: 'Chiamata: ne parliamo venerdì' });

    // Then the cohort, a tab per part: its day is done too, and the roster of 40 is one tab away.
    await page.goto(`/coach/${cohortId}`);
    const parts = page.getByRole('navigation', { name: 'Parti della coorte' });
    await expect(parts.getByRole('link', { name: 'Oggi', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: 'Da fare oggi' }).getByRole('heading', { name: 'Tutto fatto per oggi' })).toBeVisible();
    await parts.getByRole('link', { name: 'Partecipanti', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/coach/${cohortId}/partecipanti$`));
    await expect(page.getByRole('region', { name: 'Roster' }).getByRole('status')).toHaveText('40 di 40 partecipanti', { timeout: 30_000 });
    await expectNoSideScroll(page);
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([sara, luca, nina].map((p) => p.context.close()));
  }
});

