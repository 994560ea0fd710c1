import type { QueryClient } from '@tanstack/react-query';

// A coach's contact with a participant (core's contact.ts: a reply to a check-in, a message in the
// conversation, "Contattato") changes both "Da fare oggi" and the check-ins to read, whichever
// feature it was made in: the keys of both live here, below the features.

/** Every triage view (all cohorts, one, any length). */
export const triageQueryKey = ['coach', 'triage'] as const;
/** Every check-in view (queue, recent, a participant's). */
export const checkInsQueryKey = ['coach', 'check-ins'] as const;

/** Reads the triage and the check-ins again after a contact. */
export function refreshAfterContact(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: triageQueryKey }), queryClient.invalidateQueries({ queryKey: checkInsQueryKey })]);
}
