import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { formatItalianDate } from '@sfida/core/dates';
import { renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCoachServer, fakeRow } from '../../../testing/coach-fixtures';
import { MaintenanceRoster, maintenanceRows } from './maintenance-roster';

afterEach(resetTestState);

const rows = [
  fakeRow({ userId: 'u-week', name: 'Bruno Settimana' }),
  fakeRow({ userId: 'u-keen', name: 'Anna Costante', lastActivity: '2026-12-20', currentStreak: 12, maintenance: { day: 9, month: 1, habitDaysLast7: 14, lastMonthlyMood: 4 } }),
  fakeRow({ userId: 'u-quiet', name: 'Carlo Fermo', lastActivity: '2026-12-10', maintenance: { day: 37, month: 2, habitDaysLast7: 0, lastMonthlyMood: null } }),
  fakeRow({ userId: 'u-gone', name: 'Dario Ritirato', withdrawn: true, maintenance: { day: 9, month: 1, habitDaysLast7: 0, lastMonthlyMood: null } }),
];

describe('the "Mantenimento" view', () => {
  it('lists only the participants past day 56 who are not withdrawn, the least active first', () => {
    expect(maintenanceRows(rows).map((row) => row.userId)).toEqual(['u-quiet', 'u-keen']);
  });

  it('shows each one’s month and day, last activity, the habit-days of the last week and the latest monthly mood', async () => {
    fakeCoachServer();
    renderApp('/coach/cohort-1', <MaintenanceRoster cohortId="cohort-1" rows={rows} />);
    const list = await screen.findByRole('list', { name: 'Partecipanti in mantenimento' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Carlo Fermo' })).toHaveAttribute('href', '/coach/cohort-1/partecipanti/u-quiet');
    expect(items[0]).toHaveTextContent('Mese 2 · giorno 37');
    expect(items[0]).toHaveTextContent(`Ultima attività${formatItalianDate('2026-12-10')}`);
    expect(items[0]).toHaveTextContent('Abitudini 7 gg0 spunte');
    expect(items[0]).toHaveTextContent('Check-in mensilenessun check-in mensile');
    expect(items[1]).toHaveTextContent('Mese 1 · giorno 9');
    expect(items[1]).toHaveTextContent('Abitudini 7 gg14 spunte');
    expect(items[1]).toHaveTextContent('Serie12 gg');
    expect(items[1]).toHaveTextContent('Check-in mensileBene 4/5');
    expect(screen.getByText(/2 partecipanti in fase di mantenimento/)).toBeInTheDocument();
  });

  it('says so when nobody has finished the eight weeks', async () => {
    fakeCoachServer();
    renderApp('/coach/cohort-1', <MaintenanceRoster cohortId="cohort-1" rows={rows.slice(0, 1)} />);
    expect(await screen.findByText('Nessun partecipante ha ancora concluso le otto settimane.')).toBeInTheDocument();
  });
});
