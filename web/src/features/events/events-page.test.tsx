import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import EventsPage from './events-page';

afterEach(resetTestState);

const user = fakeUser({ cohortId: 'autunno' });
const event = (id: string, startsAt: string, title: string) => ({ id, startsAt, title, speaker: 'Martina Ferri', description: 'Descrizione', link: 'https://meet.example.it/x' });

describe('Eventi', () => {
  it("lists the cohort's upcoming events first and marks past ones, with the link only for those to come", async () => {
    const calls = fakeServer(user, (call) =>
      call.path === '/api/cohorts/autunno/events'
        ? json({ events: [event('a', '2020-03-05T18:00:00.000Z', 'Incontro passato'), event('b', '2099-03-05T18:00:00.000Z', 'Incontro futuro')] })
        : undefined,
    );
    renderApp('/eventi', <EventsPage />);
    const items = within(await screen.findByRole('list', { name: 'Calendario degli eventi' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('h2')?.textContent)).toEqual(['Incontro futuro', 'Incontro passato']);
    expect(items[0]).toHaveTextContent('In programma');
    expect(items[0]).toHaveTextContent('Giovedì 5 marzo 2099, ore 19:00');
    expect(within(items[0]!).getByRole('link', { name: 'Collegati all’evento' })).toHaveAttribute('href', 'https://meet.example.it/x');
    expect(items[1]).toHaveTextContent('Evento concluso');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    expect(screen.getByText('Accesso riservato')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/cohorts/autunno/events')).toBe(true);
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
