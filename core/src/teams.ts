import * as z from 'zod/mini';
import type { IsoDate } from './iso-date';
import { isoDateSchema } from './iso-date';
import type { PushPayload } from './notifications';
import { addDays, challengeWeekDays, challengeWeekNumber, compareIsoDates, localDateOf } from './dates';
import { digestScheduleDays, tickedOn, type HabitDigest, type RosterDigest } from './roster-digest';
import { isScheduledDay } from './habit-rules';
import { visibleText } from './visible-text';

// Small teams inside a cohort (the cohort's `teamLeaderboard` rule): how a coach's cohort is split,
// where a latecomer goes, how teams rank, and what a teammate sees of a member's week. Pure: the
// server and the browser read the same rules.

export const MIN_TEAM_SIZE = 3;
export const MAX_TEAM_SIZE = 6;
export const DEFAULT_TEAM_SIZE = 4;
export const MAX_TEAM_NAME = 40;
/** "Dai il cinque" a receiver's dashboard lists, newest first. */
export const HIGH_FIVES_SHOWN = 10;
/** Days back (the receiver's calendar days, today included) their dashboard shows high fives from. */
export const HIGH_FIVE_DAYS_SHOWN = 2;

export const teamTexts = {
  rulesOff: 'La classifica a squadre non è attiva in questa coorte',
  notMember: 'Puoi vedere solo le squadre della tua coorte',
  withdrawn: 'Non fai più parte di questa coorte',
  tooFew: `Servono almeno ${MIN_TEAM_SIZE} partecipanti per formare le squadre`,
  methodInvalid: 'Scegli come formare le squadre: bilanciate o a caso',
  sizeInvalid: `Le squadre possono avere da ${MIN_TEAM_SIZE} a ${MAX_TEAM_SIZE} persone`,
  nameRequired: 'Scrivi il nome della squadra',
  nameTooLong: `Il nome della squadra può avere al massimo ${MAX_TEAM_NAME} caratteri`,
  teamNotFound: 'Squadra non trovata',
  participantNotFound: 'Partecipante non trovato in questa coorte',
  alreadyThere: 'Il partecipante è già in questa squadra',
  noTeam: 'Non fai ancora parte di una squadra',
  notTeammate: 'Puoi dare il cinque solo a chi è nella tua squadra',
  notYourself: 'Non puoi dare il cinque a te stesso',
  alreadySent: 'Gli hai già dato il cinque oggi: riprova domani',
  pickTeam: 'Scegli una squadra',
} as const;

/** How a coach splits the cohort: by last week's points (each team about as strong) or at random. */
export const teamFormingMethodSchema = z.enum(['balanced', 'random'], { error: teamTexts.methodInvalid });
export type TeamFormingMethod = z.infer<typeof teamFormingMethodSchema>;

export const teamFormingMethodLabels: Record<TeamFormingMethod, string> = {
  balanced: 'Bilanciate sui punti della settimana scorsa',
  random: 'A caso',
};

/** `POST /api/coach/cohorts/{cohortId}/teams`: the cohort's teams made again from scratch. */
export const formTeamsRequestSchema = z.strictObject({
  method: teamFormingMethodSchema,
  /** The size aimed at; teams come out of MIN_TEAM_SIZE to this. */
  size: z.int({ error: teamTexts.sizeInvalid }).check(z.minimum(MIN_TEAM_SIZE, teamTexts.sizeInvalid), z.maximum(MAX_TEAM_SIZE, teamTexts.sizeInvalid)),
});
export type FormTeamsRequest = z.infer<typeof formTeamsRequestSchema>;

export const teamNameSchema = z
  .string({ error: teamTexts.nameRequired })
  .check(z.trim(), z.minLength(1, teamTexts.nameRequired), z.maxLength(MAX_TEAM_NAME, teamTexts.nameTooLong), ...visibleText());

/** `PATCH /api/coach/cohorts/{cohortId}/teams/{teamId}`. */
export const renameTeamRequestSchema = z.strictObject({ name: teamNameSchema });

/** `POST /api/coach/cohorts/{cohortId}/teams/{teamId}/members`: moves a participant into this team. */
export const moveMemberRequestSchema = z.strictObject({
  userId: z.string({ error: teamTexts.participantNotFound }).check(z.minLength(1, teamTexts.participantNotFound), z.maxLength(128, teamTexts.participantNotFound)),
});

/** The answer of `POST /api/me/team/high-fives` (201): to whom, on the sender's day. */
export const highFiveSentSchema = z.object({ toUserId: z.string(), day: isoDateSchema });

/** `POST /api/me/team/high-fives`. */
export const highFiveRequestSchema = z.strictObject({
  toUserId: z.string({ error: teamTexts.notTeammate }).check(z.minLength(1, teamTexts.notTeammate), z.maxLength(128, teamTexts.notTeammate)),
});

/** A high five as the one-a-day rule reads it: when it was sent, and in which zone. */
export interface SentHighFive {
  sentAt: string;
  timeZone: string;
}

/**
 * Whether a high five sent `now` in `timeZone` falls in the same real day as `earlier` to the same
 * teammate: it does while the day of either zone, the earlier one's or the current one, has not
 * changed since. In one zone that is its calendar day; a new zone (at most one change a day) moves
 * no one into a new day before both have, so it gives no second one within the day.
 */
export function sameHighFiveDay(earlier: SentHighFive, now: Date, timeZone: string): boolean {
  return (
    localDateOf(earlier.sentAt, earlier.timeZone) === localDateOf(now, earlier.timeZone) ||
    localDateOf(earlier.sentAt, timeZone) === localDateOf(now, timeZone)
  );
}

/** Zones differ by at most 26 hours: a high five of the same real day has a sender's day within two of today's. */
export function highFiveNeighbourDays(today: IsoDate): IsoDate[] {
  return [-2, -1, 0, 1, 2].map((n) => addDays(today, n));
}

/** A team's default name: "Squadra 1", "Squadra 2", … */
export function defaultTeamName(index: number): string {
  return `Squadra ${index + 1}`;
}

/**
 * How many teams `count` people make when the coach aims at `size`: as many as keep every team at
 * most `size` (and so at most MAX_TEAM_SIZE), but never so many that one falls below MIN_TEAM_SIZE.
 * Zero below MIN_TEAM_SIZE people.
 */
export function teamCountFor(count: number, size: number): number {
  if (count < MIN_TEAM_SIZE) return 0;
  return Math.max(1, Math.min(Math.ceil(count / size), Math.floor(count / MIN_TEAM_SIZE)));
}

/** A participant as forming reads them: their id and last week's points. */
export interface FormingMember {
  userId: string;
  lastWeekPoints: number;
}

/**
 * The cohort's members split into teams (lists of user ids, in team order).
 * Balanced: strongest first, dealt as a snake (1, 2, 3, 3, 2, 1, …), so each team gets one of
 * each level and the totals stay close. Random: shuffled with `random` (0 ≤ x < 1), then dealt in turn.
 */
export function formTeams(members: readonly FormingMember[], method: TeamFormingMethod, size: number, random: () => number = Math.random): string[][] {
  const teamCount = teamCountFor(members.length, size);
  if (teamCount === 0) return [];
  let order: string[];
  if (method === 'balanced') {
    order = [...members].sort((a, b) => b.lastWeekPoints - a.lastWeekPoints || a.userId.localeCompare(b.userId)).map((m) => m.userId);
  } else {
    order = members.map((m) => m.userId);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  }
  const teams: string[][] = Array.from({ length: teamCount }, () => []);
  order.forEach((userId, i) => {
    const round = Math.floor(i / teamCount);
    const place = i % teamCount;
    const team = method === 'balanced' && round % 2 === 1 ? teamCount - 1 - place : place;
    teams[team]!.push(userId);
  });
  return teams;
}

/** A team as placing and ranking read it. */
export interface TeamMembers {
  id: string;
  name: string;
  memberIds: readonly string[];
}

/** Where a latecomer goes: the team with fewest members (of equals, the first by name, then id); null without teams. */
export function smallestTeam<T extends TeamMembers>(teams: readonly T[]): T | null {
  let best: T | null = null;
  for (const team of teams) {
    if (
      best === null ||
      team.memberIds.length < best.memberIds.length ||
      (team.memberIds.length === best.memberIds.length && compareTeamNames(team, best) < 0)
    ) {
      best = team;
    }
  }
  return best;
}

function compareTeamNames(a: TeamMembers, b: TeamMembers): number {
  return a.name.localeCompare(b.name, 'it', { numeric: true }) || a.id.localeCompare(b.id);
}

export const teamStandingSchema = z.object({
  rank: z.int(),
  teamId: z.string(),
  name: z.string(),
  memberCount: z.int(),
  /** The members' points this calendar week, summed. */
  weekPoints: z.int(),
  /** weekPoints over memberCount, one decimal: what the ranking goes by. */
  averagePoints: z.number(),
  /** The caller's own team (never for a coach). */
  isMine: z.boolean(),
});
export type TeamStanding = z.infer<typeof teamStandingSchema>;

/** `GET /api/cohorts/{cohortId}/team-leaderboard`. */
export const teamLeaderboardSchema = z.object({ weekStart: isoDateSchema, teams: z.array(teamStandingSchema) });
export type TeamLeaderboard = z.infer<typeof teamLeaderboardSchema>;

/**
 * Teams ranked by average points per member this week, so a team's size does not matter: every
 * member counts, one with no points too (pulling the average down is the point: the team has a
 * reason to bring them back). Equal averages share a rank; the name orders them.
 */
export function rankTeams(teams: readonly TeamMembers[], weekPoints: ReadonlyMap<string, number>, myTeamId: string | null): TeamStanding[] {
  const rows = teams.map((team) => {
    const points = team.memberIds.reduce((sum, id) => sum + (weekPoints.get(id) ?? 0), 0);
    const average = team.memberIds.length === 0 ? 0 : points / team.memberIds.length;
    return { team, points, average };
  });
  rows.sort((a, b) => b.average - a.average || compareTeamNames(a.team, b.team));
  const ranked: TeamStanding[] = [];
  rows.forEach((row, i) => {
    const previous = ranked[i - 1];
    const tied = previous !== undefined && rows[i - 1]!.average === row.average;
    ranked.push({
      rank: tied ? previous.rank : i + 1,
      teamId: row.team.id,
      name: row.team.name,
      memberCount: row.team.memberIds.length,
      weekPoints: row.points,
      averagePoints: Math.round(row.average * 10) / 10,
      isMine: row.team.id === myTeamId,
    });
  });
  return ranked;
}

/** A habit exists on `day`: created by then and not archived before it. */
function habitExistsOn(habit: HabitDigest, day: IsoDate): boolean {
  return compareIsoDates(habit.from, day) <= 0 && (habit.until === null || compareIsoDates(day, habit.until) < 0);
}

/** What a teammate sees of a member's challenge week: shares and yes/no, never which habits. */
export interface TeammateWeek {
  /** The member's challenge week (0 before their start). */
  challengeWeek: number;
  /** Habit-days ticked of those due from the week's first day to today; both 0 before the start. */
  habitDaysTicked: number;
  habitDaysDue: number;
  plannerDone: boolean;
  checkInDone: boolean;
}

/**
 * A member's current challenge week, from their roster digest (null before their first sync) on
 * their own calendar day `today`. The digest keeps a week of days one by one, and answers for any
 * later day (days after it was made have no ticks: the member has not synced since).
 */
export function teammateWeek(digest: RosterDigest | null, challengeStartDate: IsoDate | null, today: IsoDate): TeammateWeek {
  const challengeWeek = challengeWeekNumber(challengeStartDate, today);
  const empty = { challengeWeek, habitDaysTicked: 0, habitDaysDue: 0, plannerDone: false, checkInDone: false };
  if (challengeStartDate === null || challengeWeek < 1 || digest === null) return empty;
  const days = challengeWeekDays(challengeStartDate, challengeWeek).filter((day) => compareIsoDates(day, today) <= 0);
  let ticked = 0;
  let due = 0;
  for (const habit of digest.habits) {
    const scheduled = digestScheduleDays(digest, habit);
    for (const day of days) {
      if (!habitExistsOn(habit, day) || !isScheduledDay(habit, day, scheduled)) continue;
      due++;
      if (tickedOn(habit, day)) ticked++;
    }
  }
  return {
    challengeWeek,
    habitDaysTicked: ticked,
    habitDaysDue: due,
    plannerDone: digest.savedPlannerWeeks.includes(challengeWeek),
    checkInDone: digest.checkIns.some((checkIn) => checkIn.weekNumber === challengeWeek),
  };
}

export const teammateSchema = z.object({
  userId: z.string(),
  /** As the leaderboard names people: first name and the surname's initial. */
  displayName: z.string(),
  isMe: z.boolean(),
  challengeWeek: z.int(),
  habitDaysTicked: z.int(),
  habitDaysDue: z.int(),
  plannerDone: z.boolean(),
  checkInDone: z.boolean(),
  /** The caller already gave them "il cinque" on the caller's today. */
  highFiveSentToday: z.boolean(),
});
export type Teammate = z.infer<typeof teammateSchema>;

/** `GET /api/me/team`: the caller's team, or null when the cohort has no teams (yet). */
export const myTeamSchema = z.object({
  team: z.nullable(z.object({ id: z.string(), name: z.string(), members: z.array(teammateSchema) })),
});
export type MyTeam = z.infer<typeof myTeamSchema>;

export const receivedHighFiveSchema = z.object({
  id: z.string(),
  fromName: z.string(),
  /** The sender's calendar day. */
  day: isoDateSchema,
  sentAt: z.string(),
});
/** `GET /api/me/high-fives`: the recent ones, newest first. */
export const receivedHighFivesSchema = z.object({ highFives: z.array(receivedHighFiveSchema) });
export type ReceivedHighFive = z.infer<typeof receivedHighFiveSchema>;

/** The share of a week's habit-days ticked, as a whole percent; null when none were due. */
export function habitDaysPercent(week: Pick<TeammateWeek, 'habitDaysTicked' | 'habitDaysDue'>): number | null {
  return week.habitDaysDue === 0 ? null : Math.round((100 * week.habitDaysTicked) / week.habitDaysDue);
}

/** The coach's view of a member: the email too, so two people of one name can be told apart (never sent to teammates). */
export const coachTeamMemberSchema = z.object({ userId: z.string(), name: z.string(), email: z.string() });
export const coachTeamSchema = z.object({ id: z.string(), name: z.string(), members: z.array(coachTeamMemberSchema) });
export type CoachTeam = z.infer<typeof coachTeamSchema>;
/** `GET /api/coach/cohorts/{cohortId}/teams` (and the answer of the changes): teams by name, and who is in none. */
export const coachTeamsSchema = z.object({ teams: z.array(coachTeamSchema), unassigned: z.array(coachTeamMemberSchema) });
export type CoachTeams = z.infer<typeof coachTeamsSchema>;

/** What a teammate's phone shows. */
export function highFivePush(fromName: string): PushPayload {
  return { title: 'Ti hanno dato il cinque!', body: `${fromName} ti ha dato il cinque: continua così!`, url: '/squadra', tag: 'dai-il-cinque' };
}
