import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import type { AttentionCode, AttentionReason } from './coach';
import { attentionCodeSchema } from './coach';
import {
  CHALLENGE_WEEKS,
  addDays,
  challengeWeekNumber,
  challengeWeekStart,
  daysBetween,
  elapsedWeekIndex,
  isChallengeOver,
  isChallengeStarted,
} from './dates';
import type { RosterDigest } from './roster-digest';
import { activeHabitDigests, digestLastActivity, digestScheduleDays, rosterDigest } from './roster-digest';
import { isScheduledDay } from './habit-rules';

// Why a participant needs the coach today. Every rule reads calendar days in the participant's
// zone (`today`), so a daylight-saving change never moves one. The rules, precisely:
//
// - lowMood: the last check-in (the latest challenge week's) has mood 1 or 2, however long ago.
// - moodDrop: the last check-in's mood is 2 or more below the check-in before it.
// - noHabits2Days: while the challenge runs, with at least one habit (not archived) that already
//   existed the day before yesterday, nothing was ticked yesterday, the day before, nor yet today;
//   both missed days must be challenge days.
// - missingCheckIn: the previous challenge week (1..8) has no check-in; it shows all through the
//   week after the missed one (a check-in can only be given in its own week), week 8's included.
// - noPlanner: while the challenge runs, this challenge week's planner is not saved and two days
//   of the week have gone by (shown from its third day: nobody plans on the Monday morning).
// - notStarted: 2 or more days after the later of the cohort's start and the registration, the
//   challenge has no start date. A chosen start still to come is a plan, not a delay: not flagged.
// - noActivity: started, and 3 or more days after the later of the start and the registration,
//   nothing was ever done (see lastActivityDay). Not shown with notStarted, which says it already.

export const attentionLabels: Record<AttentionCode, string> = {
  lowMood: "Umore basso nell'ultimo check-in",
  moodDrop: 'Umore calato di 2 o più punti',
  noHabits2Days: 'Nessuna abitudine da 2 giorni',
  missingCheckIn: 'Manca il check-in della settimana scorsa',
  noPlanner: 'Planner della settimana non salvato',
  notStarted: 'Non ha iniziato la challenge',
  noActivity: 'Nessuna attività dalla registrazione',
};

/** The highest mood that counts as low. */
export const LOW_MOOD = 2;
/** A fall of this many points from one check-in to the next is a drop. */
export const MOOD_DROP = 2;
/** Whole days without a habit tick before the coach hears of it. */
export const HABIT_GAP_DAYS = 2;
/** Days of a challenge week that go by before an unsaved planner is flagged. */
export const PLANNER_GRACE_DAYS = 2;
/** Days after the cohort's start (or a later registration) before a participant who has not chosen a start is flagged. */
export const NOT_STARTED_GRACE_DAYS = 2;
/** Days after the start (or a later registration) before a participant who did nothing is flagged. */
export const NO_ACTIVITY_GRACE_DAYS = 3;

export interface AttentionInput {
  /** The synced tracker; null before the first sync. */
  tracker: TrackerData | null;
  /** The server's start date (it wins over the tracker's own copy). */
  challengeStartDate: IsoDate | null;
  /** The Monday the cohort begins. */
  cohortStartDate: IsoDate;
  /** The day the participant registered, in their zone; null when unknown. */
  registeredAt: IsoDate | null;
  /** Today in the participant's zone. */
  today: IsoDate;
}

/** The same input with the tracker's roster digest (one that answers for `today`) instead of the tracker. */
export type DigestAttentionInput = Omit<AttentionInput, 'tracker'> & { digest: RosterDigest | null };

/** The reasons the participant needs the coach, most urgent first (the order of attentionCodeSchema). */
export function attentionReasons({ tracker, ...input }: AttentionInput): AttentionReason[] {
  return attentionReasonsOf({ ...input, digest: tracker && rosterDigest(tracker, input.today) });
}

/** attentionReasons from a digest that answers for `today` (roster-digest.ts). */
export function attentionReasonsOf(input: DigestAttentionInput): AttentionReason[] {
  const found = new Set(attentionCodes(input));
  return attentionCodeSchema.options.filter((code) => found.has(code)).map((code) => ({ code, label: attentionLabels[code] }));
}

function* attentionCodes({ digest, challengeStartDate: start, cohortStartDate, registeredAt, today }: DigestAttentionInput): Generator<AttentionCode> {
  const checkIns = digest?.checkIns ?? [];
  const last = checkIns.at(-1);
  const previous = checkIns.at(-2);
  if (last && last.mood <= LOW_MOOD) yield 'lowMood';
  if (last && previous && previous.mood - last.mood >= MOOD_DROP) yield 'moodDrop';

  if (!isChallengeStarted(start, today)) {
    const since = registeredAt !== null && registeredAt > cohortStartDate ? registeredAt : cohortStartDate;
    if (start === null && daysBetween(since, today) >= NOT_STARTED_GRACE_DAYS) yield 'notStarted';
    return;
  }
  const running = !isChallengeOver(start, today);
  if (running && digest && habitsLapsed(digest, start, today)) yield 'noHabits2Days';

  // The week before this one, counted past the end so that week 8's missing check-in still shows.
  const previousWeek = elapsedWeekIndex(start, today) ?? 0;
  // A late joiner of a cohort running together owes no check-in for the weeks before the one they joined in.
  const joinedWeek = registeredAt !== null ? challengeWeekNumber(start, registeredAt) : 0;
  if (previousWeek >= 1 && previousWeek <= CHALLENGE_WEEKS && previousWeek >= joinedWeek && !checkIns.some((c) => c.weekNumber === previousWeek)) {
    yield 'missingCheckIn';
  }

  const week = challengeWeekNumber(start, today);
  if (running && daysBetween(challengeWeekStart(start, week), today) >= PLANNER_GRACE_DAYS && !digest?.savedPlannerWeeks.includes(week)) {
    yield 'noPlanner';
  }

  const since = registeredAt !== null && registeredAt > start ? registeredAt : start;
  if (daysBetween(since, today) >= NO_ACTIVITY_GRACE_DAYS && (!digest || digestLastActivity(digest, today) === null)) yield 'noActivity';
}

/** True when a habit was due on each of the last HABIT_GAP_DAYS whole days, all challenge days, and nothing was ticked since. */
function habitsLapsed(digest: RosterDigest, start: IsoDate, today: IsoDate): boolean {
  const firstMissed = addDays(today, -HABIT_GAP_DAYS);
  if (firstMissed < start) return false;
  // Due: a habit that existed by then and whose schedule asked for each of those days (one with free
  // days in between, such as "N volte a settimana", is not lapsed by resting on them).
  const due = activeHabitDigests(digest).some((habit) => {
    if (habit.from > firstMissed) return false;
    const scheduled = digestScheduleDays(digest, habit);
    for (let day = firstMissed; day < today; day = addDays(day, 1)) if (!isScheduledDay(habit, day, scheduled)) return false;
    return true;
  });
  if (!due) return false;
  for (let day = firstMissed; day <= today; day = addDays(day, 1)) {
    if (digest.tickedDays.includes(day)) return false;
  }
  return true;
}
