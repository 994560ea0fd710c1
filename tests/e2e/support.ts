import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Firestore } from 'firebase-admin/firestore';
import { e2eProfile, emulatorEnv, LOCAL_INVITE_CODE } from '../../scripts/stack/profiles';

const profile = e2eProfile;
export const appOrigin = `http://127.0.0.1:${profile.ports.hosting}`;

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  name: string;
}

/** A unique email for this test run, so tests never depend on each other's data. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@sfida8.test`;
}

/** Registers a participant through the real API (the browser context keeps the session cookie). */
export async function registerParticipant(
  request: APIRequestContext,
  options: { name?: string; onboarding?: boolean } = {},
): Promise<TestAccount> {
  const account = { email: uniqueEmail(), password: 'password-e2e-123', name: options.name ?? 'Chiara Test' };
  const response = await request.post('/api/auth/register', {
    headers: { Origin: appOrigin },
    data: { ...account, role: 'PARTICIPANT', secretCode: LOCAL_INVITE_CODE },
  });
  if (response.status() !== 201) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  const user = (await response.json()) as { id: string };
  if (options.onboarding) {
    const onboarding = await request.post('/api/onboarding', {
      headers: { Origin: appOrigin },
      data: { tempoAllenamento: 'PIU_UN_ANNO', luogoAllenamento: 'PALESTRA', livelloAllenamento: 'AVANZATO', schedaAssegnata: 'AVANZATO_PALESTRA' },
    });
    if (!onboarding.ok()) throw new Error(`onboarding failed: ${onboarding.status()} ${await onboarding.text()}`);
  }
  return { id: user.id, ...account };
}

/** Signs in through the API from the page's context, so the page shares the cookie. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    headers: { Origin: appOrigin },
    data: { email: account.email, password: account.password },
  });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
}

let dbPromise: Promise<Firestore> | undefined;

/** Forgets every rate-limit counter (for tests that trip a limit on purpose). */
export async function clearRateLimits(): Promise<void> {
  const db = await e2eFirestore();
  const counters = await db.collection('rateLimits').get();
  await Promise.all(counters.docs.map((doc) => doc.ref.delete()));
}

/** The e2e stack's Firestore through the Admin SDK: for test set-up that the API rightly refuses (a start date in the past). */
export function e2eFirestore() {
  dbPromise ??= (async () => {
    Object.assign(process.env, emulatorEnv(profile));
    const { initializeApp, getApps } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    const app = getApps().find((a) => a.name === 'e2e') ?? initializeApp({ projectId: profile.projectId }, 'e2e');
    return getFirestore(app);
  })();
  return dbPromise;
}

/** Puts the participant's challenge start on a given day (e.g. a week ago, to walk the clock forward to today). */
export async function setChallengeStart(userId: string, isoDate: string): Promise<void> {
  const db = await e2eFirestore();
  await db.collection('users').doc(userId).set({ challengeStartDate: isoDate }, { merge: true });
  // Its roster row too, as every writer of the start does (decision 055).
  await db.collection('rosterRows').doc(userId).set({ challengeStartDate: isoDate }, { merge: true });
}

/** Today's date in Europe/Rome (the browser's zone in these tests) as YYYY-MM-DD. */
export function romeToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Calendar arithmetic on YYYY-MM-DD (no milliseconds-per-day division). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/** Noon in Rome on a calendar day: a safe instant to pin the browser clock to. */
export function romeNoon(isoDate: string): Date {
  // Noon UTC is 13:00 or 14:00 in Rome: the same calendar day either way.
  return new Date(`${isoDate}T11:00:00Z`);
}

/**
 * An instant on a calendar day up to today in Rome that the server does not see as future:
 * noon on past days, now on today (before noon in Rome, today's noon is still to come, and the
 * server refuses points dated after its own clock).
 */
export function romeMomentOn(isoDate: string): Date {
  return isoDate === romeToday() ? new Date() : romeNoon(isoDate);
}

/** The header in one row on a desktop, its wordmark on one line: the navigation gives way, never the brand. */
export async function expectHeaderOnOneRow(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  const brand = await header.getByRole('link', { name: 'Sfida 8 settimane' }).boundingBox();
  const row = await header.boundingBox();
  if (!brand || !row) throw new Error('The header or its wordmark is missing');
  // The "8" tile is 36 px tall, two lines of the wordmark about 56; one row of header about 62.
  expect(brand.height).toBeLessThanOrEqual(40);
  expect(row.height).toBeLessThanOrEqual(72);
}
