import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PackageHistory } from '@sfida/core/package-changes';
import { json, renderApp, resetTestState } from '../../../../testing/test-utils';
import { fakeCoachServer } from '../../../../testing/coach-fixtures';
import { PackageSection } from './package-section';

afterEach(resetTestState);

const PATH = '/api/coach/cohorts/cohort-1/participants/u-anna/package';
const history: PackageHistory = {
  package: 'GUIDA',
  changes: [
    { id: 'c2', from: 'PREMIUM', to: 'GUIDA', byName: 'Giulia', at: '2026-11-20T09:00:00.000Z', why: 'Rimborso parziale', how: 'manual' },
    { id: 'c1', from: 'BASE', to: 'PREMIUM', byName: null, at: '2026-11-01T09:00:00.000Z', why: null, how: 'import' },
  ],
};

describe('Pacchetto on the participant’s page', { timeout: 20_000 }, () => {
  it('shows the package and its history, and saves a change with its reason', async () => {
    const calls = fakeCoachServer((call) => {
      if (call.path === PATH) return json(history);
      if (call.path === '/api/coach/cohorts/cohort-1/packages') return json({ changed: 1, unchanged: 0 });
      return undefined;
    });
    const { user } = renderApp('/coach/cohort-1/partecipanti/u-anna', <PackageSection cohortId="cohort-1" userId="u-anna" name="Anna Rossi" />);
    const select = await screen.findByLabelText('Pacchetto');
    expect(select).toHaveValue('GUIDA');
    const list = screen.getByRole('list', { name: 'Storico del pacchetto' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Premium → Guida · a mano · Giulia20 novembre.*«Rimborso parziale»$/),
      expect.stringMatching(/^Base → Premium · da importazione1 novembre/),
    ]);
    const save = screen.getByRole('button', { name: 'Salva pacchetto' });
    expect(save).toBeDisabled();
    await user.selectOptions(select, 'Premium');
    await user.type(screen.getByLabelText('Motivo (facoltativo)'), 'Upgrade');
    await user.click(save);
    await waitFor(() => expect(calls.find((c) => c.path === '/api/coach/cohorts/cohort-1/packages')?.body).toEqual({ participantIds: ['u-anna'], package: 'PREMIUM', reason: 'Upgrade' }));
  });
});
