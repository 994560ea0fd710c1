import { QueryClient } from '@tanstack/react-query';

/** Query defaults: retry once, no refetch when the window regains focus (the tracker's own sync decides when to look again). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
