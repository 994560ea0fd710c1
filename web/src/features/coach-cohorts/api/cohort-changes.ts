import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { coachCohortSchema, type AddCoachRequest, type CoachCohort, type CreateCohortRequest, type UpdateCohortRequest } from '@sfida/core/coach';
import { apiFetch } from '../../../lib/api-client';
import { cohortInfoQueryKey } from '../../../lib/cohort-info';
import { afterCohortChange, cohortPath } from '../../../coach-shared/api/cohorts';

/** The link a participant registers with: the register page fills in the code. */
export function registrationLink(origin: string, inviteCode: string): string {
  return `${origin}/register?${new URLSearchParams({ codice: inviteCode })}`;
}

// The create, new-code and patch answers may leave out the participant count: keep ours.
const changedCohortSchema = z.extend(coachCohortSchema, { participantCount: z.optional(z.int()) });
type ChangedCohort = z.infer<typeof changedCohortSchema>;

/** The cohorts' list after a change answered with `cohort` (its participants unchanged). */
function withCohort(cohorts: CoachCohort[] | undefined, cohort: ChangedCohort): CoachCohort[] | undefined {
  if (!cohorts) return cohorts;
  const known = cohorts.find((c) => c.id === cohort.id);
  const merged: CoachCohort = { ...cohort, participantCount: cohort.participantCount ?? known?.participantCount ?? 0 };
  return known ? cohorts.map((c) => (c.id === cohort.id ? merged : c)) : [...cohorts, merged];
}

/** A mutation whose answer is a cohort, written into the cached list. */
function useCohortChange<Input>(request: (input: Input) => Promise<ChangedCohort>, onChanged?: (cohort: ChangedCohort) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (cohort) => {
      void afterCohortChange(queryClient, (cohorts) => withCohort(cohorts, cohort));
      onChanged?.(cohort);
    },
  });
}

/** POST /api/coach/cohorts. */
export function useCreateCohort() {
  return useCohortChange((body: CreateCohortRequest) => apiFetch('/api/coach/cohorts', { method: 'POST', body, schema: changedCohortSchema }));
}

/** A new invite code: the old one stops working. */
export function useNewInviteCode() {
  return useCohortChange((cohortId: string) => apiFetch(`${cohortPath(cohortId)}/invite-code`, { method: 'POST', schema: changedCohortSchema }));
}

/** Opens or closes registration. */
export function useSetRegistrationOpen() {
  return useCohortChange(({ cohortId, registrationOpen }: { cohortId: string; registrationOpen: boolean }) => {
    const body: UpdateCohortRequest = { registrationOpen };
    return apiFetch(cohortPath(cohortId), { method: 'PATCH', body, schema: changedCohortSchema });
  });
}

/**
 * Any of the cohort's settings (name, pace, community link, reserved events, archive); the answer
 * is the cohort, and the participants' copy of it (lib/cohort-info.ts) is read again.
 */
export function useUpdateCohort(cohortId: string) {
  const queryClient = useQueryClient();
  return useCohortChange(
    (body: UpdateCohortRequest) => apiFetch(cohortPath(cohortId), { method: 'PATCH', body, schema: changedCohortSchema }),
    () => void queryClient.invalidateQueries({ queryKey: cohortInfoQueryKey(cohortId) }),
  );
}

/** Adds another coach to the cohort by their account's email. */
export function useAddCoach(cohortId: string) {
  return useMutation({
    mutationFn: (email: string) => {
      const body: AddCoachRequest = { email };
      return apiFetch(`${cohortPath(cohortId)}/coaches`, { method: 'POST', body, schema: coachCohortSchema });
    },
  });
}
