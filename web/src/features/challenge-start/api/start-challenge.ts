import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { userSchema, type User } from '@sfida/core/user';
import { isoDateSchema, type IsoDate } from '@sfida/core/iso-date';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { invalidateServerSummaries } from '../../../tracker/server-summaries';

const startChallengeResponseSchema = z.object({ challengeStartDate: isoDateSchema, user: userSchema });

/**
 * Sets the challenge start date. The server judges "today" in the participant's zone, which
 * travels in `X-Time-Zone`; apiFetch has no way to add a header, so this one call uses fetch
 * directly with the same credentials and the same error shape (ApiError with the server message).
 */
export async function startChallenge(challengeStartDate: IsoDate): Promise<{ challengeStartDate: IsoDate; user: User }> {
  const response = await fetch('/api/auth/start-challenge', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Time-Zone': browserTimeZone() },
    body: JSON.stringify({ challengeStartDate }),
  });
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const parsed = z.object({ message: z.string().check(z.minLength(1)) }).safeParse(body);
    const serverMessage = parsed.success ? parsed.data.message : null;
    throw new ApiError(response.status, serverMessage ?? `${response.status}: ${text}`, serverMessage);
  }
  return startChallengeResponseSchema.parse(body);
}

/**
 * Starts the challenge, then re-reads the user (SPEC section 7) and the server's progress.
 * (A plain async call: react-query's mutation observer would add ~3 KB gzip to the dashboard for one button.)
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
