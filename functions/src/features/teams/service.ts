import { addDays, mondayOf, todayIn } from '@sfida/core/dates';
import { coachMessages } from '@sfida/core/coach';
import { leaderboardName } from '@sfida/core/leaderboard-summary';
import {
  HIGH_FIVE_DAYS_SHOWN,
  HIGH_FIVES_SHOWN,
  defaultTeamName,
  formTeams,
  highFiveNeighbourDays,
  highFivePush,
  sameHighFiveDay,
  rankTeams,
  teamTexts,
  teammateWeek,
  type CoachTeams,
  type FormTeamsRequest,
  type MyTeam,
  type ReceivedHighFive,
  type TeamLeaderboard,
  type Teammate,
} from '@sfida/core/teams';
import { isDocumentId } from '@sfida/core/document-id';
import type { User } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import { cohortOfCoach, cohortSettingsOf, storedCohort, type CoachedCohort, type CohortDoc } from '../../shared/cohort-repository';
import { badRequest, conflict, forbidden, notFound } from '../../shared/http-error';
import { participantsPage, type Participant } from '../../shared/participant-repository';
import { notifyUsers } from '../../shared/push-notifier';
import { placeInSmallestTeam, teamOfCohort, teamOfMember, teamsOfCohort, type StoredTeam } from '../../shared/team-repository';
import { readOrFallback } from '../../shared/unreadable-data';
import { activeMembersOf, createHighFive, highFivesReceived, highFivesSentOn, isActiveMemberOf, moveToTeam, renameTeamDoc, replaceTeams, weekPointsOfCohort } from './repository';

type TeamDeps = Pick<ApiDeps, 'db' | 'clock' | 'config' | 'pushAgent'>;

const onlyParticipants = 'Solo i partecipanti fanno parte di una squadra';

/** Participants read per page while a coach forms or lists teams. */
const PARTICIPANTS_PAGE = 500;

function teamsOn(cohort: CohortDoc | undefined): boolean {
  return cohort !== undefined && cohortSettingsOf(cohort).rules.teamLeaderboard;
}

/**
 * The caller's cohort, when its team rule is on and they are one of its active participants: what
 * every participant route of teams starts from. The rule is the server's: with it off, nothing of
 * the teams reaches a participant.
 */
async function participantCohort(deps: TeamDeps, user: User): Promise<CohortDoc> {
  if (user.role !== 'PARTICIPANT') throw forbidden(onlyParticipants);
  // The session's user does not say whether a coach withdrew them: their document does.
  const [stored, active] = await Promise.all([storedCohort(deps.db, user.cohortId), isActiveMemberOf(deps.db, user.cohortId, user.id)]);
  if (!active) throw forbidden(teamTexts.withdrawn);
  const cohort = stored ?? undefined;
  if (!teamsOn(cohort)) throw forbidden(teamTexts.rulesOff);
  return cohort!;
}


/**
 * "La mia squadra": the caller's teammates and, for each one's current challenge week (on their own
 * calendar day), the share of habit-days ticked and whether planner and check-in are done, from
 * their roster digests. Reads the team, its members' users documents and the caller's high fives
 * of today: O(team size). A participant in no team of a cohort that has teams (a registration that
 * raced the forming) is placed now.
 */
export async function myTeam(deps: TeamDeps, user: User): Promise<MyTeam> {
  await participantCohort(deps, user);
  const { db } = deps;
  let team = await teamOfMember(db, user.cohortId, user.id);
  // The one write of this read, and harmless by design: placing is idempotent (a member of a team
  // stays where they are, looks at once place them once), and it is what registration would have done.
  if (!team && (await placeInSmallestTeam(db, user.cohortId, user.id))) team = await teamOfMember(db, user.cohortId, user.id);
  if (!team) return { team: null };
  const now = deps.clock();
  const today = todayIn(user.timeZone, now);
  // "Sent today" reads the caller's day only: right in one zone; on the day of a change of zone a
  // teammate may show as not yet given one and the tap answer 409 (sendHighFive decides).
  const [active, sentToday] = await Promise.all([activeMembersOf(db, user.cohortId, team.memberIds), highFivesSentOn(db, user.id, today)]);
  const members: Teammate[] = [];
  for (const { user: member, digest } of active) {
    const week = readOrFallback(
      member.id,
      () => teammateWeek(digest ?? null, member.challengeStartDate, todayIn(member.timeZone, now)),
      () => teammateWeek(null, member.challengeStartDate, today),
    );
    members.push({
      userId: member.id,
      displayName: leaderboardName(member.name),
      isMe: member.id === user.id,
      ...week,
      highFiveSentToday: sentToday.has(member.id),
    });
  }
  // The caller first, then by name.
  members.sort((a, b) => Number(b.isMe) - Number(a.isMe) || a.displayName.localeCompare(b.displayName, 'it') || a.userId.localeCompare(b.userId));
  return { team: { id: team.id, name: team.name, members } };
}

/**
 * "Dai il cinque": one a real day from the caller to a teammate. In one zone that is the caller's
 * calendar day; after a change of zone, the day must have changed both in the zone of the last one
 * and in the new zone (`sameHighFiveDay`), so a zone further east gives no second one the same day.
 * The document's id is the sender's day, sender and receiver, and create() refuses a second one, so
 * two taps at once store one. The teammate's phone gets a push under their "highFives" setting.
 */
export async function sendHighFive(deps: TeamDeps, user: User, toUserId: string): Promise<{ toUserId: string; day: string }> {
  await participantCohort(deps, user);
  if (toUserId === user.id) throw badRequest(teamTexts.notYourself);
  const { db } = deps;
  const team = await teamOfMember(db, user.cohortId, user.id);
  if (!team) throw forbidden(teamTexts.noTeam);
  if (!isDocumentId(toUserId) || !team.memberIds.includes(toUserId)) throw badRequest(teamTexts.notTeammate);
  if (!(await isActiveMemberOf(db, user.cohortId, toUserId))) throw badRequest(teamTexts.notTeammate);
  const now = deps.clock();
  const day = todayIn(user.timeZone, now);
  const fromName = leaderboardName(user.name);
  const created = await createHighFive(
    db,
    { cohortId: user.cohortId, from: user.id, to: toUserId, fromName, day, sentAt: now.toISOString(), timeZone: user.timeZone },
    highFiveNeighbourDays(day),
    (earlier) => sameHighFiveDay({ sentAt: earlier.sentAt, timeZone: earlier.timeZone ?? user.timeZone }, now, user.timeZone),
  );
  if (!created) throw conflict(teamTexts.alreadySent);
  await notifyUsers(deps, [toUserId], 'highFives', () => highFivePush(fromName));
  return { toUserId, day };
}

/** The high fives the caller received on their today and the day before, newest first: their dashboard's card. */
export async function receivedHighFives(deps: TeamDeps, user: User): Promise<{ highFives: ReceivedHighFive[] }> {
  await participantCohort(deps, user);
  const today = todayIn(user.timeZone, deps.clock());
  const found = await highFivesReceived(deps.db, user.id, addDays(today, -(HIGH_FIVE_DAYS_SHOWN - 1)), HIGH_FIVES_SHOWN);
  found.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
  return { highFives: found.map(({ id, fromName, day, sentAt }) => ({ id, fromName, day, sentAt })) };
}

/**
 * The cohort's teams ranked by average points per member in the calendar week `weekStart`: its
 * participants (their own team marked) and its coaches. Reads the cohort's teams and the week's
 * weekly scores of the cohort, which exist only for members who earned points that week
 * (docs/decisions/037-teams-inside-a-cohort.md says why not per-team counters).
 */
export async function teamLeaderboard(deps: TeamDeps, viewer: User, cohortId: string, weekStart: string): Promise<TeamLeaderboard> {
  const { db } = deps;
  let cohort: CohortDoc;
  if (viewer.role === 'OWNER') {
    cohort = (await cohortOfCoach(db, viewer, cohortId)).cohort;
    if (!teamsOn(cohort)) throw forbidden(teamTexts.rulesOff);
  } else {
    if (viewer.cohortId !== cohortId) throw forbidden(teamTexts.notMember);
    cohort = await participantCohort(deps, viewer);
  }
  const [teams, points] = await Promise.all([teamsOfCohort(db, cohortId), weekPointsOfCohort(db, cohortId, weekStart)]);
  const mine = viewer.role === 'OWNER' ? null : (teams.find((team) => team.memberIds.includes(viewer.id))?.id ?? null);
  return { weekStart, teams: rankTeams(teams, points, mine) };
}

/** Every participant of the cohort, page by page (the coach's lists and forming read the whole cohort). */
async function cohortParticipants(deps: TeamDeps, cohortId: string): Promise<Participant[]> {
  const all: Participant[] = [];
  let after: string | null = null;
  for (;;) {
    const { participants, more } = await participantsPage(deps.db, cohortId, after, PARTICIPANTS_PAGE);
    all.push(...participants);
    if (!more) return all;
    after = participants.at(-1)!.user.id;
  }
}

const active = (p: Participant) => !p.withdrawn && !p.disabled;
const nameOf = (p: Participant) => p.user.name || p.user.email;

/** The coach's view: the teams by name with their members' names, and the active participants in none. */
function coachView(teams: StoredTeam[], participants: Participant[]): CoachTeams {
  const byId = new Map(participants.filter(active).map((p) => [p.user.id, p]));
  const placed = new Set<string>();
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'it', { numeric: true });
  const view = teams
    .map((team) => ({
      id: team.id,
      name: team.name,
      members: team.memberIds
        .filter((id) => byId.has(id))
        .map((id) => {
          placed.add(id);
          const p = byId.get(id)!;
          return { userId: id, name: nameOf(p), email: p.user.email };
        })
        .sort(byName),
    }))
    .sort((a, b) => byName(a, b) || a.id.localeCompare(b.id));
  const unassigned = [...byId.values()].filter((p) => !placed.has(p.user.id)).map((p) => ({ userId: p.user.id, name: nameOf(p), email: p.user.email })).sort(byName);
  return { teams: view, unassigned };
}

/** `GET /api/coach/cohorts/{cohortId}/teams`. A coach can arrange teams with the rule off too, before turning it on. */
export async function coachTeams(deps: TeamDeps, { id }: CoachedCohort): Promise<CoachTeams> {
  const [teams, participants] = await Promise.all([teamsOfCohort(deps.db, id), cohortParticipants(deps, id)]);
  return coachView(teams, participants);
}

/**
 * Splits the cohort's active participants into new teams, replacing any it had: balanced by each
 * one's points in the calendar week before their current one (their own zone's), or at random.
 */
export async function formCohortTeams(deps: TeamDeps, { id }: CoachedCohort, request: FormTeamsRequest, random: () => number = Math.random): Promise<CoachTeams> {
  const now = deps.clock();
  const participants = (await cohortParticipants(deps, id)).filter(active);
  const members = participants.map((p) => {
    const lastWeek = addDays(mondayOf(todayIn(p.user.timeZone, now)), -7);
    return { userId: p.user.id, lastWeekPoints: p.digest?.pointsByWeek[lastWeek] ?? 0 };
  });
  const split = formTeams(members, request.method, request.size, random);
  if (split.length === 0) throw badRequest(teamTexts.tooFew);
  await replaceTeams(
    deps.db,
    id,
    split.map((memberIds, i) => ({ name: defaultTeamName(i), memberIds, createdAt: now.toISOString() })),
  );
  return coachView(await teamsOfCohort(deps.db, id), participants);
}

async function ownTeam(deps: TeamDeps, cohortId: string, teamId: string): Promise<StoredTeam> {
  const team = await teamOfCohort(deps.db, cohortId, teamId);
  if (!team) throw notFound(teamTexts.teamNotFound);
  return team;
}

/** Renames one of the cohort's teams. */
export async function renameTeam(deps: TeamDeps, cohort: CoachedCohort, teamId: string, name: string): Promise<CoachTeams> {
  await ownTeam(deps, cohort.id, teamId);
  await renameTeamDoc(deps.db, teamId, name);
  return coachTeams(deps, cohort);
}

/** Moves an active participant of the cohort into one of its teams, out of the one they were in. */
export async function moveMember(deps: TeamDeps, cohort: CoachedCohort, teamId: string, userId: string): Promise<CoachTeams> {
  const target = await ownTeam(deps, cohort.id, teamId);
  if (!isDocumentId(userId)) throw notFound(coachMessages.participantNotFound);
  if (!(await isActiveMemberOf(deps.db, cohort.id, userId))) throw notFound(teamTexts.participantNotFound);
  const from = (await teamsOfCohort(deps.db, cohort.id)).filter((team) => team.memberIds.includes(userId));
  if (from.length === 1 && from[0]!.id === teamId) throw conflict(teamTexts.alreadyThere);
  await moveToTeam(deps.db, userId, from, target);
  return coachTeams(deps, cohort);
}
