import { expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';
import type { TrackerData } from '@sfida/core/tracker';
import type { TrackerResult } from '@sfida/core/tracker-actions';
import { e2eFirestore, registerParticipant, setChallengeStart, signIn, type TestAccount } from './support';

// Helpers for the tracker end-to-end tests (tracker*.e2e.ts).

/** A phone's screen, as the tests of the participant's screens use it. */
export const PHONE_390 = { width: 390, height: 844 };

/** The tracker a reducer made, for seeding one: a refusal fails the test at once. */
export function must(result: TrackerResult): TrackerData {
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

/** Nothing overflows a screen `width` pixels wide: no sideways scroll. */
export async function expectNoSideScroll(page: Page, width = PHONE_390.width): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The local-storage key of a user's tracker (STORAGE_KEYS in web/src/tracker/storage-keys.ts). */
export function trackerStorageKey(userId: string): string {
  return `sfida8:v2:tracker:${userId}`;
}

/** Where the store keeps the damaged original of a repaired entry. */
export function corruptBackupStorageKey(userId: string): string {
  return `sfida8:v2:tracker-corrupt:${userId}`;
}

/**
 * A participant who finished onboarding, signed in in `page`'s context (the register call
 * leaves the cookie there); `start` puts the challenge start on that day (null: not started).
 */
export async function newParticipant(page: Page, start: string | null, name = 'Chiara Test'): Promise<TestAccount> {
  const account = await registerParticipant(page.request, { onboarding: true, name });
  if (start !== null) await setChallengeStart(account.id, start);
  return account;
}

export { signIn };

/** The number of a StatTile ("Punti", "Costanza", "Badge ottenuti"…): the paragraph right after its label. */
export function statValue(page: Page, label: string): Locator {
  return page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
}

const PROGRESS_PATH = '/api/users/me/progress';

/**
 * Resolves once the page has had a sync of the tracker accepted (a PUT of the whole, or a PATCH of
 * the changes) and the copy the server then holds satisfies `accept`. Start waiting before acting.
 */
export async function syncedTracker(page: Page, accept: (tracker: TrackerJson) => boolean = () => true): Promise<void> {
  let synced = false;
  const onResponse = (response: Response) => {
    const method = response.request().method();
    if ((method === 'PUT' || method === 'PATCH') && response.url().endsWith(PROGRESS_PATH) && response.ok()) synced = true;
  };
  page.on('response', onResponse);
  try {
    const holds = async () => {
      if (!synced) return false;
      // A connection the busy local emulators reset is a look that found nothing yet: the poll asks again.
      const response = await page.request.get(PROGRESS_PATH).catch(() => null);
      return response !== null && response.status() === 200 && accept((await response.json()) as TrackerJson);
    };
    await expect.poll(holds, { timeout: 60_000 }).toBe(true);
  } finally {
    page.off('response', onResponse);
  }
}

/** The tracker as JSON (only the fields the tests read). */
export interface TrackerJson {
  habits: Array<{ id: string; name: string; archivedAt?: string }>;
  completions: Record<string, Record<string, 'onTime' | 'late'>>;
  checkIns: Array<{ id: string; weekNumber: number; mood: number; reflection: string; date: string }>;
  pointsHistory: Array<{ points: number; kind: string; ref: string }>;
  savedPlannerWeeks: number[];
  updatedAt: string;
  [key: string]: unknown;
}

/** The participant's tracker as the server holds it (GET /api/users/me/progress). */
export async function serverTracker(request: APIRequestContext): Promise<TrackerJson> {
  const response = await request.get(PROGRESS_PATH);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TrackerJson;
}

/**
 * The same for `expect.poll`, which stops at the first error its function throws: null while the
 * browser has synced nothing yet (204), so the poll waits for the sync instead of failing.
 */
export async function serverTrackerIfAny(request: APIRequestContext): Promise<TrackerJson | null> {
  const response = await request.get(PROGRESS_PATH);
  if (response.status() === 204) return null;
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TrackerJson;
}

export function total(history: TrackerJson['pointsHistory']): number {
  return history.reduce((sum, entry) => sum + entry.points, 0);
}

/** Adds a habit through the "+ Nuova abitudine" form on /abitudini (Enter submits). */
export async function addHabit(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: '+ Nuova abitudine' }).click();
  await page.getByRole('textbox', { name: "Nome dell'abitudine" }).fill(name);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
}

/** The habit card of `name` on /abitudini. */
export function habitCard(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });
}

/** Uncaught errors in the page, those an error boundary caught included (web/src/main.tsx reports them). */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** A day as the app prints it, e.g. "21 novembre 2026". */
export function italianDate(isoDate: string): string {
  return new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/**
 * Stores `tracker` as the server's copy (revision 1), as if the server had received each tick on
 * its day: the browser's clock can be moved in a test, the server's cannot, and the server counts
 * a tick on time only when it receives it that day.
 */
export async function seedServerTracker(userId: string, tracker: TrackerData): Promise<void> {
  const db = await e2eFirestore();
  const user = await db.collection('users').doc(userId).get();
  await db.collection('progress').doc(userId).set({ data: JSON.stringify(tracker), revision: 1, cohortId: user.get('cohortId') as string, updatedAt: tracker.updatedAt });
}
