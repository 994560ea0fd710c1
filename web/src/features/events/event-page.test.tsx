import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { CohortEvent } from '@sfida/core/events';
import { fakeUser } from '../../testing/fake-user';
import { fakeCohortInfo, fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';

afterEach(() => {
  vi.useRealTimers();
  resetTestState();
});

const user = fakeUser({ cohortId: 'autunno' });
const STARTS_AT = '2099-03-05T18:00:00.000Z';
const base: CohortEvent = {
  id: 'e1',
  startsAt: STARTS_AT,
  title: 'Sonno e recupero',
  speaker: 'Elena Moretti',
  description: 'Come dormire meglio.',
  durationMinutes: 60,
  access: 'GUIDA',
  mayJoin: true,
  joinOpensAt: '2099-03-05T17:30:00.000Z',
};

function serve(answers: CohortEvent[], reservedEventsText: string | null = null) {
  let asked = 0;
  const calls = fakeServer(user, (call) => {
    if (call.path === '/api/cohorts/autunno/events/e1') return json(answers[Math.min(asked++, answers.length - 1)]);
    if (call.path === '/api/cohorts/autunno') return json(fakeCohortInfo({ id: 'autunno', reservedEventsText }));
    return undefined;
  });
  return calls;
}

describe('the event page', () => {
  it('before the window: when the link will show; at the opening it asks again and shows "Collegati"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2099-03-05T17:29:00.000Z') });
    const calls = serve([base, { ...base, link: 'https://meet.example.it/sonno' }]);
    renderApp('/eventi/e1');
    expect(await screen.findByRole('heading', { name: 'Sonno e recupero' })).toBeInTheDocument();
    expect(screen.getByText('Pacchetti Guida e Premium')).toBeInTheDocument();
    expect(screen.getByText(/Il link per collegarti compare qui 30 minuti prima dell’inizio: giovedì 5 marzo 2099, ore 18:30/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Collegati/ })).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(62_000);
    });
    const join = await screen.findByRole('link', { name: /^Collegati/ });
    expect(join).toHaveAttribute('href', 'https://meet.example.it/sonno');
    expect(join).toHaveAttribute('target', '_blank');
    expect(calls.filter((call) => call.path === '/api/cohorts/autunno/events/e1').length).toBeGreaterThanOrEqual(2);
  });

  it('a participant whose package may not join: what it takes, in the coach’s words, and no button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2099-03-05T17:45:00.000Z') });
    serve([{ ...base, mayJoin: false }], 'Scrivi a Giulia per passare al pacchetto Guida.');
    renderApp('/eventi/e1');
    expect(await screen.findByText('Per partecipare serve il pacchetto Guida o Premium')).toBeInTheDocument();
    expect(await screen.findByText('Scrivi a Giulia per passare al pacchetto Guida.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Collegati/ })).toBeNull();
  });

  it('once the event is over, no button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2099-03-05T19:00:00.000Z') });
    serve([{ ...base, link: 'https://meet.example.it/sonno' }]);
    renderApp('/eventi/e1');
    expect(await screen.findByText('Evento concluso.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Collegati/ })).toBeNull();
  });
});
