import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, formatItalianDate } from '@sfida/core/dates';
import { currentDay } from '../../../lib/use-today';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCoachServer, fakeCohort } from '../../../testing/coach-fixtures';
import { NewSeasonSection, newSeasonTargets } from './new-season-section';

afterEach(resetTestState);

const today = currentDay();
const finished = fakeCohort({ id: 'inverno', name: 'Inverno', startDate: addDays(today, -70) });
const soon = fakeCohort({ id: 'primavera', name: 'Primavera', startDate: addDays(today, 4) });
const firstWeek = fakeCohort({ id: 'marzo', name: 'Marzo', startDate: addDays(today, -6) });
const secondWeek = fakeCohort({ id: 'febbraio', name: 'Febbraio', startDate: addDays(today, -7) });
const archived = fakeCohort({ id: 'vecchia', name: 'Vecchia', startDate: addDays(today, 4), archivedAt: '2026-01-01T00:00:00.000Z' });

describe('"Nuova stagione" on a cohort page', { timeout: 30_000 }, () => {
  it('offers the coach’s other active cohorts not started yet or in their first week', () => {
    expect(newSeasonTargets([finished, soon, firstWeek, secondWeek, archived], 'inverno', today).map((c) => c.id)).toEqual(['primavera', 'marzo']);
  });

  it('invites the finished participants to the chosen cohort and says how many', async () => {
    const calls = fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts' && call.method === 'GET') return json([finished, soon, firstWeek]);
      if (call.path === '/api/coach/cohorts/inverno/new-season') return json({ invited: 3 });
      return undefined;
    });
    renderApp('/coach/inverno', <NewSeasonSection cohortId="inverno" />);
    const select = await screen.findByLabelText('Coorte della nuova stagione');
    expect(screen.getByRole('option', { name: `Primavera · dal ${formatItalianDate(soon.startDate)}` })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'marzo');
    await userEvent.click(screen.getByRole('button', { name: 'Invita alla nuova stagione' }));
    expect(await screen.findByText(/3 inviti inviati/)).toHaveAttribute('role', 'status');
    expect(calls.find((c) => c.path === '/api/coach/cohorts/inverno/new-season')?.body).toEqual({ targetCohortId: 'marzo' });
  });

  it('shows the server’s refusal in Italian', async () => {
    fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts' && call.method === 'GET') return json([finished, soon]);
      if (call.path === '/api/coach/cohorts/inverno/new-season') return json({ message: 'Nessun partecipante di questa coorte ha ancora concluso le 8 settimane' }, 400);
      return undefined;
    });
    renderApp('/coach/inverno', <NewSeasonSection cohortId="inverno" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invita alla nuova stagione' }));
    expect(await screen.findByText('Nessun partecipante di questa coorte ha ancora concluso le 8 settimane')).toBeInTheDocument();
  });

  it('without a cohort about to start, says to create one', async () => {
    fakeCoachServer((call) => (call.path === '/api/coach/cohorts' && call.method === 'GET' ? json([finished, secondWeek]) : undefined));
    renderApp('/coach/inverno', <NewSeasonSection cohortId="inverno" />);
    expect(await screen.findByText(/crea prima una coorte che inizia a breve/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invita alla nuova stagione' })).not.toBeInTheDocument();
  });
});
