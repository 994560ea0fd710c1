import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, formatItalianShortDate, italianWeekday } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { setActionText, toggleAction, type TrackerResult } from '@sfida/core/tracker-actions';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { NEW_COHORT_RULES } from '@sfida/core/cohort';
import { fakeCohortInfo, fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import { STORAGE_KEYS } from '../../tracker/storage-keys';
import PlannerPage from './planner-page';

afterEach(resetTestState);

/** Noon of `date` in the participant's zone (the tests' zone, Europe/Rome). */
const noonOf = (date: IsoDate) => new Date(`${date}T12:00:00`);

function applied(result: TrackerResult): TrackerData {
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

/**
 * A tracker in this browser whose challenge started `start`, with week 1's three actions written
 * on the first day and each completed on the day `completedOn` gives for it.
 */
function storeWeekOne(start: IsoDate, completedOn: IsoDate[]) {
  let tracker = emptyTracker('Europe/Rome', noonOf(start), start);
  const ids = ['w1-a1', 'w1-a2', 'w1-a3'];
  ids.forEach((id, i) => (tracker = applied(setActionText(tracker, 1, id, `Azione di prova ${i + 1}`, noonOf(start)))));
  completedOn.forEach((day, i) => (tracker = applied(toggleAction(tracker, 1, ids[i]!, noonOf(day)))));
  localStorage.setItem(STORAGE_KEYS.tracker('user-anna'), JSON.stringify(tracker));
}

/** Each day of the planner's strip as a screen reader names it, "lun 23 nov: …". */
async function stripDays(): Promise<string[]> {
  const strip = await screen.findByRole('list', { name: 'Azioni completate per giorno, settimana 1' });
  return within(strip)
    .getAllByRole('img')
    .map((day) => day.getAttribute('aria-label') ?? '');
}

const dayName = (date: IsoDate) => `${italianWeekday(date)} ${formatItalianShortDate(date)}`;

/** The declarations the page's style sheets give `element` while disabled: jsdom computes no layered styles. */
function disabledStyle(element: HTMLElement): Record<string, string> {
  const style: Record<string, string> = {};
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule && rule.selectorText.includes(':disabled') && Array.from(element.classList).some((name) => rule.selectorText.includes(`.${name}:`))) {
        for (const property of Array.from(rule.style)) style[property] = rule.style.getPropertyValue(property);
      }
      // @layer and @media blocks hold rules of their own.
      if ('cssRules' in rule) visit(rule.cssRules as CSSRuleList);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
  return style;
}

describe('Planner Settimanale', { timeout: 30_000 }, () => {
  it('after the eight weeks says the planner is closed, with no editor', async () => {
    fakeServer(fakeUser({ challengeStartDate: addDays(currentDay(), -60) }));
    renderApp('/planner', <PlannerPage />);
    expect(await screen.findByText('Le otto settimane sono concluse')).toBeInTheDocument();
    expect(screen.getByText(/Sei nella fase di mantenimento/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Salva/ })).not.toBeInTheDocument();
  });

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

  it('shows on each day of the week the actions completed that day, and no day as not done', async () => {
    const today = currentDay('Europe/Rome');
    const start = addDays(today, -3);
    storeWeekOne(start, [start, start, addDays(start, 2)]);
    fakeServer(fakeUser({ challengeStartDate: start }));
    renderApp('/planner', <PlannerPage />);

    expect(await screen.findByText('Le azioni completate giorno per giorno: un pallino per ogni azione.')).toBeInTheDocument();
    expect(await stripDays()).toEqual([
      `${dayName(start)}: 2 azioni completate`,
      `${dayName(addDays(start, 1))}: nessuna azione completata`,
      `${dayName(addDays(start, 2))}: 1 azione completata`,
      `${dayName(today)}: oggi, nessuna azione completata`,
      `${dayName(addDays(start, 4))}: giorno futuro`,
      `${dayName(addDays(start, 5))}: giorno futuro`,
      `${dayName(addDays(start, 6))}: giorno futuro`,
    ]);
    expect(screen.queryByText(/non completato/)).not.toBeInTheDocument();
  });

  it("counts an action completed now on today's day, and takes it back when it is un-completed", async () => {
    const today = currentDay('Europe/Rome');
    const start = addDays(today, -1);
    storeWeekOne(start, []);
    fakeServer(fakeUser({ challengeStartDate: start }));
    const user = userEvent.setup();
    renderApp('/planner', <PlannerPage />);

    expect((await stripDays())[1]).toBe(`${dayName(today)}: oggi, nessuna azione completata`);
    const done = await screen.findByRole('checkbox', { name: 'Azione 2 completata' });
    await user.click(done);
    expect((await stripDays())[1]).toBe(`${dayName(today)}: oggi, 1 azione completata`);
    await user.click(done);
    expect((await stripDays())[1]).toBe(`${dayName(today)}: oggi, nessuna azione completata`);
    expect((await stripDays())[0]).toBe(`${dayName(start)}: nessuna azione completata`);
  });

  it('gives the remove buttons a disabled look at 3 actions, keeping their names', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const user = userEvent.setup();
    renderApp('/planner', <PlannerPage />);

    const remove = await screen.findByRole('button', { name: 'Rimuovi azione 1' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('Da 3 a 5 azioni. Puoi completare un\'azione solo dopo averla scritta.');
    const look = disabledStyle(remove);
    expect(look.cursor).toBe('not-allowed');
    expect(Number(look.opacity)).toBeLessThanOrEqual(0.4);
    expect(look.color).toBe('var(--chakra-colors-fg-subtle)');

    await user.click(screen.getByRole('button', { name: '+ Aggiungi azione' }));
    expect(screen.getByRole('button', { name: 'Rimuovi azione 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Rimuovi azione 1' })).not.toHaveAccessibleDescription();
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

  it('gives an action a day of the participant\'s week, a time and a place, labelled and by keyboard, and reads it as one plan', async () => {
    const today = currentDay('Europe/Rome');
    const start = addDays(today, -1);
    storeWeekOne(start, []);
    fakeServer(fakeUser({ challengeStartDate: start }));
    const user = userEvent.setup();
    renderApp('/planner', <PlannerPage />);

    const toggle = await screen.findByRole('button', { name: 'Quando e dove, azione 1' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: "Giorno dell'azione 1" })).not.toBeInTheDocument();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const day = screen.getByRole('combobox', { name: "Giorno dell'azione 1" });
    // The days of the participant's own week, in its order, from the day it started.
    const options = within(day).getAllByRole('option').map((option) => option.textContent);
    expect(options).toHaveLength(8);
    expect(options[0]).toBe('Nessun giorno');
    expect(options[1]).toBe(`${italianWeekday(start, 'long').replace(/^./, (c) => c.toUpperCase())} ${formatItalianShortDate(start)}`);
    const thursday = Array.from({ length: 7 }, (_, i) => addDays(start, i)).find((date) => italianWeekday(date, 'long') === 'giovedì')!;
    await user.selectOptions(day, `Giovedì ${formatItalianShortDate(thursday)}`);
    // Half a "quando" is not stored yet.
    expect(screen.queryByText(/^Giovedì alle/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Ora dell'azione 1"), '18:30');
    await user.type(screen.getByRole('textbox', { name: 'Dove, azione 1' }), 'in palestra');
    expect(await screen.findByText('Giovedì alle 18:30 in palestra: Azione di prova 1')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker('user-anna'))!) as TrackerData;
    expect(stored.weeklyActions['1']?.[0]).toMatchObject({ when: { weekday: 3, time: '18:30' }, where: 'in palestra' });

    // "Nessun giorno" takes the time back out; the place stays.
    await user.selectOptions(day, 'Nessun giorno');
    expect(await screen.findByText('In palestra: Azione di prova 1')).toBeInTheDocument();
  });

  it('says the reminder comes at the planned time only where the cohort\'s rule gives it', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) =>
      call.path.startsWith('/api/cohorts/') ? json(fakeCohortInfo({ rules: NEW_COHORT_RULES })) : undefined,
    );
    renderApp('/planner', <PlannerPage />);
    expect(await screen.findByText(/ti mandiamo un promemoria a quell.ora se non l.hai ancora completata/)).toBeInTheDocument();
    expect(screen.getByText(/se è giovedì alle 18:30, allora corro in palestra/)).toBeInTheDocument();
  });

  it('says nothing of reminders where the rule is off', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    renderApp('/planner', <PlannerPage />);
    expect(await screen.findByText('Settimana 1')).toBeInTheDocument();
    expect(screen.queryByText(/ti mandiamo un promemoria/)).not.toBeInTheDocument();
  });
});
