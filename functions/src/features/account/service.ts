import type { ProfileUpdate, User } from '@sfida/core/user';
import { addDays, daysBetween, isChallengeStarted, localDateOf, todayIn } from '@sfida/core/dates';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound, tooManyRequests } from '../../shared/http-error';
import { toUser, userRef, type UserDoc } from '../../shared/user-repository';

const accountMessages = {
  challengeAlreadyStarted: 'La challenge è già iniziata: la data di inizio non può più essere cambiata',
  startDateInPast: 'La data di inizio non può essere nel passato',
  startDateTooFar: 'Scegli una data di inizio entro 60 giorni da oggi',
  timeZoneChangedToday: 'Puoi cambiare il fuso orario una volta al giorno. Riprova domani.',
} as const;

/** How far ahead a participant may schedule the start of the challenge. */
const MAX_START_DAYS_AHEAD = 60;

type AccountDeps = Pick<Deps, 'db' | 'auth' | 'clock'>;

/**
 * Renames the participant and/or moves them to another time zone; the answer is the updated user.
 * The zone decides the participant's "today", so it changes at most once per calendar day (in the
 * zone it is leaving): hopping east to reach tomorrow early works once, not again and again.
 * Naming the zone they already have changes nothing and leaves the day's change unused.
 */
export async function updateProfile(deps: AccountDeps, uid: string, update: ProfileUpdate): Promise<User> {
  const { db, auth, clock } = deps;
  const ref = userRef(db, uid);
  const user = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('Utente non trovato');
    const current = toUser(snap);
    const fields: Partial<UserDoc> = {};
    if (update.name !== undefined) fields.name = update.name;
    if (update.timeZone !== undefined && update.timeZone !== current.timeZone) {
      const now = clock();
      const lastChange = (snap.data() as Partial<UserDoc>).timeZoneChangedAt;
      if (lastChange && localDateOf(lastChange, current.timeZone) === todayIn(current.timeZone, now)) {
        throw tooManyRequests(accountMessages.timeZoneChangedToday);
      }
      fields.timeZone = update.timeZone;
      fields.timeZoneChangedAt = now.toISOString();
    }
    if (Object.keys(fields).length > 0) tx.update(ref, fields);
    return { ...current, name: update.name ?? current.name, timeZone: update.timeZone ?? current.timeZone };
  });
  // Firebase Auth's display name only mirrors the user document: failing to copy it loses nothing.
  if (update.name !== undefined) await auth.updateUser(uid, { displayName: update.name }).catch(() => undefined);
  return user;
}

/**
 * Sets the start date while the challenge has not begun (no date yet, or a
 * date still in the future in the participant's stored time zone, never one a
 * request names). The new date may be today or up to MAX_START_DAYS_AHEAD days ahead.
 */
export async function startChallenge(deps: AccountDeps, uid: string, challengeStartDate: string): Promise<User> {
  const { db, clock } = deps;
  const ref = userRef(db, uid);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('Utente non trovato');
    const current = toUser(snap);
    const today = todayIn(current.timeZone, clock());
    if (daysBetween(today, challengeStartDate) < 0) throw badRequest(accountMessages.startDateInPast);
    if (challengeStartDate > addDays(today, MAX_START_DAYS_AHEAD)) throw badRequest(accountMessages.startDateTooFar);
    if (isChallengeStarted(current.challengeStartDate, today)) throw conflict(accountMessages.challengeAlreadyStarted);
    tx.update(ref, { challengeStartDate });
    return { ...current, challengeStartDate };
  });
}
