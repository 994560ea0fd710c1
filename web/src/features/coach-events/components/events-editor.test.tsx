import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CohortEvent, EventInput } from '@sfida/core/events';
import { fakeServer, json, renderApp, resetTestState, type ApiCall } from '../../../testing/test-utils';
import { fakeCoach, fakeCohort } from '../../../testing/coach-fixtures';

afterEach(resetTestState);

const EVENTS = '/api/coach/cohorts/cohort-1/events';

/** What the API answers a coach for what they sent. */
function answer(input: EventInput, id: string): CohortEvent {
  return { ...input, id, access: input.access ?? 'BASE', durationMinutes: input.durationMinutes ?? 60, mayJoin: true, joinOpensAt: input.startsAt };
}

/** A server keeping the cohort's events in memory, as the API does. */
function eventsServer(initial: CohortEvent[], coach = fakeCoach()) {
  let events = [...initial];
  let next = 1;
  const calls = fakeServer(coach, (call: ApiCall) => {
    if (call.path === '/api/coach/cohorts') return json([fakeCohort()]);
    if (call.path.startsWith('/api/coach/cohorts/cohort-1/participants')) return json({ rows: [], nextCursor: null });
    if (call.path === '/api/cohorts/cohort-1/events') return json({ events });
    if (call.path === EVENTS && call.method === 'POST') {
      const created = answer(call.body as EventInput, `e${next++}`);
      if (created.title === 'Rifiutato') return json({ message: 'Il link deve iniziare con https://' }, 400);
      events = [...events, created];
      return json(created, 201);
    }
    if (call.path.startsWith(`${EVENTS}/`) && call.method === 'PUT') {
      const id = call.path.split('/').pop()!;
      events = events.map((event) => (event.id === id ? answer(call.body as EventInput, id) : event));
      return json(events.find((event) => event.id === id));
    }
    if (call.path.startsWith(`${EVENTS}/`) && call.method === 'DELETE') {
      const id = call.path.split('/').pop()!;
      events = events.filter((event) => event.id !== id);
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  return { calls, events: () => events };
}

const kickOff: CohortEvent = answer({ startsAt: '2099-03-05T18:00:00.000Z', title: 'Kick-off', speaker: 'Martina', description: '', link: 'https://meet.example.it/k' }, 'k');

describe('the cohort calendar in the console', { timeout: 20_000 }, () => {
  it('adds an event with the time as typed in the browser, edits it and deletes it after a confirmation', async () => {
    const server = eventsServer([kickOff]);
    const user = userEvent.setup();
    renderApp('/coach/cohort-1/eventi');
    const list = await screen.findByRole('list', { name: 'Eventi della coorte' });
    expect(await within(list).findByText('Kick-off')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Nuovo evento' });
    await user.click(within(form).getByRole('button', { name: 'Aggiungi evento' }));
    expect(within(form).getByRole('alert')).toHaveTextContent("Indica data e ora dell'evento");
    await user.type(within(form).getByLabelText(/Data e ora/), '2099-04-02T19:00');
    await user.type(within(form).getByLabelText(/Titolo/), 'Sonno e recupero');
    await user.type(within(form).getByLabelText(/Relatore/), 'Elena Moretti');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi evento' }));
    expect(await within(list).findByText('Sonno e recupero')).toBeInTheDocument();
    const posted = server.calls.find((call) => call.method === 'POST' && call.path === EVENTS)!.body as CohortEvent;
    // The tests run in Rome: 19:00 on 2 April 2099 is summer time.
    expect(posted).toMatchObject({ startsAt: '2099-04-02T19:00:00+02:00', title: 'Sonno e recupero', speaker: 'Elena Moretti' });

    await user.click(screen.getByRole('button', { name: 'Modifica Kick-off' }));
    const edit = screen.getByRole('form', { name: 'Modifica Kick-off' });
    await user.clear(within(edit).getByLabelText(/Titolo/));
    await user.type(within(edit).getByLabelText(/Titolo/), 'Kick-off spostato');
    await user.click(within(edit).getByRole('button', { name: 'Salva modifiche' }));
    expect(await within(list).findByText('Kick-off spostato')).toBeInTheDocument();

    const item = within(list).getByText('Kick-off spostato').closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Elimina' }));
    await user.click(within(item).getByRole('button', { name: 'Elimina evento' }));
    await waitFor(() => expect(within(list).queryByText('Kick-off spostato')).toBeNull());
    expect(server.events().map((event) => event.title)).toEqual(['Sonno e recupero']);
  });

  it("shows an event at the time of the zone the server keeps for the coach, not the browser's", async () => {
    // 20:00 in Rome (where the tests run) is 14:00 in New York.
    const webinar = answer({ startsAt: '2099-01-15T19:00:00.000Z', title: 'Webinar', speaker: '', description: '' }, 'w');
    eventsServer([webinar], { ...fakeCoach(), timeZone: 'America/New_York' });
    renderApp('/coach/cohort-1/eventi');
    const list = await screen.findByRole('list', { name: 'Eventi della coorte' });
    const item = (await within(list).findByText('Webinar')).closest('li')!;
    expect(item).toHaveTextContent('Giovedì 15 gennaio 2099, ore 14:00');
  });

  it('sets how long an event lasts and who may join, and keeps both when editing', async () => {
    const server = eventsServer([]);
    const user = userEvent.setup();
    renderApp('/coach/cohort-1/eventi');
    const form = await screen.findByRole('form', { name: 'Nuovo evento' });
    expect(within(form).getByLabelText(/Durata/)).toHaveValue(60);
    expect(within(form).getByLabelText('Chi può partecipare')).toHaveValue('BASE');
    await user.type(within(form).getByLabelText(/Data e ora/), '2099-04-02T19:00');
    await user.type(within(form).getByLabelText(/Titolo/), 'Sessione Premium');
    await user.clear(within(form).getByLabelText(/Durata/));
    await user.type(within(form).getByLabelText(/Durata/), '5');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi evento' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('La durata deve essere tra 15 minuti e 8 ore');
    await user.clear(within(form).getByLabelText(/Durata/));
    await user.type(within(form).getByLabelText(/Durata/), '90');
    await user.selectOptions(within(form).getByLabelText('Chi può partecipare'), 'PREMIUM');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi evento' }));
    const list = await screen.findByRole('list', { name: 'Eventi della coorte' });
    const item = (await within(list).findByText('Sessione Premium')).closest('li')!;
    expect(item).toHaveTextContent('Solo pacchetto Premium');
    expect(server.calls.find((call) => call.method === 'POST')!.body).toMatchObject({ durationMinutes: 90, access: 'PREMIUM' });

    await user.click(within(item).getByRole('button', { name: 'Modifica Sessione Premium' }));
    const edit = screen.getByRole('form', { name: 'Modifica Sessione Premium' });
    expect(within(edit).getByLabelText(/Durata/)).toHaveValue(90);
    expect(within(edit).getByLabelText('Chi può partecipare')).toHaveValue('PREMIUM');
  });

  it("shows the server's message when it refuses an event", async () => {
    eventsServer([]);
    const user = userEvent.setup();
    renderApp('/coach/cohort-1/eventi');
    const form = await screen.findByRole('form', { name: 'Nuovo evento' });
    await user.type(within(form).getByLabelText(/Data e ora/), '2099-04-02T19:00');
    await user.type(within(form).getByLabelText(/Titolo/), 'Rifiutato');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi evento' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Il link deve iniziare con https://');
  });
});
