import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { addDays } from '@sfida/core/dates';
import { withReconciledHistory } from '@sfida/core/points';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { fakeUser } from '../../../testing/fake-user';
import { fakeServer, renderApp, resetTestState } from '../../../testing/test-utils';
import { ChallengeCompleteCard, CERTIFICATE_URL } from './challenge-complete-card';

const START = '2026-03-02';
const after = new Date('2026-04-28T10:00:00Z');

function finished(): TrackerData {
  const days = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [addDays('2026-04-13', i), 'onTime' as const]));
  return withReconciledHistory(
    {
      ...emptyTracker('Europe/Rome', after, START),
      habits: [{ id: 'h', name: 'Meditare', createdAt: '2026-03-02T07:00:00.000Z' }],
      completions: { h: days },
      checkIns: [{ id: 'c', mood: 2, reflection: 'Dura', date: '2026-03-08', weekNumber: 1, submittedAt: '2026-03-08T18:00:00.000Z' }],
    },
    after,
  );
}

afterEach(() => resetTestState());

describe('ChallengeCompleteCard', () => {
  it('sums up the eight weeks, links the certificate and invites to carry on', async () => {
    fakeServer(fakeUser({ challengeStartDate: START }));
    renderApp('/dashboard', <ChallengeCompleteCard tracker={finished()} startDate={START} />);
    const card = await screen.findByRole('region', { name: 'Hai completato la Sfida 8 settimane! 🎉' });
    expect(card).toHaveTextContent('Dal 2 marzo 2026 al 26 aprile 2026: ecco le tue otto settimane.');
    expect(card).toHaveTextContent('14 giorni su 56');
    expect(card).toHaveTextContent('25%');
    expect(card).toHaveTextContent('14 gg');
    const moods = within(card).getAllByRole('listitem').filter((item) => item.getAttribute('aria-label')?.startsWith('Settimana'));
    expect(moods.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Settimana 1: umore 2 su 5, Difficile',
      ...[2, 3, 4, 5, 6, 7, 8].map((week) => `Settimana ${week}: nessun check-in`),
    ]);
    expect(card).toHaveTextContent('Winner');
    const certificate = within(card).getByRole('link', { name: 'Scarica il certificato (PDF)' });
    expect(certificate).toHaveAttribute('href', CERTIFICATE_URL);
    expect(certificate).toHaveAttribute('download');
    expect(card).toHaveTextContent('da 18 a 254 giorni');
    expect(card).toHaveTextContent('I punti e la classifica restano quelli della fine della settimana 8.');
  });
});
