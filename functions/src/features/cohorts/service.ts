import { coachMessages, type CoachCohort, type CreateCohortRequest } from '@sfida/core/coach';
import { weekdayIndex } from '@sfida/core/dates';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { cohortsCoachedBy, type CoachedCohort, type CohortDoc } from '../../shared/cohort-repository';
import { badRequest, notFound } from '../../shared/http-error';
import { triageRecheck, userRef, type UserDoc } from '../../shared/user-repository';
import { unrankParticipant } from '../../shared/tracker-repository';
import {
  activeParticipantCount,
  addCoachId,
  createCohortDoc,
  ownerIdByEmail,
  replaceInviteCodeDoc,
  updateCohortDoc,
} from './repository';

export const cohortMessages = {
  noSuchCoach: 'Nessun coach con questa email',
} as const;

type CohortDeps = Pick<Deps, 'db' | 'clock'>;

export interface CohortUpdate {
  name?: string;
  registrationOpen?: boolean;
}

async function asCoachCohort(deps: CohortDeps, id: string, cohort: CohortDoc): Promise<CoachCohort> {
  const { name, startDate, inviteCode, registrationOpen } = cohort;
  return { id, name, startDate, inviteCode, registrationOpen, participantCount: await activeParticipantCount(deps.db, id) };
}

/** The caller's cohorts, the latest start first (behind requireCoach). */
export async function listCohorts(deps: CohortDeps, user: User): Promise<CoachCohort[]> {
  const cohorts = await cohortsCoachedBy(deps.db, user.id);
  const answered = await Promise.all(cohorts.map(({ id, cohort }) => asCoachCohort(deps, id, cohort)));
  return answered.sort((a, b) => b.startDate.localeCompare(a.startDate) || a.name.localeCompare(b.name, 'it'));
}

/** A new cohort coached by the caller, open for registration, with a fresh invite code (behind requireCoach). */
export async function createCohort(deps: CohortDeps, user: User, input: CreateCohortRequest): Promise<CoachCohort> {
  if (weekdayIndex(input.startDate) !== 0) throw badRequest(coachMessages.startDateMonday);
  const { id, cohort } = await createCohortDoc(deps.db, {
    name: input.name,
    startDate: input.startDate,
    coachIds: [user.id],
    registrationOpen: true,
    createdAt: deps.clock().toISOString(),
  });
  return asCoachCohort(deps, id, cohort);
}

/** A fresh invite code for the cohort; the old one is refused from now on. */
export async function replaceInviteCode(deps: CohortDeps, { id, cohort }: CoachedCohort): Promise<CoachCohort> {
  const inviteCode = await replaceInviteCodeDoc(deps.db, id, cohort);
  return asCoachCohort(deps, id, { ...cohort, inviteCode });
}

/** Renames the cohort and/or opens or closes its registration. */
export async function updateCohort(deps: CohortDeps, { id, cohort }: CoachedCohort, update: CohortUpdate): Promise<CoachCohort> {
  const fields: CohortUpdate = {};
  if (update.name !== undefined) fields.name = update.name;
  if (update.registrationOpen !== undefined) fields.registrationOpen = update.registrationOpen;
  await updateCohortDoc(deps.db, id, fields);
  return asCoachCohort(deps, id, { ...cohort, ...fields });
}

/** Makes another OWNER account a coach of the cohort too. */
export async function addCoach(deps: CohortDeps, { id, cohort }: CoachedCohort, email: string): Promise<CoachCohort> {
  const coachId = await ownerIdByEmail(deps.db, email);
  if (!coachId) throw notFound(cohortMessages.noSuchCoach);
  await addCoachId(deps.db, id, coachId);
  return asCoachCohort(deps, id, cohort);
}

/**
 * Takes a participant out of the cohort: they keep account and data, and `cohortId`, so the
 * coaches' roster and exports still show them as withdrawn. Withdrawing twice keeps the first date.
 */
export async function withdrawParticipant(
  deps: CohortDeps,
  { id }: CoachedCohort,
  userId: string,
): Promise<{ userId: string; withdrawnAt: string }> {
  const ref = userRef(deps.db, userId);
  const snap = await ref.get();
  const doc = snap.data() as Partial<UserDoc> | undefined;
  if (!doc || doc.cohortId !== id || doc.role === 'OWNER') throw notFound(coachMessages.participantNotFound);
  if (doc.withdrawnAt) return { userId, withdrawnAt: doc.withdrawnAt };
  const now = deps.clock();
  const withdrawnAt = now.toISOString();
  await ref.update({ withdrawnAt, ...triageRecheck(now) });
  // After the flag: a sync from now on reads it and writes no weekly scores.
  await unrankParticipant(deps.db, userId);
  return { userId, withdrawnAt };
}
