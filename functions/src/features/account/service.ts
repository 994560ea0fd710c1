import type { ProfileUpdate, User } from '@sfida/core/user';
import { addDays, daysBetween, isChallengeStarted, todayIn } from '@sfida/core/dates';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../shared/http-error';
import { toUser, userRef } from '../../shared/user-repository';

const accountMessages = {
  challengeAlreadyStarted: 'La challenge è già iniziata: la data di inizio non può più essere cambiata',
  startDateInPast: 'La data di inizio non può essere nel passato',
  startDateTooFar: 'Scegli una data di inizio entro 60 giorni da oggi',
} as const;

/** How far ahead a participant may schedule the start of the challenge. */
const MAX_START_DAYS_AHEAD = 60;

type AccountDeps = Pick<Deps, 'db' | 'auth' | 'clock'>;

/** Renames the participant; the answer is the updated user. */
export async function updateProfile(deps: AccountDeps, uid: string, update: ProfileUpdate): Promise<User> {
  const ref = userRef(deps.db, uid);
  await ref.update({ name: update.name });
  // Firebase Auth's display name only mirrors the user document: failing to copy it loses nothing.
  await deps.auth.updateUser(uid, { displayName: update.name }).catch(() => undefined);
  return toUser(await ref.get());
}

/**
 * Sets the start date while the challenge has not begun (no date yet, or a
 * date still in the future in the participant's time zone). The new date may
 * be today or up to MAX_START_DAYS_AHEAD days ahead.
 */
export async function startChallenge(deps: AccountDeps, uid: string, challengeStartDate: string, timeZone: string): Promise<User> {
  const { db, clock } = deps;
  const today = todayIn(timeZone, clock());
  if (daysBetween(today, challengeStartDate) < 0) throw badRequest(accountMessages.startDateInPast);
  if (challengeStartDate > addDays(today, MAX_START_DAYS_AHEAD)) throw badRequest(accountMessages.startDateTooFar);
  const ref = userRef(db, uid);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('Utente non trovato');
    const current = toUser(snap);
    if (isChallengeStarted(current.challengeStartDate, today)) throw conflict(accountMessages.challengeAlreadyStarted);
    tx.update(ref, { challengeStartDate });
    return { ...current, challengeStartDate };
  });
}
