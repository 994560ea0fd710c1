import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { CoachCohort } from '@sfida/core/coach';
import { afterCohortChange, coachCohortsQueryKey } from './cohorts';

const cohort = (id: string) => ({ id, name: id }) as unknown as CoachCohort;

describe('afterCohortChange', () => {
  it('a cohort created while the list is still loading is in the list: the stale request is dropped, a new one made', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const server: CoachCohort[] = [cohort('autunno')];
    let release: (() => void) | undefined;
    let requests = 0;
    // The first request is answered late, with the list as it was when it was sent.
    const queryFn = () => {
      requests++;
      const answer = [...server];
      return requests === 1 ? new Promise<CoachCohort[]>((resolve) => (release = () => resolve(answer))) : Promise.resolve(answer);
    };
    const observer = new QueryObserver(client, { queryKey: coachCohortsQueryKey, queryFn });
    const unsubscribe = observer.subscribe(() => {});
    expect(requests).toBe(1);

    // "Coorti" still loading: the coach creates a cohort, the server has it.
    const created = cohort('inverno');
    server.push(created);
    await afterCohortChange(client, (cohorts) => (cohorts ? [...cohorts, created] : cohorts));
    release?.();
    await Promise.resolve();

    expect(requests).toBe(2);
    expect(client.getQueryData<CoachCohort[]>(coachCohortsQueryKey)?.map((c) => c.id)).toEqual(['autunno', 'inverno']);
    unsubscribe();
  });

  it('a loaded list takes the change at once, and is read again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let requests = 0;
    const observer = new QueryObserver(client, { queryKey: coachCohortsQueryKey, queryFn: () => (requests++, Promise.resolve([cohort('autunno'), cohort('inverno')])) });
    const unsubscribe = observer.subscribe(() => {});
    client.setQueryData(coachCohortsQueryKey, [cohort('autunno')]);
    const seen: string[][] = [];
    const update = (cohorts: CoachCohort[] | undefined) => {
      const next = cohorts && [...cohorts, cohort('inverno')];
      seen.push((next ?? []).map((c) => c.id));
      return next;
    };
    await afterCohortChange(client, update);
    expect(seen).toEqual([['autunno', 'inverno']]);
    expect(client.getQueryData<CoachCohort[]>(coachCohortsQueryKey)?.map((c) => c.id)).toEqual(['autunno', 'inverno']);
    expect(requests).toBeGreaterThanOrEqual(1);
    unsubscribe();
  });
});
