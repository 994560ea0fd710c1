import type { ProfileUpdate, User } from '@sfida/core/user';
import { isChallengeStarted } from '@sfida/core/dates';
import { calendarOf, changeTimeZone, effectiveToday, startDateProblem } from '@sfida/core/participant-calendar';
import type { Deps } from '../../deps';
import { cohortSettingsOf } from '../../shared/cohort-repository';
import { badRequest, conflict, notFound, tooManyRequests } from '../../shared/http-error';
import { changeUser, triageRecheck, type UserDoc } from '../../shared/user-repository';
import { setChallengeStart } from './repository';

const accountMessages = {
  challengeAlreadyStarted: 'La challenge è già iniziata: la data di inizio non può più essere cambiata',
  cohortStartsTogether: 'Nella tua coorte la sfida inizia per tutti lo stesso lunedì: non serve sceglierlo',
} as const;

type AccountDeps = Pick<Deps, 'db' | 'auth' | 'clock'>;

/**
 * Renames the participant and/or moves them to another time zone; the answer is the updated user.
 * The zone decides the participant's "today", so a change follows core's participant calendar:
 * once per day, no day lived twice, none skipped. Naming the zone they already have changes
 * nothing and leaves the day's change unused.
 */
export async function updateProfile(deps: AccountDeps, uid: string, update: ProfileUpdate): Promise<User> {
  const { db, auth, clock } = deps;
  const changed = await changeUser(db, uid, ({ user: current, doc }) => {
    const fields: Partial<UserDoc> = {};
    if (update.name !== undefined) fields.name = update.name;
    if (update.timeZone !== undefined && update.timeZone !== current.timeZone) {
      const now = clock();
      const change = changeTimeZone(calendarOf({ ...doc, timeZone: current.timeZone }), update.timeZone, now);
      if (!change.ok) throw tooManyRequests(change.message);
      const { calendar } = change;
      fields.timeZone = calendar.timeZone;
      if (calendar.dayFloor !== null) fields.dayFloor = calendar.dayFloor;
      if (calendar.timeZoneChangedOn !== null) fields.timeZoneChangedOn = calendar.timeZoneChangedOn;
      fields.timeZoneChangedAt = now.toISOString();
      Object.assign(fields, triageRecheck(now));
    }
    return { fields, result: { ...current, name: update.name ?? current.name, timeZone: update.timeZone ?? current.timeZone } };
  });
  if (!changed) throw notFound('Utente non trovato');
  // Firebase Auth's display name only mirrors the user document: failing to copy it loses nothing.
  if (update.name !== undefined) await auth.updateUser(uid, { displayName: update.name }).catch(() => undefined);
  return changed.result;
}

/**
 * Sets the start date while the challenge has not begun (no date yet, or a
 * date still in the future in the participant's stored calendar, never one a
 * request names). The new date may be today or up to MAX_START_DAYS_AHEAD days ahead.
 */
export async function startChallenge(deps: AccountDeps, uid: string, challengeStartDate: string): Promise<User> {
  const { db, clock } = deps;
  const started = await setChallengeStart(db, uid, ({ user: current, doc }, cohort) => {
    // A cohort that runs together gave its Monday to everyone at registration.
    if (cohort && cohortSettingsOf(cohort).pace === 'together') throw conflict(accountMessages.cohortStartsTogether);
    const now = clock();
    const calendar = calendarOf({ ...doc, timeZone: current.timeZone });
    const problem = startDateProblem(calendar, challengeStartDate, now);
    if (problem !== null) throw badRequest(problem);
    const today = effectiveToday(calendar, now);
    if (isChallengeStarted(current.challengeStartDate, today)) throw conflict(accountMessages.challengeAlreadyStarted);
    return { challengeStartDate, now };
  });
  if (!started) throw notFound('Utente non trovato');
  return started.user;
}
