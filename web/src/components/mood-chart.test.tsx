import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckIn } from '@sfida/core/tracker';
import { fakeUser } from '../testing/fake-user';
import { fakeServer, renderApp, resetTestState } from '../testing/test-utils';
import { MoodChart } from './mood-chart';

afterEach(() => resetTestState());

function checkIn(weekNumber: number, mood: 1 | 2 | 3 | 4 | 5): CheckIn {
  return { id: `c${weekNumber}`, weekNumber, mood, reflection: '', date: '2026-01-11', submittedAt: '2026-01-11T17:00:00.000Z' } as CheckIn;
}

describe('the mood chart', () => {
  it('during the challenge: the eight weeks, each mood in the table screen readers read', async () => {
    fakeServer(fakeUser());
    renderApp('/', <MoodChart checkIns={[checkIn(1, 4), checkIn(3, 2)]} currentPeriod={3} marks="number" />);
    const table = await screen.findByRole('table', { name: 'Umore per settimana' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Settimana 1Bene (4/5)',
      'Settimana 2nessun check-in',
      'Settimana 3 (in corso)Difficile (2/5)',
      ...[4, 5, 6, 7, 8].map((week) => `Settimana ${week}nessun check-in`),
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Settimana' })).toBeInTheDocument();
  });

  it('in maintenance: the latest periods, monthly check-ins named as months, not as "settimana 9"', async () => {
    fakeServer(fakeUser());
    renderApp('/', <MoodChart checkIns={[checkIn(8, 3), checkIn(9, 5)]} currentPeriod={10} marks="emoji" />);
    const table = await screen.findByRole('table', { name: 'Umore per settimana' });
    const headers = within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Settimana 3', 'Settimana 4', 'Settimana 5', 'Settimana 6', 'Settimana 7', 'Settimana 8', 'Mese 1 di mantenimento', 'Mese 2 di mantenimento (in corso)']);
    expect(within(table).getByRole('row', { name: /Mese 1 di mantenimento/ })).toHaveTextContent('Eccellente (5/5)');
    expect(within(table).getByRole('columnheader', { name: 'Periodo' })).toBeInTheDocument();
    // The axis under the bars.
    expect(screen.getByText('M1')).toBeInTheDocument();
    expect(screen.getByText('S8')).toBeInTheDocument();
    expect(screen.queryByText('S9')).toBeNull();
  });
});
