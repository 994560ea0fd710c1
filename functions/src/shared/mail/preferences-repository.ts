import type { Firestore } from 'firebase-admin/firestore';
import { DEFAULT_EMAIL_PREFERENCES, emailPreferencesSchema, type EmailPreferences, type OptionalEmailKind } from '@sfida/core/email-preferences';

// `emailPreferences/{uid}`: which emails the person wants, per kind (core/email-preferences.ts),
// and why a kind was turned off when it was not from /profilo: an unsubscribe link, or a bounce.

function preferencesRef(db: Firestore, uid: string) {
  return db.collection('emailPreferences').doc(uid);
}

function preferencesFrom(data: Record<string, unknown> | undefined): EmailPreferences {
  const parsed = emailPreferencesSchema.safeParse(data ?? {});
  return parsed.success ? parsed.data : DEFAULT_EMAIL_PREFERENCES;
}

export async function readEmailPreferences(db: Firestore, uid: string): Promise<EmailPreferences> {
  return preferencesFrom((await preferencesRef(db, uid).get()).data());
}

export async function writeEmailPreferences(db: Firestore, uid: string, preferences: EmailPreferences, now: Date): Promise<EmailPreferences> {
  await preferencesRef(db, uid).set({ ...preferences, updatedAt: now.toISOString() }, { merge: true });
  return preferences;
}

/** Turns one kind off without a session (an unsubscribe link) or after a bounce, saying which. */
export async function turnOffEmailKind(db: Firestore, uid: string, kind: OptionalEmailKind, why: 'unsubscribed' | 'bounced', now: Date): Promise<void> {
  // A map written whole under its own key: merge keeps the other kinds' reasons.
  await preferencesRef(db, uid).set({ [kind]: false, turnedOff: { [kind]: { why, at: now.toISOString() } }, updatedAt: now.toISOString() }, { merge: true });
}

/** Of `uids`, those who want emails of `kind` (everyone, unless they turned it off). */
export async function wantingEmail(db: Firestore, uids: string[], kind: OptionalEmailKind): Promise<Set<string>> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return new Set();
  const snaps = await db.getAll(...unique.map((uid) => preferencesRef(db, uid)));
  return new Set(unique.filter((_, index) => preferencesFrom(snaps[index]?.data())[kind]));
}
