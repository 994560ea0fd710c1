import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, renderApp, resetTestState } from '../../testing/test-utils';
import PlannerPage from './planner-page';

afterEach(resetTestState);

describe('Planner Settimanale', { timeout: 30_000 }, () => {
  it('says the challenge has not started without a start date', async () => {
    fakeServer(fakeUser({ challengeStartDate: null }));
    renderApp('/planner', <PlannerPage />);
    expect(await screen.findByText('Challenge non ancora iniziata')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salva Planner' })).not.toBeInTheDocument();
  });

  it('refuses to save with fewer than 3 actions, in the page, then saves once for +10', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const user = userEvent.setup();
    renderApp('/planner', <PlannerPage />);

    expect(await screen.findByText('Settimana 1')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Azione 1' }), 'Camminare 30 minuti');
    await user.type(screen.getByRole('textbox', { name: 'Azione 2' }), 'Cucinare la cena');
    await user.click(screen.getByRole('button', { name: 'Salva Planner' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Devi inserire almeno 3 azioni per salvare il planner.');
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();

    await user.type(screen.getByRole('textbox', { name: 'Azione 3' }), 'Dormire 8 ore');
    await user.click(screen.getByRole('button', { name: 'Salva Planner' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText('Planner salvato!')).toBeInTheDocument();
    expect(screen.getByText('✓ Planner della settimana salvato')).toBeInTheDocument();
    const points = screen.getByText('Punti').parentElement as HTMLElement;
    expect(within(points).getByText('10')).toBeInTheDocument();
  });

  it('adds slots up to 5, removes down to 3, and completes only written actions', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const user = userEvent.setup();
    renderApp('/planner', <PlannerPage />);
    const add = await screen.findByRole('button', { name: '+ Aggiungi azione' });

    expect(screen.getByRole('button', { name: 'Rimuovi azione 1' })).toBeDisabled();
    await user.click(add);
    await user.click(add);
    expect(screen.getAllByRole('textbox')).toHaveLength(5);
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Rimuovi azione 5' }));
    expect(screen.getAllByRole('textbox')).toHaveLength(4);

    const firstDone = screen.getByRole('checkbox', { name: 'Azione 1 completata' });
    expect(firstDone).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Azione 1' }), 'Leggere 10 pagine');
    expect(firstDone).toBeEnabled();
    await user.click(firstDone);
    expect(firstDone).toBeChecked();
    expect(await screen.findByText('Azione completata!')).toBeInTheDocument();
  });
});
