import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { addDays, formatItalianShortDate, italianWeekday, weekdayIndex } from '@sfida/core/dates';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, setHabitSchedule, toggleHabit, type TrackerResult } from '@sfida/core/tracker-actions';
import { weekdayName } from '@sfida/core/habit-schedule';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import HabitsPage from './habits-page';
import { TodayHabitsCard } from './components/today-habits-card';

// Editing habits on /abitudini: name, place, schedule, and the whole challenge at a glance.

afterEach(resetTestState);

function must(result: TrackerResult): TrackerData {
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

/** Noon of a day in the test's zone (Europe/Rome). */
const noonOf = (day: string) => new Date(`${day}T12:00:00`);

/** A participant whose challenge began 9 days ago with "Meditare" (ticked on days `ticked` from the start) and "Leggere". */
function participant(ticked: number[], edit: (data: TrackerData) => TrackerData = (data) => data) {
  const start = addDays(currentDay(), -9);
  let stored = must(addHabit(emptyTracker('Europe/Rome', noonOf(start), start), 'Meditare', noonOf(start), 'h1'));
  stored = must(addHabit(stored, 'Leggere', noonOf(start), 'h2'));
  for (const n of ticked) stored = must(toggleHabit(stored, 'h1', addDays(start, n), noonOf(addDays(start, n))));
  stored = edit(stored);
  fakeServer(fakeUser({ challengeStartDate: start }), (call) => (call.path === '/api/users/me/progress' && call.method === 'GET' ? json(stored) : undefined));
  return { start, ...renderApp('/abitudini', <HabitsPage />) };
}

const headings = () => within(screen.getByRole('list', { name: 'Le tue abitudini' })).getAllByRole('heading').map((heading) => heading.textContent);

describe('editing a habit', { timeout: 30_000 }, () => {
  it('renames it by the rules of adding one, and moves it up and down with named buttons', async () => {
    const { user } = participant([]);
    await user.click(await screen.findByRole('button', { name: 'Modifica Meditare' }));
    const editor = await screen.findByRole('group', { name: 'Modifica Meditare' });
    const name = within(editor).getByRole('textbox', { name: "Nome dell'abitudine" });
    await user.clear(name);
    await user.click(within(editor).getByRole('button', { name: 'Salva nome' }));
    expect(within(editor).getByRole('alert')).toHaveTextContent("Inserisci il nome dell'abitudine");
    await user.type(name, 'Meditare 10 minuti');
    await user.click(within(editor).getByRole('button', { name: 'Salva nome' }));
    expect(await screen.findByRole('heading', { name: 'Meditare 10 minuti' })).toBeInTheDocument();

    expect(headings()).toEqual(['Meditare 10 minuti', 'Leggere']);
    expect(screen.getByRole('button', { name: 'Sposta Meditare 10 minuti su' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Sposta Meditare 10 minuti giù' }));
    expect(headings()).toEqual(['Leggere', 'Meditare 10 minuti']);
    expect(screen.getByText('Posizione 2 di 2')).toBeInTheDocument();
  });

  it('gives it a schedule: at least one weekday, a number from 1 to 6, and "N di 3" for a habit three times a week', async () => {
    const { user } = participant([]);
    await user.click(await screen.findByRole('button', { name: 'Modifica Meditare' }));
    const editor = await screen.findByRole('group', { name: 'Modifica Meditare' });
    await user.click(within(editor).getByRole('radio', { name: 'Giorni scelti' }));
    await user.click(within(editor).getByRole('button', { name: 'Salva programma' }));
    expect(within(editor).getByRole('alert')).toHaveTextContent('Scegli almeno un giorno della settimana');

    await user.click(within(editor).getByRole('radio', { name: 'N volte a settimana' }));
    const times = within(editor).getByRole('spinbutton', { name: 'Volte a settimana' });
    await user.clear(times);
    await user.type(times, '7');
    await user.click(within(editor).getByRole('button', { name: 'Salva programma' }));
    expect(within(editor).getByRole('alert')).toHaveTextContent('Scegli da 1 a 6 volte a settimana');
    await user.clear(times);
    await user.type(times, '3');
    await user.click(within(editor).getByRole('button', { name: 'Salva programma' }));
    expect(await screen.findByText('3 volte a settimana · 0 di 3 questa settimana')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Segna come fatto' })[0]!);
    expect(await screen.findByText('3 volte a settimana · 1 di 3 questa settimana')).toBeInTheDocument();
  });

  it('shows a day its schedule does not ask for as such, not as missed: "Non previsto oggi"', async () => {
    const today = currentDay();
    const otherDays = [0, 1, 2, 3, 4, 5, 6].filter((day) => day !== weekdayIndex(today));
    participant([], (data) => must(setHabitSchedule(data, 'h1', { kind: 'weekdays', days: otherDays }, noonOf(today))));
    expect(await screen.findByText('Non previsto oggi')).toBeInTheDocument();
    const strip = screen.getByRole('list', { name: 'Settimana di Meditare' });
    const name = `Meditare, ${italianWeekday(today)} ${formatItalianShortDate(today)}: non previsto oggi`;
    expect(within(strip).getByRole('button', { name })).toBeEnabled();
    expect(screen.getByText(otherDays.map((day) => weekdayName(day)).join(', '))).toBeInTheDocument();
  });
});

describe("today's habits on the dashboard", { timeout: 30_000 }, () => {
  it('say "Non previsto oggi" for a habit today is free for, and "N di 3" for one three times a week', async () => {
    const today = currentDay();
    const otherDays = [0, 1, 2, 3, 4, 5, 6].filter((day) => day !== weekdayIndex(today));
    const start = addDays(today, -9);
    let stored = must(addHabit(emptyTracker('Europe/Rome', noonOf(start), start), 'Meditare', noonOf(start), 'h1'));
    stored = must(addHabit(stored, 'Correre', noonOf(start), 'h2'));
    stored = must(setHabitSchedule(stored, 'h1', { kind: 'weekdays', days: otherDays }, noonOf(today)));
    stored = must(setHabitSchedule(stored, 'h2', { kind: 'timesPerWeek', times: 3 }, noonOf(today)));
    stored = must(toggleHabit(stored, 'h2', today, noonOf(today)));
    fakeServer(fakeUser({ challengeStartDate: start }), (call) => (call.path === '/api/users/me/progress' && call.method === 'GET' ? json(stored) : undefined));
    renderApp('/', <TodayHabitsCard today={today} />);
    expect(await screen.findByRole('button', { name: 'Meditare: non previsto oggi' })).toHaveTextContent('Non previsto oggi');
    expect(screen.getByRole('button', { name: 'Correre: fatto' })).toBeInTheDocument();
    expect(screen.getByText('1 di 3 questa settimana')).toBeInTheDocument();
  });
});

describe('the whole challenge of a habit', { timeout: 30_000 }, () => {
  it('is a table of 8 weeks by 7 days, each day and week said in words', async () => {
    const { user, start } = participant([0, 1, 2, 4]);
    const toggle = await screen.findByRole('button', { name: 'Vedi tutta la sfida: Meditare' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Nascondi la sfida: Meditare' })).toHaveAttribute('aria-expanded', 'true');
    const table = await screen.findByRole('table', { name: 'Tutta la sfida: Meditare' });
    const rows = within(table).getAllByRole('row');
    // The heading row and the 8 weeks.
    expect(rows).toHaveLength(9);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Sett. 1');
    const cells = within(rows[1]!).getAllByRole('cell');
    expect(cells).toHaveLength(8);
    const label = (n: number, what: string) => `${italianWeekday(addDays(start, n), 'long')} ${formatItalianShortDate(addDays(start, n))}: ${what}`;
    expect(cells[0]).toHaveTextContent(label(0, 'fatto'));
    expect(cells[3]).toHaveTextContent(label(3, 'non fatto'));
    expect(cells[0]).toHaveAttribute('title', label(0, 'fatto'));
    expect(cells[7]).toHaveTextContent('Settimana 1: 4 giorni su 7');
    expect(within(rows[8]!).getAllByRole('cell')[0]).toHaveTextContent(label(49, 'da fare'));
  });
});
