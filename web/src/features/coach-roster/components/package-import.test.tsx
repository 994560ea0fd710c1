import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PackageImportReport, PackageImportRequest } from '@sfida/core/package-changes';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCoachServer } from '../../../testing/coach-fixtures';
import { PackageImport } from './package-import';

afterEach(resetTestState);

const IMPORT = '/api/coach/cohorts/cohort-1/package-import';
const report: PackageImportReport = {
  rows: 5,
  matched: [
    { line: 1, email: 'anna@example.it', userId: 'u-anna', name: 'Anna Rossi', from: 'BASE', to: 'PREMIUM', downgrade: false },
    { line: 2, email: 'bruno@example.it', userId: 'u-bruno', name: 'Bruno Verdi', from: 'PREMIUM', to: 'GUIDA', downgrade: true },
  ],
  unchanged: 0,
  notRegistered: [{ line: 3, email: 'nuova@example.it', from: null, to: 'GUIDA', downgrade: false }],
  downgrades: [{ line: 2, email: 'bruno@example.it', from: 'PREMIUM', to: 'GUIDA', registered: true }],
  unknownPackages: [{ line: 4, email: 'mario@example.it', value: 'Oro' }],
  badRows: [{ line: 5, text: 'non-una-email;Guida', reason: 'Email non valida' }],
  applied: false,
};

function renderDialog() {
  const calls = fakeCoachServer((call) => {
    if (call.path === IMPORT) {
      const body = call.body as PackageImportRequest;
      return json({ ...report, applied: !body.dryRun });
    }
    return undefined;
  });
  return { ...renderApp('/coach/cohort-1', <PackageImport cohortId="cohort-1" />), calls };
}

describe('Importa acquisti (CSV)', { timeout: 20_000 }, () => {
  it('checks the file first, lists what it would change, and applies downgrades only once confirmed', async () => {
    const { user, calls } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Importa acquisti (CSV)' }));
    const panel = await screen.findByRole('region', { name: 'Importa acquisti (CSV)' });
    // A file chosen fills the text, which can still be edited.
    await user.upload(within(panel).getByLabelText('File CSV'), new File(['anna@example.it;Premium'], 'acquisti.csv', { type: 'text/csv' }));
    await waitFor(() => expect(within(panel).getByLabelText('Oppure incolla il contenuto')).toHaveValue('anna@example.it;Premium'));
    await user.click(within(panel).getByRole('button', { name: 'Controlla il file' }));
    await waitFor(() => expect(calls.find((c) => c.path === IMPORT)?.body).toEqual({ csv: 'anna@example.it;Premium', dryRun: true }));

    expect(await within(panel).findByRole('list', { name: 'Da aggiornare' })).toHaveTextContent('Anna Rossi (anna@example.it): Base → Premium');
    expect(within(panel).getByRole('list', { name: 'Ancora senza account' })).toHaveTextContent('nuova@example.it: nessuno → Guida');
    expect(within(panel).getByRole('list', { name: 'Declassamenti' })).toHaveTextContent('bruno@example.it: Premium → Guida');
    expect(within(panel).getByRole('list', { name: 'Pacchetti sconosciuti' })).toHaveTextContent('Riga 4: mario@example.it, «Oro»');
    expect(within(panel).getByRole('list', { name: 'Righe non valide' })).toHaveTextContent('Riga 5: Email non valida');

    const apply = within(panel).getByRole('button', { name: 'Applica a 3 persone' });
    expect(apply).toBeDisabled();
    await user.click(within(panel).getByRole('checkbox', { name: 'Confermo i declassamenti elencati (1)' }));
    expect(apply).toBeEnabled();
    await user.click(apply);
    await waitFor(() => expect(calls.filter((c) => c.path === IMPORT).at(-1)?.body).toEqual({ csv: 'anna@example.it;Premium', dryRun: false, confirmDowngrades: true }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Importa acquisti (CSV)' })).not.toBeInTheDocument());
  });

  it('shows the server’s Italian message when the file is refused', async () => {
    const calls = fakeCoachServer((call) => (call.path === IMPORT ? json({ message: 'Il file ha troppe righe: al massimo 5.000' }, 400) : undefined));
    const { user } = renderApp('/coach/cohort-1', <PackageImport cohortId="cohort-1" />);
    await user.click(await screen.findByRole('button', { name: 'Importa acquisti (CSV)' }));
    const panel = await screen.findByRole('region', { name: 'Importa acquisti (CSV)' });
    await user.type(within(panel).getByLabelText('Oppure incolla il contenuto'), 'x');
    await user.click(within(panel).getByRole('button', { name: 'Controlla il file' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Il file ha troppe righe: al massimo 5.000');
    expect(calls.some((c) => c.path === IMPORT)).toBe(true);
  });
});
