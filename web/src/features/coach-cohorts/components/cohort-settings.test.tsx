import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { addDays, mondayOf, todayIn } from '@sfida/core/dates';
import type { CoachCohort } from '@sfida/core/coach';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCoach, fakeCoachServer, fakeCohort } from '../../../testing/coach-fixtures';

afterEach(resetTestState);

const today = () => todayIn(fakeCoach().timeZone, new Date());

/** A console with `cohorts`, whose PATCH applies what it is sent (as the server does). */
function settingsServer(initial: CoachCohort[]) {
  let cohorts = initial;
  const calls = fakeCoachServer((call) => {
    if (call.path === '/api/coach/cohorts') return json(cohorts);
    const patched = /^\/api\/coach\/cohorts\/([^/]+)$/.exec(call.path);
    if (patched && call.method === 'PATCH') {
      const body = call.body as Partial<CoachCohort> & { archived?: boolean };
      cohorts = cohorts.map((cohort) => {
        if (cohort.id !== patched[1]) return cohort;
        const { archived, ...fields } = body;
        const archivedAt = archived === undefined ? cohort.archivedAt : archived ? `${today()}T09:00:00.000Z` : null;
        return { ...cohort, ...fields, archivedAt, registrationOpen: archived ? false : cohort.registrationOpen };
      });
      return json(cohorts.find((cohort) => cohort.id === patched[1]));
    }
    return undefined;
  });
  return calls;
}

const settings = () => screen.getByRole('region', { name: 'Impostazioni della coorte' });

describe('Impostazioni della coorte', { timeout: 20_000 }, () => {
  it('renames the cohort and changes its pace before the start, sending only what changed', async () => {
    const ahead = mondayOf(addDays(today(), 14));
    const calls = settingsServer([fakeCohort({ startDate: ahead, pace: 'ownDay' })]);
    const { user } = renderApp('/coach/cohort-1/impostazioni');

    const name = await within(await screen.findByRole('region', { name: 'Impostazioni della coorte' })).findByLabelText(/Nome della coorte/);
    await user.clear(name);
    await user.type(name, 'Autunno insieme');
    await user.click(within(settings()).getByRole('radio', { name: /Tutti insieme/ }));
    await user.click(within(settings()).getByRole('button', { name: 'Salva nome e ritmo' }));

    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Autunno insieme', pace: 'together' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Autunno insieme' })).toBeInTheDocument();
  });

  it('after the start the pace is shown but cannot change', async () => {
    settingsServer([fakeCohort({ startDate: mondayOf(addDays(today(), -7)), pace: 'together' })]);
    renderApp('/coach/cohort-1/impostazioni');
    const region = await screen.findByRole('region', { name: 'Impostazioni della coorte' });
    expect(within(region).getByText('Ritmo della coorte:')).toHaveTextContent('Ritmo della coorte: Tutti insieme');
    expect(within(region).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(region).getByText('Il ritmo della coorte non si può cambiare dopo l’inizio.')).toBeInTheDocument();
    // Its button says what it still saves.
    expect(within(region).getByRole('button', { name: 'Salva il nome' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Salva nome e ritmo' })).not.toBeInTheDocument();
  });

  it('archives after a yes: the page turns read-only, the cohort leaves the list for the archived section, and comes back', async () => {
    const calls = settingsServer([fakeCohort(), fakeCohort({ id: 'cohort-2', name: 'Inverno 2027' })]);
    const { user } = renderApp('/coach/cohort-1/impostazioni');

    await user.click(within(await screen.findByRole('region', { name: 'Impostazioni della coorte' })).getByRole('button', { name: 'Archivia la coorte' }));
    await user.click(within(settings()).getByRole('button', { name: 'Archivia' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ archived: true }));
    expect(await within(settings()).findByText(/la coorte è di sola lettura/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Aggiungi coach' })).not.toBeInTheDocument();
    const tabs = () => screen.getByRole('navigation', { name: 'Parti della coorte' });
    // Read-only everywhere: no events to change, no message to write.
    expect(within(tabs()).queryByRole('link', { name: 'Eventi' })).not.toBeInTheDocument();
    await user.click(within(tabs()).getByRole('link', { name: 'Messaggi' }));
    expect(await screen.findByRole('region', { name: 'Messaggi inviati' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Messaggio alla coorte' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: '← Tutte le coorti' }));
    const archived = await screen.findByRole('region', { name: 'Coorti archiviate (1)' });
    expect(within(archived).getByText('Autunno 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Inverno 2027' })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Autunno 2026' })).not.toBeInTheDocument();

    await user.click(within(archived).getByRole('link', { name: 'Apri la coorte archiviata Autunno 2026' }));
    await user.click(within(await screen.findByRole('navigation', { name: 'Parti della coorte' })).getByRole('link', { name: 'Impostazioni' }));
    await user.click(await within(await screen.findByRole('region', { name: 'Impostazioni della coorte' })).findByRole('button', { name: 'Ripristina la coorte' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ archived: false }));
    expect(await screen.findByRole('region', { name: 'Aggiungi coach' })).toBeInTheDocument();
    await user.click(within(tabs()).getByRole('link', { name: 'Messaggi' }));
    expect(await screen.findByRole('region', { name: 'Messaggio alla coorte' })).toBeInTheDocument();
  });

  it('shows the participants in the right number', async () => {
    settingsServer([fakeCohort({ participantCount: 1 })]);
    renderApp('/coach/cohort-1/impostazioni');
    expect(await screen.findByText(/· 1 partecipante$/)).toBeInTheDocument();
  });
});
