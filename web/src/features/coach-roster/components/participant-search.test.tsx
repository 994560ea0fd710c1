import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SearchAnswer } from '@sfida/core/participant-search';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { emptyTriageDay, fakeCoachServer, fakeCohort } from '../../../testing/coach-fixtures';

afterEach(resetTestState);

function searchServer(answer: SearchAnswer) {
  return fakeCoachServer((call) => {
    if (call.path === '/api/coach/cohorts') return json([fakeCohort(), fakeCohort({ id: 'cohort-2', name: 'Inverno 2027' })]);
    if (call.path.startsWith('/api/coach/triage?')) return json({ items: [], total: 0, day: emptyTriageDay });
    if (call.path.startsWith('/api/coach/search?')) return json(answer);
    return undefined;
  });
}

describe('Cerca un partecipante', { timeout: 20_000 }, () => {
  it('finds someone by email in another cohort and says which, with a link to their page', async () => {
    const calls = searchServer({ results: [{ userId: 'u-bea', name: 'Bea Neri', email: 'bea@example.it', cohortId: 'cohort-2', cohortName: 'Inverno 2027' }], more: false });
    const { user } = renderApp('/coach');

    const form = await screen.findByRole('search', { name: 'Cerca un partecipante' });
    await user.type(within(form).getByLabelText('Nome o email'), 'Bea@Example.it');
    await user.click(within(form).getByRole('button', { name: 'Cerca' }));

    const results = await screen.findByRole('list', { name: 'Risultati della ricerca' });
    expect(within(results).getByRole('link', { name: 'Bea Neri' })).toHaveAttribute('href', '/coach/cohort-2/partecipanti/u-bea');
    expect(within(results).getByText('bea@example.it · Coorte Inverno 2027')).toBeInTheDocument();
    expect(calls.find((call) => call.path.startsWith('/api/coach/search'))?.path).toBe('/api/coach/search?q=Bea%40Example.it');
  });

  it('asks for two characters before searching, and says when nobody is found', async () => {
    const calls = searchServer({ results: [], more: false });
    const { user } = renderApp('/coach');

    const form = await screen.findByRole('search', { name: 'Cerca un partecipante' });
    await user.type(within(form).getByLabelText('Nome o email'), 'a');
    await user.click(within(form).getByRole('button', { name: 'Cerca' }));
    expect(within(form).getByText('Scrivi almeno 2 caratteri del nome o l’email')).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/coach/search'))).toBe(false);

    await user.type(within(form).getByLabelText('Nome o email'), 'ldo');
    await user.click(within(form).getByRole('button', { name: 'Cerca' }));
    expect(await screen.findByText('Nessun partecipante trovato nelle tue coorti.')).toBeInTheDocument();
  });
});
