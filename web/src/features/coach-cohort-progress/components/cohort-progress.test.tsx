import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CohortProgressAnswer, CohortWeek } from '@sfida/core/cohort-progress';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCoachServer, fakeCohort, fakeCohortProgress } from '../../../testing/coach-fixtures';
import { CohortProgress } from './cohort-progress';

afterEach(() => {
  vi.unstubAllGlobals();
  resetTestState();
});

const PROGRESS = '/api/coach/cohorts/cohort-1/progress-by-week';

const week = (n: number, fields: Partial<CohortWeek> = {}): CohortWeek => ({
  week: n,
  participants: 0,
  active: 0,
  checkIns: 0,
  planners: 0,
  habitDaysTicked: 0,
  habitDaysPossible: 0,
  activeRate: null,
  checkInRate: null,
  plannerRate: null,
  habitDaysRate: null,
  averageMood: null,
  inProgress: 0,
  daysSoFar: null,
  ...fields,
});

/** Eight weeks, the first ones given, the rest not begun. */
const weeks = (...first: CohortWeek[]) => [...first, ...Array.from({ length: 8 - first.length }, (_, i) => week(first.length + i + 1))];

const own = weeks(
  week(1, { participants: 7, active: 6, activeRate: 6 / 7, checkIns: 6, checkInRate: 6 / 7, habitDaysTicked: 70, habitDaysPossible: 98, habitDaysRate: 70 / 98, planners: 7, plannerRate: 1, averageMood: 4.2 }),
  week(2, { participants: 7, active: 5, activeRate: 5 / 7, checkIns: 4, checkInRate: 4 / 7, habitDaysTicked: 30, habitDaysPossible: 98, habitDaysRate: 30 / 98, planners: 3, plannerRate: 3 / 7, averageMood: 3.8 }),
);
const september = weeks(
  week(1, { participants: 25, active: 22, activeRate: 0.88, averageMood: 4 }),
  week(2, { participants: 25, active: 16, activeRate: 0.64, averageMood: 3.5 }),
  week(3, { participants: 25, active: 12, activeRate: 0.48, averageMood: 3.1 }),
);

/** The coach's two cohorts; "Andamento" of the first, compared with "Settembre" when asked. */
function progressServer() {
  return fakeCoachServer((call) => {
    if (call.path === '/api/coach/cohorts') return json([fakeCohort(), fakeCohort({ id: 'cohort-2', name: 'Settembre' })]);
    if (call.path === PROGRESS) return json(fakeCohortProgress({ weeks: own }));
    if (call.path === `${PROGRESS}?compareWith=cohort-2`) {
      const answer: CohortProgressAnswer = fakeCohortProgress({ weeks: own, comparison: { cohortId: 'cohort-2', name: 'Settembre', weeks: september } });
      return json(answer);
    }
    return undefined;
  });
}

/** A phone's viewport (jsdom has no matchMedia): Chakra's `md` and up do not match. */
function phoneViewport(width = 360) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width: ([\d.]+)rem/.exec(query)?.[1]) * 16,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const chart = (label: string) => screen.getAllByRole('figure').find((figure) => within(figure).queryByText(label, { selector: 'figcaption' }))!;

describe('Andamento', { timeout: 20_000 }, () => {
  it('is a labelled section of the cohort page: every figure charted, the week the cohort is in said in words, the numbers in a table', async () => {
    progressServer();
    renderApp('/coach/cohort-1/andamento');
    const section = await screen.findByRole('region', { name: 'Andamento' });
    expect(await within(section).findByText('Settimana 2: 71 % attivi')).toBeInTheDocument();
    expect(within(section).getAllByRole('figure').map((figure) => within(figure).getByText(/./, { selector: 'figcaption' }).textContent)).toEqual([
      'Attivi',
      'Check-in',
      'Abitudini spuntate',
      'Planner',
      'Umore medio',
    ]);
    expect(within(chart('Check-in')).getByText('Settimana 2: 57 % con il check-in')).toBeInTheDocument();
    expect(within(chart('Abitudini spuntate')).getByText('Settimana 2: 31 % dei giorni-abitudine spuntati')).toBeInTheDocument();
    expect(within(chart('Planner')).getByText('Settimana 2: 43 % con il planner')).toBeInTheDocument();
    expect(within(chart('Umore medio')).getByText('Settimana 2: umore medio 3,8')).toBeInTheDocument();

    const table = within(section).getByRole('table', { name: 'Andamento settimana per settimana: Autunno 2026' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Settimana',
      'Partecipanti',
      'Attivi',
      'Check-in',
      'Abitudini spuntate',
      'Planner',
      'Umore medio',
    ]);
    const second = within(table).getByRole('rowheader', { name: 'Settimana 2' }).closest('tr')!;
    expect([...second.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['7', '71 % (5 di 7)', '57 % (4 di 7)', '31 % (30 di 98)', '43 % (3 di 7)', '3,8']);
    const third = within(table).getByRole('rowheader', { name: 'Settimana 3' }).closest('tr')!;
    expect([...third.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['0', '—', '—', '—', '—', '—']);
    expect(within(section).getByRole('link', { name: 'Esporta andamento (CSV)' })).toHaveAttribute('href', '/api/coach/cohorts/cohort-1/progress-by-week.csv');
  });

  it('shows a week’s figures when its bar is tapped, and moves between weeks with the arrow keys', async () => {
    progressServer();
    const { user } = renderApp('/coach/cohort-1', <CohortProgress cohortId="cohort-1" />);
    await screen.findByText('Settimana 2: 71 % attivi');
    const bars = within(chart('Attivi')).getByRole('group', { name: 'Attivi: scegli una settimana' });
    // Each bar is named by what it shows.
    await user.click(within(bars).getByRole('button', { name: 'Settimana 1: 86 % attivi' }));
    expect(within(chart('Attivi')).getByText('Settimana 1: 86 % attivi')).toBeInTheDocument();
    // The week is picked for every chart.
    expect(within(chart('Umore medio')).getByText('Settimana 1: umore medio 4,2')).toBeInTheDocument();
    expect(within(bars).getByRole('button', { name: 'Settimana 1: 86 % attivi' })).toHaveAttribute('aria-pressed', 'true');

    await user.keyboard('{ArrowRight}');
    expect(within(chart('Attivi')).getByText('Settimana 2: 71 % attivi')).toBeInTheDocument();
    expect(within(bars).getByRole('button', { name: 'Settimana 2: 71 % attivi' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(chart('Attivi')).getByText('Settimana 8: non ancora iniziata')).toBeInTheDocument();
    // One stop per chart in the tab order: the picked week's bar.
    expect(within(bars).getAllByRole('button').filter((bar) => bar.tabIndex === 0)).toHaveLength(1);
  });

  it('compares with another of the coach’s cohorts at the same weeks, and exports the comparison', async () => {
    const calls = progressServer();
    const { user } = renderApp('/coach/cohort-1', <CohortProgress cohortId="cohort-1" />);
    await screen.findByText('Settimana 2: 71 % attivi');
    const select = screen.getByLabelText('Confronta con');
    // The cohort itself is not offered.
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Nessun confronto', 'Settembre']);
    await user.selectOptions(select, 'Settembre');

    expect(await screen.findByText('Settimana 2: 71 % attivi contro 64 % nella coorte Settembre')).toBeInTheDocument();
    expect(within(chart('Umore medio')).getByText('Settimana 2: umore medio 3,8 contro 3,5 nella coorte Settembre')).toBeInTheDocument();
    expect(calls.some((call) => call.path === `${PROGRESS}?compareWith=cohort-2`)).toBe(true);
    const theirs = screen.getByRole('table', { name: 'Andamento settimana per settimana: Settembre' });
    expect(within(theirs).getByRole('rowheader', { name: 'Settimana 3' }).closest('tr')!.querySelectorAll('td')[1]!.textContent).toBe('48 % (12 di 25)');
    await user.click(within(chart('Attivi')).getByRole('button', { name: 'Settimana 3: non ancora iniziata; nella coorte Settembre: 48 % attivi' }));
    expect(within(chart('Attivi')).getByText('Settimana 3: non ancora iniziata; nella coorte Settembre: 48 % attivi')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Esporta andamento (CSV)' })).toHaveAttribute('href', '/api/coach/cohorts/cohort-1/progress-by-week.csv?compareWith=cohort-2');
  });

  it('says a week under way is counted on its days so far, and sets "Attivi" beside the published reference lines', async () => {
    // Day 2 of week 2: 38 habit-days ticked of the 188 that 94 participants' habits had on those two days.
    const underWay = weeks(
      week(1, { participants: 94, active: 80, activeRate: 80 / 94, habitDaysTicked: 400, habitDaysPossible: 658, habitDaysRate: 400 / 658 }),
      week(2, { participants: 94, active: 40, activeRate: 40 / 94, habitDaysTicked: 38, habitDaysPossible: 188, habitDaysRate: 38 / 188, inProgress: 94, daysSoFar: 2 }),
    );
    fakeCoachServer((call) => (call.path === PROGRESS ? json(fakeCohortProgress({ weeks: underWay })) : undefined));
    renderApp('/coach/cohort-1', <CohortProgress cohortId="cohort-1" />);
    await screen.findByText('Settimana 2: 43 % attivi (finora, 2 giorni su 7)');
    expect(within(chart('Abitudini spuntate')).getByText('Settimana 2: 20 % dei giorni-abitudine spuntati (finora, 2 giorni su 7)')).toBeInTheDocument();
    expect(screen.getByText('Ogni settimana conta chi l’ha già iniziata; quella in corso conta solo i giorni già passati.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Andamento settimana per settimana: Autunno 2026' });
    const second = within(table).getByRole('rowheader', { name: 'Settimana 2 (finora, 2 giorni su 7)' }).closest('tr')!;
    expect(second.querySelectorAll('td')[3]!.textContent).toBe('20 % (38 di 188)');
    // A week over says nothing more.
    expect(within(table).getByRole('rowheader', { name: 'Settimana 1' })).toBeInTheDocument();

    const active = chart('Attivi');
    expect(within(active).getByText('Riferimento (orientativo), linee tratteggiate:')).toBeInTheDocument();
    expect(within(active).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '57 %: le app perdono in media il 43 % di chi inizia (Meyerowitz-Katz 2020)',
      '39 %: un programma online di 8 settimane senza guida arriva alla fine con il 39 % (Kvillemo 2016)',
    ]);
    // Only "Attivi" has them: the other figures measure something else.
    expect(within(chart('Check-in')).queryByText(/Riferimento/)).not.toBeInTheDocument();
  });

  it('on a 360 px phone shows one chart at a time, chosen in a select', async () => {
    phoneViewport(360);
    progressServer();
    const { user } = renderApp('/coach/cohort-1', <CohortProgress cohortId="cohort-1" />);
    await screen.findByText('Settimana 2: 71 % attivi');
    expect(screen.getAllByRole('figure')).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Grafico'), 'Umore medio');
    await waitFor(() => expect(screen.getAllByRole('figure').map((figure) => figure.querySelector('figcaption')?.textContent)).toEqual(['Umore medio']));
    expect(screen.getByText('Settimana 2: umore medio 3,8')).toBeInTheDocument();
    // The screen reader's tables hold every figure still.
    expect(screen.getByRole('table', { name: 'Andamento settimana per settimana: Autunno 2026' })).toBeInTheDocument();
  });
});
