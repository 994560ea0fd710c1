import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeUser } from '../../testing/fake-user';
import { fakeCohortInfo, fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import EventsPage from './events-page';

afterEach(resetTestState);

const user = fakeUser({ cohortId: 'autunno' });
const cohortInfo = (reservedEventsText: string | null = null) =>
  json(fakeCohortInfo({ id: 'autunno', name: 'Autunno', pace: 'together', reservedEventsText }));
const event = (id: string, startsAt: string, title: string) => ({ id, startsAt, title, speaker: 'Martina Ferri', description: 'Descrizione', link: 'https://meet.example.it/x' });

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
    expect(await within(items[0]!).findByRole('link', { name: 'Collegati all’evento' })).toHaveAttribute('href', 'https://meet.example.it/x');
    const download = within(items[0]!).getByRole('link', { name: /^Aggiungi al calendario\s?: Incontro futuro$/ });
    expect(download).toHaveAttribute('href', '/api/cohorts/autunno/events/b/calendar.ics');
    expect(download).toHaveAttribute('download');
    expect(items[1]).toHaveTextContent('Evento concluso');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    // Events open to the whole cohort: no reserved notice.
    expect(screen.queryByText('Accesso riservato')).toBeNull();
    expect(calls.some((call) => call.path === '/api/cohorts/autunno/events')).toBe(true);
    expect(screen.getByRole('link', { name: 'Profilo' })).toHaveAttribute('href', '/profilo');
  });

  it('with the cohort’s "reserved events" text: shows it as the notice, and no link to connect (they are sent separately)', async () => {
    const text = 'Gli eventi sono per chi ha il pacchetto Guida o Premium: il link arriva via email il giorno dell’incontro.';
    fakeServer(user, (call) =>
      call.path === '/api/cohorts/autunno/events'
        ? json({ events: [event('b', '2099-03-05T18:00:00.000Z', 'Incontro futuro')] })
        : call.path === '/api/cohorts/autunno'
          ? cohortInfo(text)
          : undefined,
    );
    renderApp('/eventi', <EventsPage />);
    expect(await screen.findByText('Accesso riservato')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    const item = within(screen.getByRole('list', { name: 'Calendario degli eventi' })).getByRole('listitem');
    expect(within(item).queryByRole('link', { name: 'Collegati all’evento' })).toBeNull();
    expect(within(item).getByRole('link', { name: /Aggiungi al calendario/ })).toBeInTheDocument();
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
