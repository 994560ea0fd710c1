import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeServer, renderApp, resetTestState } from '../../testing/test-utils';

afterEach(resetTestState);

describe('Landing', { timeout: 20_000 }, () => {
  it('gives the two-line heading room between its lines', async () => {
    fakeServer(null);
    renderApp('/');
    const heading = await screen.findByRole('heading', { level: 1, name: /Otto settimane per diventare/ });
    // Below 1.15 the lines of the desktop size touch; the rest of the look needs a visual check.
    expect(Number(getComputedStyle(heading).lineHeight)).toBeGreaterThanOrEqual(1.15);
  });
});
