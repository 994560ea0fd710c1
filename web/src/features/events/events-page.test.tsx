import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeUser } from '../../testing/fake-user';
import { fakeCohortInfo, fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import EventsPage from './events-page';

afterEach(resetTestState);

const user = fakeUser({ cohortId: 'autunno' });
const cohortInfo = (reservedEventsText: string | null = null) =>
  json(fakeCohortInfo({ id: 'autunno', name: 'Autunno', pace: 'together', reservedEventsText }));
const event = (id: string, startsAt: string, title: string, access: 'BASE' | 'GUIDA' = 'BASE', mayJoin = true) => ({
  id,
  startsAt,
  title,
  speaker: 'Martina Ferri',
  description: 'Descrizione',
  durationMinutes: 60,
  access,
  mayJoin,
  joinOpensAt: new Date(Date.parse(startsAt) - 30 * 60_000).toISOString(),
});

describe('Eventi', () => {
  it("lists the cohort's upcoming events first and marks past ones, with the links only for those to come", async () => {
    const calls = fakeServer(user, (call) =>
      call.path === '/api/cohorts/autunno/events'
        ? json({ events: [event('a', '2020-03-05T18:00:00.000Z', 'Incontro passato'), event('b', '2099-03-05T18:00:00.000Z', 'Incontro futuro')] })
        : call.path === '/api/cohorts/autunno'
          ? cohortInfo()
          : undefined,
    );
    renderApp('/eventi', <EventsPage />);
    const items = within(await screen.findByRole('list', { name: 'Calendario degli eventi' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('h2')?.textContent)).toEqual(['Incontro futuro', 'Incontro passato']);
    expect(items[0]).toHaveTextContent('In programma');
    expect(items[0]).toHaveTextContent('Giovedì 5 marzo 2099, ore 19:00');
    // Each event links to its page, where the join link shows in its window.
    expect(within(items[0]!).getByRole('link', { name: 'Incontro futuro' })).toHaveAttribute('href', '/eventi/b');
    expect(within(items[0]!).getByRole('link', { name: /^Apri l’evento e collegati\s?: Incontro futuro$/ })).toHaveAttribute('href', '/eventi/b');
    const download = within(items[0]!).getByRole('link', { name: /^Aggiungi al calendario\s?: Incontro futuro$/ });
    expect(download).toHaveAttribute('href', '/api/cohorts/autunno/events/b/calendar.ics');
    expect(download).toHaveAttribute('download');
    expect(items[1]).toHaveTextContent('Evento concluso');
    expect(within(items[1]!).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/eventi/a']);
    expect(screen.queryByText(/Riservato/)).toBeNull();
    expect(calls.some((call) => call.path === '/api/cohorts/autunno/events')).toBe(true);
    expect(screen.getByRole('link', { name: 'Profilo' })).toHaveAttribute('href', '/profilo');
  });

  it('an event the participant’s package may not join says what it takes', async () => {
    fakeServer(user, (call) =>
      call.path === '/api/cohorts/autunno/events'
        ? json({ events: [event('b', '2099-03-05T18:00:00.000Z', 'Incontro Guida', 'GUIDA', false), event('c', '2099-03-06T18:00:00.000Z', 'Per tutti')] })
        : undefined,
    );
    renderApp('/eventi', <EventsPage />);
    const [reserved, open] = within(await screen.findByRole('list', { name: 'Calendario degli eventi' })).getAllByRole('listitem');
    expect(reserved).toHaveTextContent('Riservato: per partecipare serve il pacchetto Guida o Premium.');
    expect(within(reserved!).getByRole('link', { name: /^Apri l’evento\s?: Incontro Guida$/ })).toHaveAttribute('href', '/eventi/b');
    expect(open).not.toHaveTextContent('Riservato');
    // The notice of a link by email is gone: nothing sends it that way.
    expect(screen.queryByText(/via email/)).toBeNull();
  });

  it('says so when the cohort has no events, and shows the server message on failure', async () => {
    fakeServer(user, (call) => (call.path === '/api/cohorts/autunno/events' ? json({ events: [] }) : undefined));
    renderApp('/eventi', <EventsPage />);
    expect(await screen.findByText('Nessun evento in programma per il tuo gruppo, per ora.')).toBeInTheDocument();
    resetTestState();
    fakeServer(user, (call) => (call.path === '/api/cohorts/autunno/events' ? json({ message: 'Puoi vedere solo gli eventi della tua coorte' }, 403) : undefined));
    renderApp('/eventi', <EventsPage />);
    expect(await screen.findByText('Puoi vedere solo gli eventi della tua coorte')).toBeInTheDocument();
  });
});
