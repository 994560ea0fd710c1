import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays } from '@sfida/core/dates';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, renderApp, resetTestState } from '../../testing/test-utils';
import HabitsPage from './habits-page';

afterEach(resetTestState);

async function addHabitNamed(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: '+ Nuova abitudine' }));
  await user.type(screen.getByRole('textbox', { name: "Nome dell'abitudine" }), `${name}{Enter}`);
  return user;
}

describe('Tracciamento Abitudini', { timeout: 30_000 }, () => {
  it('adds a habit with Enter, and refuses an empty name in the page', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    renderApp('/abitudini', <HabitsPage />);
    const user = await addHabitNamed('Bere 2 litri di acqua');
    expect(await screen.findByRole('heading', { name: 'Bere 2 litri di acqua' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ Nuova abitudine' }));
    await user.type(screen.getByRole('textbox', { name: "Nome dell'abitudine" }), '   {Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent("Inserisci il nome dell'abitudine");
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByRole('textbox', { name: "Nome dell'abitudine" })).not.toBeInTheDocument();
  });

  it('lets today be ticked (+2) but not future days', async () => {
    const today = currentDay();
    fakeServer(fakeUser({ challengeStartDate: today }));
    renderApp('/abitudini', <HabitsPage />);
    const user = await addHabitNamed('Meditare');
    const strip = await screen.findByRole('list', { name: 'Settimana di Meditare' });
    const days = within(strip).getAllByRole('button');
    expect(days).toHaveLength(7);
    // The challenge starts today: today is the first cell, the six after it are in the future.
    expect(days[0]).toBeEnabled();
    for (const future of days.slice(1)) expect(future).toBeDisabled();

    await user.click(days[0]!);
    expect(days[0]).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Abitudine completata!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '✓ Fatto oggi' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('does not let days before the challenge start be ticked', async () => {
    fakeServer(fakeUser({ challengeStartDate: addDays(currentDay(), 3) }));
    renderApp('/abitudini', <HabitsPage />);
    await addHabitNamed('Leggere');
    const strip = await screen.findByRole('list', { name: 'Settimana di Leggere' });
    for (const day of within(strip).getAllByRole('button')) expect(day).toBeDisabled();
  });

  it('asks for confirmation in the page before deleting', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    renderApp('/abitudini', <HabitsPage />);
    const user = await addHabitNamed('Stretching');
    await user.click(await screen.findByRole('button', { name: 'Elimina Stretching' }));
    const confirm = screen.getByRole('group', { name: 'Conferma eliminazione' });
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(screen.queryByRole('heading', { name: 'Stretching' })).not.toBeInTheDocument();
  });
});
