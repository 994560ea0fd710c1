import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, renderApp, resetTestState } from '../../testing/test-utils';
import CheckinPage from './checkin-page';

afterEach(resetTestState);

describe('Check-in Settimanale', { timeout: 30_000 }, () => {
  it('keeps submit disabled while empty and asks for words when only spaces are written', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const user = userEvent.setup();
    renderApp('/checkin', <CheckinPage />);

    const submit = await screen.findByRole('button', { name: 'Invia check-in' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'La tua riflessione' }), '   ');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Scrivi almeno qualche parola nella tua riflessione!');
  });

  it('offers the five moods as a radio group with their labels', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const user = userEvent.setup();
    renderApp('/checkin', <CheckinPage />);
    const group = await screen.findByRole('group', { name: 'Come è andata questa settimana?' });
    expect(group).toBeInTheDocument();
    for (const label of ['Molto difficile', 'Difficile', 'Normale', 'Bene', 'Eccellente']) {
      expect(screen.getByRole('radio', { name: new RegExp(`\\d · ${label}$`) })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('radio', { name: /Eccellente/ }));
    expect(screen.getByRole('radio', { name: /Eccellente/ })).toBeChecked();
  });

  it('refuses a check-in before the challenge starts', async () => {
    fakeServer(fakeUser({ challengeStartDate: null }));
    const user = userEvent.setup();
    renderApp('/checkin', <CheckinPage />);
    await user.type(await screen.findByRole('textbox', { name: 'La tua riflessione' }), 'Settimana intensa');
    await user.click(screen.getByRole('button', { name: 'Invia check-in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Errore: Challenge non ancora iniziata');
  });

  it('counts characters, submits once a week and lists it in the history', async () => {
    fakeServer(fakeUser({ challengeStartDate: currentDay() }));
    const user = userEvent.setup();
    renderApp('/checkin', <CheckinPage />);
    const reflection = 'Ho camminato ogni giorno e mi sento più energico. '.repeat(3);
    await user.click(await screen.findByRole('textbox', { name: 'La tua riflessione' }));
    await user.paste(reflection);
    expect(screen.getByText(`${reflection.length}/300 caratteri`)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Bene/ }));
    await user.click(screen.getByRole('button', { name: 'Invia check-in' }));

    expect(await screen.findByText('✓ Check-in già completato questa settimana')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invia check-in' })).not.toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'Check-in precedenti' });
    expect(history).toHaveTextContent('Settimana 1');
    // The history shows at most 100 characters of the reflection.
    expect(history).toHaveTextContent(`${Array.from(reflection).slice(0, 100).join('')}…`);
  });
});
