import type { User } from '@sfida/core/user';
import { unsubscribeDevice } from './push-device';
import { withTimeout } from './with-timeout';

/**
 * What another part of the app does at sign-out. lib/ is the bottom of the web app and knows none
 * of them: each registers its own (the tracker: its copy in this browser's storage).
 */
export interface SignOutStep {
  /** Before anything ends, with the session still valid: resolves false to keep the user signed in. */
  confirm?(user: User): Promise<boolean>;
  /** Once the session has ended: forgets what this browser kept for `user`. */
  forget?(user: User): void;
}

const signOutSteps = new Set<SignOutStep>();

/** Adds `step` to every sign-out from now on; returns its removal. */
export function addSignOutStep(step: SignOutStep): () => void {
  signOutSteps.add(step);
  return () => signOutSteps.delete(step);
}

/** How long a sign-out waits for this device's push subscription to end before going on without it. */
export const PUSH_UNSUBSCRIBE_TIMEOUT_MS = 3000;

/**
 * Stops push on this device at sign-out (the next user of this browser must not get the last
 * one's reminders). Before the logout request: removing the subscription needs the session.
 * A failure or a browser that never answers only delays the sign-out, never stops it.
 */
export async function stopPushOnThisDevice(): Promise<void> {
  try {
    const done = await withTimeout(unsubscribeDevice().then(() => true), PUSH_UNSUBSCRIBE_TIMEOUT_MS, false);
    if (!done) console.warn('Notifiche non disattivate su questo dispositivo: nessuna risposta');
  } catch (error) {
    console.warn('Notifiche non disattivate su questo dispositivo', error);
  }
}

/** Asks every step, one at a time (a step may ask the user a question): false once one keeps `user` signed in. */
export async function confirmSignOut(user: User): Promise<boolean> {
  for (const step of signOutSteps) {
    if (step.confirm && !(await step.confirm(user))) return false;
  }
  return true;
}

/** Once the session has ended: every step forgets what this browser kept for `user`. */
export function forgetSignedOutUser(user: User): void {
  signOutSteps.forEach((step) => step.forget?.(user));
}
