import { QueryClient } from '@tanstack/react-query';

/** Query defaults from the spec: retry once, no refetch when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
