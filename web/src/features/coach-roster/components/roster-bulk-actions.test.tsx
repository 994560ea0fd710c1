import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCoachServer, fakeRow } from '../../../testing/coach-fixtures';
import { Roster } from './roster';

afterEach(resetTestState);

const rows = [
  fakeRow({ userId: 'u-anna', name: 'Anna Rossi', email: 'anna@example.it' }),
  fakeRow({ userId: 'u-bruno', name: 'Bruno Verdi', email: 'bruno@example.it' }),
  fakeRow({ userId: 'u-carlo', name: 'Carlo Neri', email: 'carlo@example.it' }),
];

function renderRoster() {
  const calls = fakeCoachServer((call) => {
    if (call.method !== 'POST') return undefined;
    if (call.path === '/api/coach/triage/bulk' || call.path === '/api/coach/cohorts/cohort-1/tags/bulk') {
      const { userIds } = call.body as { userIds: string[] };
      const results = userIds.map((userId) => (userId === 'u-carlo' ? { userId, ok: false, message: 'Partecipante non trovato' } : { userId, ok: true }));
      return json({ results, done: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length });
    }
    return undefined;
  });
  return { ...renderApp('/coach/cohort-1', <Roster cohortId="cohort-1" rows={rows} complete readOnly={false} />), calls };
}

describe('the roster’s selection: contacted, postponed, tagged and written to at once', { timeout: 20_000 }, () => {
  it('marks the selected people contacted after one confirmation with the count, and names who failed', async () => {
    const { user, calls } = renderRoster();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona tutti' }));
    await user.click(screen.getByRole('button', { name: 'Contattato (i selezionati)' }));
    expect(screen.getByText('Segnare 3 persone come contattate?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Segna 3 come contattate' }));
    expect(await screen.findByText('2 persone segnate come contattate; 1 non riuscita')).toBeInTheDocument();
    expect(screen.getByText('Carlo Neri: Partecipante non trovato')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/coach/triage/bulk')?.body).toEqual({ action: 'contacted', userIds: ['u-anna', 'u-bruno', 'u-carlo'] });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Seleziona Anna Rossi (anna@example.it)' })).not.toBeChecked());
  });

  it('postpones the selected people to a chosen day, asking once with the count and the day', async () => {
    const { user, calls } = renderRoster();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Anna Rossi (anna@example.it)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Bruno Verdi (bruno@example.it)' }));
    fireEvent.change(screen.getByLabelText('Riproponi il'), { target: { value: '2030-01-02' } });
    await user.click(screen.getByRole('button', { name: 'Rimanda a… (i selezionati)' }));
    expect(screen.getByText('Rimandare 2 persone al 2 gennaio 2030?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rimanda 2 persone' }));
    expect(await screen.findByText('2 persone rimandate al 2 gennaio 2030')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/coach/triage/bulk')?.body).toEqual({ action: 'snooze', until: '2030-01-02', userIds: ['u-anna', 'u-bruno'] });
  });

  it('writes to the selected people: the cohort\'s "Messaggi" with them picked', async () => {
    const { user } = renderRoster();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Anna Rossi (anna@example.it)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Carlo Neri (carlo@example.it)' }));
    expect(screen.getByRole('link', { name: 'Scrivi ai selezionati' })).toHaveAttribute('href', '/coach/cohort-1/messaggi?destinatari=u-anna%2Cu-carlo');
  });

  it('puts one tag on the selected people, the tag as it will be stored in the question', async () => {
    const { user, calls } = renderRoster();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Anna Rossi (anna@example.it)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Bruno Verdi (bruno@example.it)' }));
    await user.type(screen.getByLabelText('Etichetta da aggiungere'), 'Da  Richiamare');
    await user.click(screen.getByRole('button', { name: 'Aggiungi etichetta (i selezionati)' }));
    expect(screen.getByText('Aggiungere l’etichetta «da richiamare» a 2 persone?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aggiungi a 2 persone' }));
    expect(await screen.findByText('Etichetta aggiunta a 2 persone')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/coach/cohorts/cohort-1/tags/bulk')?.body).toEqual({ tag: 'Da  Richiamare', userIds: ['u-anna', 'u-bruno'] });
  });
});
