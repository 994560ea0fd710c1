import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addSignOutStep } from '../lib/sign-out-steps';
import { COHORT_PARAM } from './paths';

// The cohort a coach last picked anywhere in the console (a cohort's page, the picker of "Oggi",
// "Check-in", "Eventi"), so that the next screen and the next visit open on it. One id, no data.

/** Where this browser keeps the coach's chosen cohort. */
export const CHOSEN_COHORT_KEY = 'sfida8:coach:cohort';

/** The cohort the coach last picked in this browser, or null (none, or "Tutte le coorti"). */
export function rememberedCohortId(): string | null {
  try {
    return localStorage.getItem(CHOSEN_COHORT_KEY);
  } catch {
    return null;
  }
}

/** Remembers `cohortId` as the coach's choice (null: every cohort). */
export function rememberCohortId(cohortId: string | null): void {
  try {
    if (cohortId === null) localStorage.removeItem(CHOSEN_COHORT_KEY);
    else localStorage.setItem(CHOSEN_COHORT_KEY, cohortId);
  } catch {
    // A full or blocked storage only costs the memory of the choice.
  }
}

// The next coach of this browser starts from their own cohorts.
addSignOutStep({ forget: () => rememberCohortId(null) });

function isOneOf(cohorts: ReadonlyArray<{ id: string }> | undefined, id: string | null): id is string {
  return id !== null && cohorts !== undefined && cohorts.some((cohort) => cohort.id === id);
}

/**
 * The cohort a console page shows: the URL's `?coorte=` if it is one of `cohorts`, else the
 * remembered one, else every cohort (null) or, with `required`, the first. While `cohorts` loads,
 * the candidate as it stands (the server refuses a cohort that is not the coach's anyway). A
 * cohort from the URL is remembered; one from the memory is written into the URL (replacing the
 * entry, so "back" still leaves the page), so the address can be shared; an unknown or removed
 * one is dropped from both. `choose` is the coach's own pick.
 */
export function useChosenCohort(
  cohorts: ReadonlyArray<{ id: string }> | undefined,
  { required = false }: { required?: boolean } = {},
): [cohortId: string | null, choose: (cohortId: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(COHORT_PARAM);
  const remembered = rememberedCohortId();
  const known = (id: string | null): id is string => isOneOf(cohorts, id);
  const fallback = required ? (cohorts?.[0]?.id ?? null) : null;
  const cohortId = cohorts === undefined ? (inUrl ?? remembered) : known(inUrl) ? inUrl : known(remembered) ? remembered : fallback;

  const setUrl = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(COHORT_PARAM);
          else next.set(COHORT_PARAM, id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const choose = useCallback(
    (id: string | null) => {
      rememberCohortId(id);
      setUrl(id);
    },
    [setUrl],
  );

  useEffect(() => {
    if (cohorts === undefined) return;
    const known = (id: string | null): id is string => isOneOf(cohorts, id);
    if (known(inUrl)) {
      if (remembered !== inUrl) rememberCohortId(inUrl);
      return;
    }
    if (remembered !== null && !known(remembered)) rememberCohortId(null);
    // A fallback is no choice: it stays out of the URL (and of the memory).
    const shown = known(remembered) ? remembered : null;
    if (inUrl !== shown) setUrl(shown);
  }, [cohorts, inUrl, remembered, setUrl]);

  return [cohortId, choose];
}
