import { CohortFilter, type CohortOption } from './cohort-filter';

/**
 * The console's one cohort picker, for a page about one or all of the coach's cohorts: with a
 * single cohort there is nothing to pick. Its value comes from useChosenCohort (URL and memory).
 */
export function ConsoleCohortPicker({
  cohorts,
  value,
  onChange,
  required = false,
}: {
  cohorts: CohortOption[];
  value: string | null;
  onChange: (cohortId: string | null) => void;
  required?: boolean;
}) {
  if (cohorts.length < 2) return null;
  return <CohortFilter cohorts={cohorts} value={value} onChange={onChange} label="Coorte" required={required} />;
}
