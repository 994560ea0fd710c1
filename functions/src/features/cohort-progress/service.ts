import { cohortWeeks, type CohortProgressAnswer, type CohortWeek } from '@sfida/core/cohort-progress';
import { formatMood } from '@sfida/core/cohort-progress';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { cohortOfCoach, type CoachedCohort } from '../../shared/cohort-repository';
import { cohortSlug, toCsv, type CsvValue } from '../../shared/csv';
import { cohortCounters } from '../../shared/week-stats-repository';

type ProgressDeps = Pick<Deps, 'db' | 'clock'>;

/**
 * "Andamento": the cohort's eight weeks from its counters (a fixed number of small documents,
 * whatever its size), and, when asked, those of another cohort the caller coaches, at the same
 * weeks of the program. Asking for a cohort the caller does not coach is refused as requireCoachOf
 * refuses it (403, or 404 for none).
 */
export async function cohortProgress(deps: ProgressDeps, caller: User, { id, cohort }: CoachedCohort, compareWith: string | null): Promise<CohortProgressAnswer> {
  const [counters, other] = await Promise.all([cohortCounters(deps.db, id), compareWith === null ? null : cohortOfCoach(deps.db, caller, compareWith)]);
  const otherCounters = other ? await cohortCounters(deps.db, other.id) : null;
  const now = deps.clock();
  return {
    cohortId: id,
    name: cohort.name,
    weeks: cohortWeeks(counters, now),
    comparison: other && otherCounters ? { cohortId: other.id, name: other.cohort.name, weeks: cohortWeeks(otherCounters, now) } : null,
  };
}

const EXPORT_HEADER = [
  'coorte',
  'settimana',
  'partecipanti',
  'attivi',
  'attivi_percento',
  'check_in',
  'check_in_percento',
  'giorni_abitudine_spuntati',
  'giorni_abitudine',
  'abitudini_spuntate_percento',
  'planner_salvati',
  'planner_percento',
  'umore_medio',
  // The days of a week still under way counted so far (empty once it is over for everyone).
  'giorni_finora',
];

/** A share as a whole percentage (a number a spreadsheet sums), empty with nobody to count. */
const percent = (rate: number | null): number | null => (rate === null ? null : Math.round(rate * 100));

function exportLine(cohortName: string, week: CohortWeek): CsvValue[] {
  return [
    cohortName,
    week.week,
    week.participants,
    week.active,
    percent(week.activeRate),
    week.checkIns,
    percent(week.checkInRate),
    week.habitDaysTicked,
    week.habitDaysPossible,
    percent(week.habitDaysRate),
    week.planners,
    percent(week.plannerRate),
    // With the decimal comma, as Excel reads a number in an Italian locale.
    week.averageMood === null ? null : formatMood(week.averageMood),
    week.daysSoFar,
  ];
}

/** The same figures as CSV: the cohort's eight weeks, then the compared cohort's. */
export async function cohortProgressExport(
  deps: ProgressDeps,
  caller: User,
  coached: CoachedCohort,
  compareWith: string | null,
): Promise<{ filename: string; csv: string }> {
  const answer = await cohortProgress(deps, caller, coached, compareWith);
  const lines = [
    ...answer.weeks.map((week) => exportLine(answer.name, week)),
    ...(answer.comparison?.weeks.map((week) => exportLine(answer.comparison!.name, week)) ?? []),
  ];
  return { filename: `andamento-${cohortSlug(coached.cohort.name, coached.id)}.csv`, csv: toCsv([EXPORT_HEADER, ...lines]) };
}
