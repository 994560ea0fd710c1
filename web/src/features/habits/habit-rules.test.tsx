import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { NEW_COHORT_RULES, STORED_COHORT_RULES, type CohortRules } from '@sfida/core/cohort';
import { addDays, formatItalianShortDate, italianWeekday } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, toggleHabit, type TrackerResult } from '@sfida/core/tracker-actions';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { fakeCohortInfo, fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import HabitsPage from './habits-page';

// The cohort's "Jolly" and "Bentornato" as a participant meets them on the habits screen.

afterEach(resetTestState);

function must(result: TrackerResult): TrackerData {
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

/** Noon of a day in the test's zone (Europe/Rome). */
const noonOf = (day: string) => new Date(`${day}T12:00:00`);

/** A participant whose challenge began `daysAgo` days ago, "Meditare" ticked on the days `ticked` (from the start), in a cohort with `rules`. */
function participant(rules: CohortRules, ticked: number[], daysAgo = 3) {
  const start = addDays(currentDay(), -daysAgo);
  let stored = must(addHabit(emptyTracker('Europe/Rome', noonOf(start), start), 'Meditare', noonOf(start), 'h1'));
  for (const n of ticked) stored = must(toggleHabit(stored, 'h1', addDays(start, n), noonOf(addDays(start, n))));
  const user = fakeUser({ challengeStartDate: start });
  fakeServer(user, (call) => {
    if (call.path === '/api/users/me/progress' && call.method === 'GET') return json(stored);
    if (call.path === `/api/cohorts/${user.cohortId}`) return json(fakeCohortInfo({ id: user.cohortId, rules }));
    return undefined;
  });
  return renderApp('/abitudini', <HabitsPage />);
}

const dayName = (day: IsoDate) => `${italianWeekday(day)} ${formatItalianShortDate(day)}`;

describe('the forgiving streak ("Jolly")', { timeout: 30_000 }, () => {
  it('shows yesterday, missed, with the jolly: named "Jolly usato", the streak going on, none left this week; back-filled, the jolly comes back', async () => {
    const { user } = participant({ ...STORED_COHORT_RULES, forgivingStreak: true }, [0, 1]);
    const yesterday = addDays(currentDay(), -1);
    const strip = await screen.findByRole('list', { name: 'Settimana di Meditare' });
    const covered = within(strip).getByRole('button', { name: `Meditare, ${dayName(yesterday)}: Jolly usato` });
    expect(covered).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText(/^Jolly usato: /)).toBeInTheDocument();
    // The jolly keeps the two ticks' streak going; it adds no day of its own.
    expect(screen.getByText('Serie: 2 giorni')).toBeInTheDocument();
    expect(screen.getByText('Nessun jolly rimasto questa settimana')).toBeInTheDocument();

    await user.click(covered);
    expect(await screen.findByText('1 jolly rimasto questa settimana')).toBeInTheDocument();
    expect(within(strip).getByRole('button', { name: `Meditare, ${dayName(yesterday)}: completato` })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(/^Jolly usato: /)).not.toBeInTheDocument();
  });

  it('is not there when the cohort has the rule off: the missed day is a missed day, the streak ended', async () => {
    participant(STORED_COHORT_RULES, [0, 1]);
    const yesterday = addDays(currentDay(), -1);
    const strip = await screen.findByRole('list', { name: 'Settimana di Meditare' });
    expect(within(strip).getByRole('button', { name: `Meditare, ${dayName(yesterday)}: non completato` })).toBeInTheDocument();
    expect(screen.getByText('Serie: 0 giorni')).toBeInTheDocument();
    expect(screen.queryByText(/jolly/i)).not.toBeInTheDocument();
  });
});

describe('the comeback bonus ("Bentornato")', { timeout: 30_000 }, () => {
  it('greets the return after two missed days with its +3 in the notice', async () => {
    const { user } = participant({ ...STORED_COHORT_RULES, comebackBonus: true }, [0]);
    await user.click(await screen.findByRole('button', { name: 'Segna come fatto' }));
    expect(await screen.findByText('Ti diamo il bentornato! +3 punti per aver ripreso')).toBeInTheDocument();
    expect(screen.getByText('+2 punti · Meditare')).toBeInTheDocument();
  });

  it('with both rules on, two missed days are a return even though the jolly covers the first', async () => {
    const { user } = participant(NEW_COHORT_RULES, [0]);
    await user.click(await screen.findByRole('button', { name: 'Segna come fatto' }));
    expect(await screen.findByText('Ti diamo il bentornato! +3 punti per aver ripreso')).toBeInTheDocument();
  });

  it('is no news in a cohort without it', async () => {
    const { user } = participant(STORED_COHORT_RULES, [0]);
    await user.click(await screen.findByRole('button', { name: 'Segna come fatto' }));
    expect(await screen.findByText('Abitudine completata!')).toBeInTheDocument();
    expect(screen.queryByText(/Bentornato/)).not.toBeInTheDocument();
  });
});

describe('the maintenance phase on the habits screen', { timeout: 30_000 }, () => {
  it('after day 56 says the participant is in the maintenance phase, keeps the streak, and counts no jolly', async () => {
    // Day 61 today; the last week of the challenge ticked but its 55th day, then days 56 to 60.
    const start = addDays(currentDay(), -60);
    participant({ ...STORED_COHORT_RULES, forgivingStreak: true }, [49, 50, 51, 52, 53, 55, 56, 57, 58, 59], 60);
    expect(await screen.findByRole('note')).toHaveTextContent('Fase di mantenimento: le otto settimane sono finite, le tue abitudini no.');
    // The cohort's rule is in: the challenge's last miss is still covered in the strip...
    const covered = addDays(start, 54);
    expect(await screen.findByRole('button', { name: `Meditare, ${dayName(covered)}: Jolly usato` })).toBeInTheDocument();
    // ...the streak runs through it (adding no day) and on into the maintenance days, and no jolly is counted any more.
    expect(screen.getByText('La serie migliore in corso').previousElementSibling).toHaveTextContent('10 gg');
    expect(screen.queryByText(/jolly rimast/)).not.toBeInTheDocument();
  });
});
