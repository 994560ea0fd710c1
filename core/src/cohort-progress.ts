import * as z from 'zod/mini';
import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import { CHALLENGE_WEEKS, DAYS_PER_WEEK, challengeWeekDays, challengeWeekNumber, challengeWeekStart, compareIsoDates, daysBetween, localDateOf, todayIn } from './dates';
import { WEEK_KEYS } from './tracker';
import { isScheduledDay, scheduleDaysOf } from './habit-rules';
import { isDocumentId } from './document-id';
import { textParam } from './query-params';

// "Andamento": a cohort week by week of the program. The figures come from counters that each
// participant adds to (their contribution), kept summed per cohort so the page reads a few small
// documents instead of every tracker. A contribution is a flat map from counter name to amount:
// the server adds the difference between a participant's new contribution and their last one, so
// a sync repeated changes nothing.
//
// Counters of week w (1..8): `w{w}_active` (anything done that week: a habit ticked on one of its
// days, the planner saved or an action completed, the check-in), `w{w}_checkIn`, `w{w}_planner`
// (the planner saved), `w{w}_ticked` (habit-days ticked), `w{w}_mood` (the check-in's mood, summed).
// Who is counted in a week is known only once that week has begun for them, which depends on their
// start and time zone, not on their syncing again: `m_{group}` counts the participants of a group
// (one start date, one first week, one zone), `p{w}_{group}` their habit-days in week w (each habit
// counted on the days it exists), and `c{w}d{k}_{group}` those of the week's first k days (k 1..6), so
// a week still under way is measured on the days gone by, not on days not yet lived. The reader
// takes a group's counters for its weeks that have begun, the current one up to today.
// The first week is 1, or for someone who joined a "together" cohort late the week they joined in:
// the weeks before are not theirs, and they count in none of them.

/** A participant's contribution, or the sum of many: counter name → amount. */
export type WeekStatCounters = Record<string, number>;

/** A participant's contribution as stored with them: the cohort it was added to, and the counters. */
export interface StoredContribution {
  cohortId: string;
  counters: WeekStatCounters;
}

/** The week's own counters (not per group). */
type WeekCounter = 'active' | 'checkIn' | 'planner' | 'ticked' | 'mood';

const weekCounter = (week: number, name: WeekCounter) => `w${week}_${name}`;

/** A zone as a field-name part: letters and digits kept, anything else `_` and two hex digits (Europe/Rome → Europe_2fRome). */
function zoneToken(timeZone: string): string {
  return timeZone.replace(/[^A-Za-z0-9]/g, (char) => `_${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function zoneFromToken(token: string): string {
  return token.replace(/_([0-9a-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The group of a start date, a first week and a zone, as a field-name part (digits, letters and `_` only). */
export function groupKey(startDate: IsoDate, timeZone: string, firstWeek = 1): string {
  return `${startDate.replaceAll('-', '')}_w${firstWeek}_${zoneToken(timeZone)}`;
}

/** The counter of a group's habit-days possible in the first `days` days (1..6) of week `week`. */
const partialPossible = (week: number, days: number, group: string) => `c${week}d${days}_${group}`;

const GROUP_MEMBERS = /^m_(\d{4})(\d{2})(\d{2})_w(\d)_([A-Za-z0-9_]+)$/;

/** What a contribution depends on: the participant as the server knows them, and their vouched tracker. */
export interface ContributionInput {
  /** A participant of the cohort not withdrawn: anyone else contributes nothing. */
  counted: boolean;
  challengeStartDate: IsoDate | null;
  /** In a "together" cohort joined after its start, the first day that is theirs (User.challengeJoinedOn). */
  challengeJoinedOn?: IsoDate | null;
  timeZone: string;
  /** The tracker as the server vouched for it (its days are in `timeZone`); null before the first sync. */
  tracker: TrackerData | null;
}

/**
 * A participant's contribution to their cohort's weekly figures: nothing unless counted with a
 * start date; else one member of their group, their habit-days of each week, and what they did in each.
 */
export function weekStatsContribution({ counted, challengeStartDate: start, challengeJoinedOn, timeZone, tracker }: ContributionInput): WeekStatCounters {
  if (!counted || start === null) return {};
  const firstWeek = challengeJoinedOn ? Math.max(1, challengeWeekNumber(start, challengeJoinedOn)) : 1;
  const group = groupKey(start, timeZone, firstWeek);
  const counters: WeekStatCounters = { [`m_${group}`]: 1 };
  const add = (name: string, amount: number) => {
    if (amount !== 0) counters[name] = (counters[name] ?? 0) + amount;
  };
  if (!tracker) return counters;
  const zone = tracker.timeZone;
  const habits = tracker.habits.map((habit) => ({
    from: localDateOf(habit.createdAt, zone),
    until: habit.archivedAt === undefined ? null : localDateOf(habit.archivedAt, zone),
    days: tracker.completions[habit.id] ?? {},
    habit,
    scheduled: scheduleDaysOf({ ...tracker, challengeStartDate: start }, habit),
  }));
  const tickedDays = new Set<IsoDate>();
  for (const days of Object.values(tracker.completions)) for (const day of Object.keys(days)) tickedDays.add(day);
  for (let week = firstWeek; week <= CHALLENGE_WEEKS; week++) {
    const days = challengeWeekDays(start, week);
    let possible = 0;
    let ticked = 0;
    // Habit-days possible on each day of the week, for the partial sums of a week under way.
    const possibleOn = new Array<number>(days.length).fill(0);
    for (const habit of habits) {
      for (const [index, day] of days.entries()) {
        // A habit counts on the days it existed: from its creation day, until the day it was archived.
        const exists = compareIsoDates(habit.from, day) <= 0 && (habit.until === null || compareIsoDates(day, habit.until) < 0);
        if (!exists) continue;
        // Only the days its schedule asks for are possible (a tick always counts).
        if (habit.days[day] === undefined && !isScheduledDay(habit.habit, day, habit.scheduled)) continue;
        possible++;
        possibleOn[index]!++;
        if (habit.days[day] !== undefined) ticked++;
      }
    }
    add(`p${week}_${group}`, possible);
    let soFar = 0;
    for (let k = 1; k < days.length; k++) add(partialPossible(week, k, group), (soFar += possibleOn[k - 1]!));
    add(weekCounter(week, 'ticked'), ticked);
    const checkIn = tracker.checkIns.find((c) => c.weekNumber === week);
    const plannerSaved = tracker.savedPlannerWeeks.includes(week);
    const actionDone = (tracker.weeklyActions[WEEK_KEYS[week - 1]!] ?? []).some((action) => action.completed);
    const anyTick = days.some((day) => tickedDays.has(day));
    if (checkIn) {
      add(weekCounter(week, 'checkIn'), 1);
      add(weekCounter(week, 'mood'), checkIn.mood);
    }
    if (plannerSaved) add(weekCounter(week, 'planner'), 1);
    if (checkIn || plannerSaved || actionDone || anyTick) add(weekCounter(week, 'active'), 1);
  }
  return counters;
}

/** What to add to the counters to go from `previous` to `next`: only the counters that change. */
export function contributionDiff(previous: WeekStatCounters, next: WeekStatCounters): WeekStatCounters {
  const diff: WeekStatCounters = {};
  for (const name of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    const change = (next[name] ?? 0) - (previous[name] ?? 0);
    if (change !== 0) diff[name] = change;
  }
  return diff;
}

/**
 * The additions to each cohort's counters when a participant's stored contribution becomes `next`
 * (null: none). One entry in the usual case; two when they moved cohort (taken out of the old one).
 */
export function contributionChanges(previous: StoredContribution | null, next: StoredContribution | null): Array<{ cohortId: string; diff: WeekStatCounters }> {
  const changes: Array<{ cohortId: string; diff: WeekStatCounters }> = [];
  const push = (cohortId: string, diff: WeekStatCounters) => {
    if (Object.keys(diff).length > 0) changes.push({ cohortId, diff });
  };
  if (previous && next && previous.cohortId === next.cohortId) {
    push(next.cohortId, contributionDiff(previous.counters, next.counters));
    return changes;
  }
  if (previous) push(previous.cohortId, contributionDiff(previous.counters, {}));
  if (next) push(next.cohortId, next.counters);
  return changes;
}

const storedContributionSchema = z.object({ cohortId: z.string(), counters: z.record(z.string(), z.number()) });

/** A stored contribution as written by the server (a JSON string), or null when absent or unreadable. */
export function parseStoredContribution(raw: unknown): StoredContribution | null {
  if (typeof raw !== 'string') return null;
  try {
    const parsed = storedContributionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The sum of counter documents (a cohort's shards); anything but a number is left out. */
export function sumCounters(documents: ReadonlyArray<Record<string, unknown>>): WeekStatCounters {
  const total: WeekStatCounters = {};
  for (const doc of documents) {
    for (const [name, value] of Object.entries(doc)) {
      if (typeof value === 'number' && Number.isFinite(value)) total[name] = (total[name] ?? 0) + value;
    }
  }
  return total;
}

const count = z.int().check(z.minimum(0));
const share = z.nullable(z.number().check(z.minimum(0), z.maximum(1)));

/** One week of the program for a cohort: counts, and the shares they make (null with nobody to count). */
export const cohortWeekSchema = z.object({
  week: z.int().check(z.minimum(1), z.maximum(CHALLENGE_WEEKS)),
  /** Participants for whom this week has begun. */
  participants: count,
  active: count,
  checkIns: count,
  planners: count,
  habitDaysTicked: count,
  habitDaysPossible: count,
  activeRate: share,
  checkInRate: share,
  plannerRate: share,
  habitDaysRate: share,
  /** Average mood (1–5) of the week's check-ins; null with none. */
  averageMood: z.nullable(z.number()),
  /**
   * Participants for whom the week is still under way (its habit-days counted up to today), and
   * how many of its days have come for them (today included) when that is the same for all; null otherwise.
   */
  inProgress: count,
  daysSoFar: z.nullable(z.int().check(z.minimum(1), z.maximum(DAYS_PER_WEEK - 1))),
});
export type CohortWeek = z.infer<typeof cohortWeekSchema>;

/** `GET /api/coach/cohorts/:cohortId/progress-by-week?compareWith=`: the cohort's weeks, and another of the coach's to compare with. */
export const cohortProgressAnswerSchema = z.object({
  cohortId: z.string(),
  name: z.string(),
  weeks: z.array(cohortWeekSchema),
  comparison: z.nullable(z.object({ cohortId: z.string(), name: z.string(), weeks: z.array(cohortWeekSchema) })),
});
export type CohortProgressAnswer = z.infer<typeof cohortProgressAnswerSchema>;

/** numerator / denominator, at most 1; null when there is nothing to divide by. */
export function shareOf(numerator: number, denominator: number): number | null {
  return denominator > 0 ? Math.min(1, Math.max(0, numerator / denominator)) : null;
}

/**
 * The cohort's eight weeks from its summed counters at the instant `now`: a group's members count
 * in a week once that week has begun for them (its first day has come in their zone); while it is
 * under way, its habit-days possible are those of the days come so far (today included), never of
 * days not yet lived.
 */
export function cohortWeeks(totals: WeekStatCounters, now: Date): CohortWeek[] {
  const participants = new Array<number>(CHALLENGE_WEEKS + 1).fill(0);
  const possible = new Array<number>(CHALLENGE_WEEKS + 1).fill(0);
  const inProgress = new Array<number>(CHALLENGE_WEEKS + 1).fill(0);
  // Per week: the days so far of its groups under way, one number while they agree, null when they do not.
  const daysSoFar = new Array<number | null | undefined>(CHALLENGE_WEEKS + 1).fill(undefined);
  for (const [name, members] of Object.entries(totals)) {
    const match = GROUP_MEMBERS.exec(name);
    if (!match || members <= 0) continue;
    const [, y, m, d, first, token] = match as unknown as [string, string, string, string, string, string];
    const start = `${y}-${m}-${d}`;
    let today: IsoDate;
    try {
      today = todayIn(zoneFromToken(token), now);
    } catch {
      continue; // A zone this runtime does not know: its group cannot be placed.
    }
    const group = `${y}${m}${d}_w${first}_${token}`;
    for (let week = Number(first); week <= CHALLENGE_WEEKS; week++) {
      const weekStart = challengeWeekStart(start, week);
      if (compareIsoDates(weekStart, today) > 0) break;
      participants[week]! += members;
      const come = daysBetween(weekStart, today) + 1;
      if (come >= DAYS_PER_WEEK) {
        possible[week]! += totals[`p${week}_${group}`] ?? 0;
        continue;
      }
      possible[week]! += totals[partialPossible(week, come, group)] ?? 0;
      inProgress[week]! += members;
      daysSoFar[week] = daysSoFar[week] === undefined || daysSoFar[week] === come ? come : null;
    }
  }
  return Array.from({ length: CHALLENGE_WEEKS }, (_, i) => {
    const week = i + 1;
    const amount = (name: WeekCounter) => Math.max(0, Math.round(totals[weekCounter(week, name)] ?? 0));
    const inWeek = participants[week]!;
    const checkIns = amount('checkIn');
    return {
      week,
      participants: inWeek,
      active: amount('active'),
      checkIns,
      planners: amount('planner'),
      habitDaysTicked: amount('ticked'),
      habitDaysPossible: Math.max(0, possible[week]!),
      activeRate: shareOf(amount('active'), inWeek),
      checkInRate: shareOf(checkIns, inWeek),
      plannerRate: shareOf(amount('planner'), inWeek),
      habitDaysRate: shareOf(amount('ticked'), possible[week]!),
      averageMood: checkIns > 0 ? Math.round((amount('mood') / checkIns) * 10) / 10 : null,
      inProgress: inProgress[week]!,
      daysSoFar: daysSoFar[week] ?? null,
    };
  });
}

/** What a week under way says of its figures: "finora, 2 giorni su 7"; null for a week that is over for everyone. */
export function weekSoFarNote(week: Pick<CohortWeek, 'inProgress' | 'daysSoFar'>): string | null {
  if (week.inProgress === 0) return null;
  if (week.daysSoFar !== null) return `finora, ${week.daysSoFar} ${week.daysSoFar === 1 ? 'giorno' : 'giorni'} su ${DAYS_PER_WEEK}`;
  return 'finora: contano solo i giorni già passati';
}

/**
 * Published shares of participants still active, to read the cohort's "Attivi" beside: orientation,
 * not a target (other programs, other people). Sources in docs/decisions/053.
 */
export const ACTIVE_SHARE_REFERENCES = [
  { share: 0.57, label: 'le app perdono in media il 43 % di chi inizia', source: 'Meyerowitz-Katz 2020' },
  { share: 0.39, label: 'un programma online di 8 settimane senza guida arriva alla fine con il 39 %', source: 'Kvillemo 2016' },
] as const;

/** A share as an Italian whole percentage, e.g. "71 %"; "—" for none. */
export function formatShare(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)} %`;
}

/** An average mood as Italian text, e.g. "3,8"; "—" for none. */
export function formatMood(mood: number | null): string {
  return mood === null ? '—' : mood.toFixed(1).replace('.', ',');
}

/** The figures shown and exported, in order: each with its Italian name and how to read it from a week. */
export const COHORT_WEEK_FIGURES = [
  { key: 'activeRate', label: 'Attivi', kind: 'share', noun: 'attivi' },
  { key: 'checkInRate', label: 'Check-in', kind: 'share', noun: 'con il check-in' },
  { key: 'habitDaysRate', label: 'Abitudini spuntate', kind: 'share', noun: 'dei giorni-abitudine spuntati' },
  { key: 'plannerRate', label: 'Planner', kind: 'share', noun: 'con il planner' },
  { key: 'averageMood', label: 'Umore medio', kind: 'mood', noun: 'umore medio' },
] as const;
export type CohortWeekFigure = (typeof COHORT_WEEK_FIGURES)[number];

/** A figure of a week as a sentence: "71 % attivi", "umore medio 3,8". */
export function figurePhrase(figure: CohortWeekFigure, week: CohortWeek | undefined): string {
  return figure.kind === 'mood' ? `${figure.noun} ${formatFigure(figure, week)}` : `${formatFigure(figure, week)} ${figure.noun}`;
}

/**
 * What a chart says of one week, with the compared cohort's figure at the same week of the program:
 * "Settimana 3: 71 % attivi contro 64 % nella coorte Settembre"; a week under way says so
 * ("Settimana 2: 40 % attivi (finora, 2 giorni su 7)").
 */
export function weekSentence(figure: CohortWeekFigure, week: CohortWeek, comparison: { name: string; week: CohortWeek | undefined } | null): string {
  const soFar = weekSoFarNote(week);
  const own = week.participants === 0 ? 'non ancora iniziata' : `${figurePhrase(figure, week)}${soFar === null ? '' : ` (${soFar})`}`;
  let sentence = `Settimana ${week.week}: ${own}`;
  if (comparison) {
    const begun = comparison.week !== undefined && comparison.week.participants > 0;
    if (!begun) sentence += ` (nella coorte ${comparison.name} non ancora iniziata)`;
    else if (week.participants === 0) sentence += `; nella coorte ${comparison.name}: ${figurePhrase(figure, comparison.week)}`;
    else sentence += ` contro ${formatFigure(figure, comparison.week)} nella coorte ${comparison.name}`;
  }
  return sentence;
}

/** A figure of a week as text ("71 %", "3,8", "—"). */
export function formatFigure(figure: CohortWeekFigure, week: CohortWeek | undefined): string {
  if (!week) return '—';
  return figure.kind === 'mood' ? formatMood(week.averageMood) : formatShare(week[figure.key]);
}

export const cohortProgressMessages = {
  compareWith: 'Coorte da confrontare non valida',
} as const;

/** `?compareWith=`: another of the coach's cohorts, or none. */
export const cohortProgressQuerySchema = z.object({
  compareWith: textParam(null, (value) => (isDocumentId(value) ? value : undefined), cohortProgressMessages.compareWith),
});
export type CohortProgressQuery = z.output<typeof cohortProgressQuerySchema>;
