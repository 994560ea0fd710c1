import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { evaluateBadges } from '@sfida/core/badges';
import { emptyTracker } from '@sfida/core/tracker';
import { currentDay } from '../../../lib/use-today';
import { fakeUser } from '../../../testing/fake-user';
import { fakeServer, renderApp, resetTestState } from '../../../testing/test-utils';
import { BadgeGrid } from './badge-grid';

afterEach(resetTestState);

/*
 * What jsdom can tell: how a badge's name may wrap. That "Determinazione Forte" keeps each word
 * whole on a 390 px phone needs a look in a browser.
 */
describe('BadgeGrid', () => {
  it('wraps a badge name between words, never inside one', async () => {
    const today = currentDay();
    fakeServer(fakeUser({ challengeStartDate: today }));
    renderApp('/classifica', <BadgeGrid badges={evaluateBadges(emptyTracker('Europe/Rome', new Date(), today), today)} />);
    const name = getComputedStyle(await screen.findByText('Determinazione Forte'));
    expect(name.hyphens).toBe('manual');
    expect(name.wordBreak).toBe('normal');
    expect(name.overflowWrap).toBe('normal');
  });
});
