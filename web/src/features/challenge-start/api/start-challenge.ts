import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { startChallengeAnswerSchema, type StartChallengeAnswer, type StartChallengeRequest } from '@sfida/core/user';
import type { IsoDate } from '@sfida/core/iso-date';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { invalidateServerSummaries } from '../../../tracker/server-summaries';

/** Sets the challenge start date. The server judges "today" in the participant's zone, the one it keeps (see the profile). */
export async function startChallenge(challengeStartDate: IsoDate): Promise<StartChallengeAnswer> {
  const body: StartChallengeRequest = { challengeStartDate };
  return apiFetch('/api/auth/start-challenge', {
    method: 'POST',
    body,
    schema: startChallengeAnswerSchema,
  });
}

/**
 * Starts the challenge, then re-reads the user and what the server computes from the tracker.
 * A plain async call rather than react-query's mutation observer, whose code the dashboard
 * would carry for one button.
 */
export function useStartChallenge() {
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const start = useCallback(
    async (date: IsoDate) => {
      setPending(true);
      try {
        const answer = await startChallenge(date);
        await Promise.all([refresh(), invalidateServerSummaries(queryClient)]);
        return answer;
      } finally {
        setPending(false);
      }
    },
    [refresh, queryClient],
  );
  return { start, pending };
}
