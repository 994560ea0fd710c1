import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, formatItalianShortDate, italianWeekday } from '@sfida/core/dates';
import { emptyTracker, MAX_HABIT_NAME, type TrackerData } from '@sfida/core/tracker';
import { addHabit, toggleHabit, type TrackerResult } from '@sfida/core/tracker-actions';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import HabitsPage from './habits-page';

afterEach(resetTestState);

function must(result: TrackerResult): TrackerData {
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

/** Noon of a day in the test's zone (Europe/Rome). */
const noonOf = (day: string) => new Date(`${day}T12:00:00`);

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

  it('on day 1 offers no day before the start: the strip begins with today', async () => {
    const today = currentDay();
    fakeServer(fakeUser({ challengeStartDate: today }));
    renderApp('/abitudini', <HabitsPage />);
    await addHabitNamed('Camminare');
    const days = within(await screen.findByRole('list', { name: 'Settimana di Camminare' })).getAllByRole('button');
    expect(days[0]).toHaveAccessibleName(`Camminare, ${italianWeekday(today)} ${formatItalianShortDate(today)}: oggi, da fare`);
    expect(days.filter((day) => day.matches(':enabled'))).toEqual([days[0]]);
  });

  it('on the first day of week 2 lets yesterday, the last day of week 1, be ticked', async () => {
    const today = currentDay();
    const yesterday = addDays(today, -1);
    fakeServer(fakeUser({ challengeStartDate: addDays(today, -7) }));
    renderApp('/abitudini', <HabitsPage />);
    const user = await addHabitNamed('Leggere 10 pagine');
    const days = within(await screen.findByRole('list', { name: 'Settimana di Leggere 10 pagine' })).getAllByRole('button');
    // The 7 days ending today: no future day, and yesterday (week 1) next to today (week 2).
    expect(days).toHaveLength(7);
    expect(days[6]).toHaveAccessibleName(/oggi, da fare$/);
    expect(days[5]!.getAttribute('aria-label')).toContain(formatItalianShortDate(yesterday));
    expect(days[5]).toBeEnabled();
    expect(days[6]).toBeEnabled();
    // Every past day of the strip can be back-filled (core's habitDayLock: today and the 6 before it).
    for (const past of days.slice(0, 5)) expect(past).toBeEnabled();

    await user.click(days[5]!);
    expect(days[5]).toHaveAttribute('aria-pressed', 'true');
    expect(days[5]).toHaveAccessibleName(/completato$/);
  });

  it('names the 7-day streak bonus in the notice, apart from the day’s points', async () => {
    const today = currentDay();
    const start = addDays(today, -6);
    // Six days ticked, each on its day.
    let stored = must(addHabit(emptyTracker('Europe/Rome', noonOf(start), start), 'Meditare', noonOf(start), 'h1'));
    for (let i = 0; i < 6; i++) stored = must(toggleHabit(stored, 'h1', addDays(start, i), noonOf(addDays(start, i))));
    fakeServer(fakeUser({ challengeStartDate: start }), (call) =>
      call.path === '/api/users/me/progress' && call.method === 'GET' ? json(stored) : undefined,
    );
    const { user } = renderApp('/abitudini', <HabitsPage />);
    await user.click(await screen.findByRole('button', { name: 'Segna come fatto' }));
    const notice = await screen.findByText('+7 punti: 2 per oggi e 5 di bonus per 7 giorni di fila! · Meditare');
    expect(notice).toBeInTheDocument();
  });

  it('shows the name’s limit and a live count, and stops at the limit', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    renderApp('/abitudini', <HabitsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '+ Nuova abitudine' }));
    const input = screen.getByRole('textbox', { name: "Nome dell'abitudine" });
    expect(screen.getByText(`0/${MAX_HABIT_NAME} caratteri`)).toBeInTheDocument();
    await user.type(input, 'Correre');
    expect(screen.getByText(`7/${MAX_HABIT_NAME} caratteri`)).toBeInTheDocument();
    await user.clear(input);
    await user.click(input);
    await user.paste('x'.repeat(MAX_HABIT_NAME + 10));
    expect(input).toHaveValue('x'.repeat(MAX_HABIT_NAME));
    expect(screen.getByText(`${MAX_HABIT_NAME}/${MAX_HABIT_NAME} caratteri`)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(`${MAX_HABIT_NAME}/${MAX_HABIT_NAME} caratteri`);
  });

  it('does not let days before the challenge start be ticked', async () => {
    fakeServer(fakeUser({ challengeStartDate: addDays(currentDay(), 3) }));
    renderApp('/abitudini', <HabitsPage />);
    await addHabitNamed('Leggere');
    const strip = await screen.findByRole('list', { name: 'Settimana di Leggere' });
    for (const day of within(strip).getAllByRole('button')) expect(day).toBeDisabled();
  });

  it('asks for confirmation in the page before archiving, and restores from "Archiviate"', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    renderApp('/abitudini', <HabitsPage />);
    const user = await addHabitNamed('Stretching');
    await user.click(await screen.findByRole('button', { name: 'Archivia Stretching' }));
    const confirm = screen.getByRole('group', { name: 'Conferma archiviazione' });
    await user.click(within(confirm).getByRole('button', { name: 'Archivia' }));
    expect(screen.queryByRole('heading', { name: 'Stretching' })).not.toBeInTheDocument();
    const archived = screen.getByRole('region', { name: 'Archiviate' });
    await user.click(within(archived).getByRole('button', { name: 'Ripristina Stretching' }));
    expect(await screen.findByRole('heading', { name: 'Stretching' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Archiviate' })).not.toBeInTheDocument();
  });
});
