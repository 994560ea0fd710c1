import { coachMessages, type CoachCohort, type CreateCohortRequest, type UpdateCohortRequest } from '@sfida/core/coach';
import { DEFAULT_NEW_COHORT_PACE, NEW_COHORT_RULES, cohortSettingsMessages } from '@sfida/core/cohort';
import { compareIsoDates, isChallengeOver, isChallengeStarted, mondayOf, todayIn, weekdayIndex } from '@sfida/core/dates';
import type { CohortInfo, CohortRules } from '@sfida/core/cohort';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { cohortInfoOf, cohortSettingsOf, cohortsCoachedBy, type CoachedCohort, type CohortDoc, type ReadCohort } from '../../shared/cohort-repository';
import { badRequest, conflict, notFound } from '../../shared/http-error';
import { unrankParticipant } from '../../shared/tracker-repository';
import { dropContribution } from '../../shared/week-stats-repository';
import { leaveTeams } from '../../shared/team-repository';
import {
  activeParticipantCount,
  addCoachId,
  createCohortDoc,
  markWithdrawn,
  ownerIdByEmail,
  replaceInviteCodeDoc,
  startTogether,
  updateCohortDoc,
} from './repository';

export const cohortMessages = {
  noSuchCoach: 'Nessun coach con questa email',
  challengeAlreadyOver: 'Con questa data di inizio le 8 settimane sarebbero già finite',
  notYourCohort: 'Puoi vedere solo la tua coorte',
} as const;

type CohortDeps = Pick<Deps, 'db' | 'clock'>;

async function asCoachCohort(deps: CohortDeps, id: string, cohort: CohortDoc): Promise<CoachCohort> {
  const { name, startDate, inviteCode, registrationOpen } = cohort;
  return {
    id,
    name,
    startDate,
    inviteCode,
    registrationOpen,
    ...cohortSettingsOf(cohort),
    participantCount: await activeParticipantCount(deps.db, id),
  };
}

/** The cohort as its participants see it: for its participants (not withdrawn) and its coaches (requireMemberOrCoachOf). */
export function cohortInfo({ id, cohort }: ReadCohort): CohortInfo {
  return cohortInfoOf(id, cohort);
}

/** The caller's cohorts, the latest start first (behind requireCoach). */
export async function listCohorts(deps: CohortDeps, user: User): Promise<CoachCohort[]> {
  const cohorts = await cohortsCoachedBy(deps.db, user.id);
  const answered = await Promise.all(cohorts.map(({ id, cohort }) => asCoachCohort(deps, id, cohort)));
  return answered.sort((a, b) => b.startDate.localeCompare(a.startDate) || a.name.localeCompare(b.name, 'it'));
}

/**
 * A new cohort coached by the caller, open for registration, with a fresh invite code (behind
 * requireCoach). A Monday before this week's (in the coach's zone) needs `confirmPastStart`, and
 * one whose eight weeks are already over is refused.
 */
export async function createCohort(deps: CohortDeps, user: User, input: CreateCohortRequest): Promise<CoachCohort> {
  if (weekdayIndex(input.startDate) !== 0) throw badRequest(coachMessages.startDateMonday);
  const today = todayIn(user.timeZone, deps.clock());
  if (isChallengeOver(input.startDate, today)) throw badRequest(cohortMessages.challengeAlreadyOver);
  if (compareIsoDates(input.startDate, mondayOf(today)) < 0 && input.confirmPastStart !== true) throw badRequest(coachMessages.startDateInPast);
  const { id, cohort } = await createCohortDoc(deps.db, {
    name: input.name,
    startDate: input.startDate,
    coachIds: [user.id],
    registrationOpen: true,
    createdAt: deps.clock().toISOString(),
    pace: input.pace ?? DEFAULT_NEW_COHORT_PACE,
    communityLink: null,
    reservedEventsText: null,
    rules: NEW_COHORT_RULES,
    archivedAt: null,
  });
  return asCoachCohort(deps, id, cohort);
}

/** A fresh invite code for the cohort; the old one is refused from now on. */
export async function replaceInviteCode(deps: CohortDeps, { id, cohort }: CoachedCohort): Promise<CoachCohort> {
  const inviteCode = await replaceInviteCodeDoc(deps.db, id, cohort);
  return asCoachCohort(deps, id, { ...cohort, inviteCode });
}

/**
 * Changes the cohort's settings (behind requireCoachOf with allowArchived): an archived cohort only
 * comes back (`archived: false`); the pace changes only before the start (in the coach's zone),
 * and a change to "together" moves the start of everyone registered to the cohort's Monday.
 * Archiving closes registration; bringing back leaves it closed.
 */
export async function updateCohort(deps: CohortDeps, user: User, { id, cohort }: CoachedCohort, update: UpdateCohortRequest): Promise<CoachCohort> {
  const now = deps.clock();
  const settings = cohortSettingsOf(cohort);
  if (settings.archivedAt !== null && Object.entries(update).some(([key, value]) => value !== undefined && !(key === 'archived' && value === false))) {
    throw conflict(cohortSettingsMessages.archived);
  }
  const fields: Partial<CohortDoc> = {};
  if (update.name !== undefined) fields.name = update.name;
  if (update.registrationOpen !== undefined) fields.registrationOpen = update.registrationOpen;
  if (update.communityLink !== undefined) fields.communityLink = update.communityLink;
  if (update.reservedEventsText !== undefined) fields.reservedEventsText = update.reservedEventsText;
  // Written whole: the rules the cohort had, with the ones sent changed.
  if (update.rules !== undefined) fields.rules = { ...settings.rules, ...definedRules(update.rules) };
  if (update.pace !== undefined && update.pace !== settings.pace) {
    if (isChallengeStarted(cohort.startDate, todayIn(user.timeZone, now))) throw conflict(cohortSettingsMessages.paceLocked);
    fields.pace = update.pace;
  }
  if (update.archived === true && settings.archivedAt === null) {
    fields.archivedAt = now.toISOString();
    fields.registrationOpen = false;
  } else if (update.archived === false && settings.archivedAt !== null) {
    fields.archivedAt = null;
  }
  await updateCohortDoc(deps.db, id, fields);
  if (fields.pace === 'together') await startTogether(deps.db, id, cohort.startDate, now);
  return asCoachCohort(deps, id, { ...cohort, ...fields });
}

function definedRules(rules: Partial<CohortRules>): Partial<CohortRules> {
  return Object.fromEntries(Object.entries(rules).filter(([, value]) => value !== undefined));
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
  const now = deps.clock();
  const marked = await markWithdrawn(deps.db, id, userId, now);
  if (marked === null) throw notFound(coachMessages.participantNotFound);
  const { withdrawnAt } = marked;
  if (marked.earlier) return { userId, withdrawnAt };
  // After the flag: a sync from now on reads it and writes no weekly scores.
  await unrankParticipant(deps.db, userId);
  // And out of the cohort's weekly figures, past weeks included (they describe who is in it).
  await dropContribution(deps.db, userId);
  // And out of their team: an average counts the team's members.
  await leaveTeams(deps.db, id, userId);
  return { userId, withdrawnAt };
}
