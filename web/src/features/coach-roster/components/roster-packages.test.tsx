import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SetPackagesRequest } from '@sfida/core/package-changes';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCoachServer, fakeRow } from '../../../testing/coach-fixtures';
import { Roster } from './roster';

afterEach(() => {
  vi.unstubAllGlobals();
  resetTestState();
});

const rows = [
  fakeRow({ userId: 'u-anna', name: 'Anna Rossi', email: 'anna@example.it', package: 'PREMIUM' }),
  fakeRow({ userId: 'u-bruno', name: 'Bruno Verdi', email: 'bruno@example.it' }),
  fakeRow({ userId: 'u-carlo', name: 'Carlo Neri', email: 'carlo@example.it', package: 'GUIDA' }),
];

/** A phone's viewport (jsdom has no matchMedia): Chakra's `md` and up do not match. */
function phoneViewport(width = 360) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width: ([\d.]+)rem/.exec(query)?.[1]) * 16,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderRoster(readOnly = false) {
  const calls = fakeCoachServer((call) => {
    if (call.path === '/api/coach/cohorts/cohort-1/packages' && call.method === 'POST') {
      const body = call.body as SetPackagesRequest;
      return json({ changed: body.participantIds.length, unchanged: 0 });
    }
    return undefined;
  });
  return { ...renderApp('/coach/cohort-1', <Roster cohortId="cohort-1" rows={rows} complete readOnly={readOnly} />), calls };
}

const rowOf = (email: string) => within(screen.getByRole('table')).getByText(email).closest('tr')!;

describe('packages in the roster', { timeout: 20_000 }, () => {
  it('shows each row’s package in its column and filters by package', async () => {
    const { user } = renderRoster();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Pacchetto' })).toBeInTheDocument();
    expect(within(rowOf('anna@example.it')).getByText('Premium')).toBeInTheDocument();
    expect(within(rowOf('bruno@example.it')).getByText('Base')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Filtra per pacchetto'), 'Guida');
    expect(screen.getByText('1 di 3 partecipanti con il pacchetto Guida')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('link').map((a) => a.textContent)).toEqual(['Carlo Neri']);
  });

  it('sets a package for the selected people after one confirmation with their count', async () => {
    const { user, calls } = renderRoster();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Anna Rossi (anna@example.it)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Bruno Verdi (bruno@example.it)' }));
    expect(screen.getByText('2 persone selezionate')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Seleziona tutti' })).toHaveProperty('indeterminate', true);

    await user.selectOptions(screen.getByLabelText('Nuovo pacchetto'), 'Premium');
    await user.type(screen.getByLabelText('Motivo (facoltativo)'), 'Acquisto in negozio');
    await user.click(screen.getByRole('button', { name: 'Imposta pacchetto' }));
    expect(screen.getByText('Impostare il pacchetto Premium per 2 persone?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Imposta per 2 persone' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/coach/cohorts/cohort-1/packages')?.body).toEqual({ participantIds: ['u-anna', 'u-bruno'], package: 'PREMIUM', reason: 'Acquisto in negozio' }));
    // Done: the selection is cleared.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Seleziona Anna Rossi (anna@example.it)' })).not.toBeChecked());
  });

  it('"Seleziona tutti" selects the rows shown, by keyboard', async () => {
    const { user } = renderRoster();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Filtra per pacchetto'), 'Base');
    screen.getByRole('checkbox', { name: 'Seleziona tutti' }).focus();
    await user.keyboard(' ');
    expect(screen.getByText('1 persona selezionata')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Seleziona Bruno Verdi (bruno@example.it)' })).toBeChecked();
  });

  it('on a phone, each card has its checkbox and its package', async () => {
    phoneViewport(360);
    renderRoster();
    const cards = await screen.findByRole('list', { name: 'Roster della coorte' });
    const card = within(cards).getByText('carlo@example.it').closest('li')!;
    expect(within(card).getByRole('checkbox', { name: 'Seleziona Carlo Neri (carlo@example.it)' })).toBeInTheDocument();
    expect(within(card).getByText('Guida')).toBeInTheDocument();
  });

  it('an archived cohort offers no selection', async () => {
    renderRoster(true);
    await screen.findByRole('table');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
