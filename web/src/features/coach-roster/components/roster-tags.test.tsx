import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RosterRow } from '@sfida/core/coach';
import type { UpdateTagsRequest } from '@sfida/core/participant-notes';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCoachServer, fakeRow } from '../../../testing/coach-fixtures';
import { Roster } from './roster';

afterEach(resetTestState);

const ROSTER = '/api/coach/cohorts/cohort-1/participants';
const anna = fakeRow({
  userId: 'u-anna',
  name: 'Anna Rossi',
  email: 'anna@example.it',
  tags: ['premium', 'da richiamare'],
  latestNote: { text: 'Infortunio alla spalla: niente pesi', authorName: 'Luca', createdAt: '2026-11-22T17:00:00.000Z' },
});
const bruno = fakeRow({ userId: 'u-bruno', name: 'Bruno Verdi', email: 'bruno@example.it' });
const carlo = fakeRow({ userId: 'u-carlo', name: 'Carlo Neri', email: 'carlo@example.it', tags: ['premium'] });

/** A phone's viewport (jsdom has no matchMedia): Chakra's `md` and up do not match. */
function phoneViewport(width = 360) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width: ([\d.]+)rem/.exec(query)?.[1]) * 16,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** The roster of three, the server filtering by tag as the real one does. */
function renderRoster(rows: RosterRow[] = [anna, bruno, carlo]) {
  const calls = fakeCoachServer((call) => {
    if (call.path === '/api/coach/cohorts/cohort-1/tags') return json({ tags: ['da richiamare', 'premium'] });
    if (call.path.startsWith(`${ROSTER}?`)) {
      const tag = new URLSearchParams(call.path.split('?')[1]).get('tag');
      return json({ rows: rows.filter((row) => tag === null || row.tags.includes(tag)), nextCursor: null });
    }
    if (call.path === `${ROSTER}/u-bruno/tags` && call.method === 'PATCH') return json({ tags: (call.body as UpdateTagsRequest).add ?? [] });
    return undefined;
  });
  const view = renderApp('/coach/cohort-1', <Roster cohortId="cohort-1" rows={rows} complete />);
  return { ...view, calls };
}

const rowOf = (email: string) => within(screen.getByRole('table')).getByText(email).closest('tr')!;

describe('tags and notes on the roster', { timeout: 20_000 }, () => {
  it('shows each row’s tags and, on hover or a tap, the first line of the latest note', async () => {
    const { user } = renderRoster();
    await screen.findByRole('table');
    const row = rowOf('anna@example.it');
    expect(within(within(row).getByRole('list', { name: 'Etichette di Anna Rossi' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'premium',
      'da richiamare',
    ]);
    expect(within(rowOf('bruno@example.it')).queryByText('Ultima nota')).not.toBeInTheDocument();

    const summary = within(row).getByText('Ultima nota');
    // On hover, the browser shows the title.
    expect(summary.closest('summary')).toHaveAttribute('title', 'Infortunio alla spalla: niente pesi');
    const note = within(row).getByText('Infortunio alla spalla: niente pesi');
    expect(note).not.toBeVisible();
    // A tap opens it (a summary is a native disclosure: Enter and Space open it too).
    await user.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    expect(note).toBeVisible();
    expect(within(row).getByText(/^Luca · 22 novembre/)).toBeVisible();
  });

  it('filters by a tag: the server answers the tagged participants only', async () => {
    const { user, calls } = renderRoster();
    const filter = await screen.findByLabelText('Filtra per etichetta');
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tutte le etichette', 'da richiamare', 'premium']);

    await user.selectOptions(filter, 'premium');
    expect(await screen.findByText('2 di 2 partecipanti con l’etichetta «premium»')).toBeInTheDocument();
    expect(calls.some((c) => c.path === `${ROSTER}?limit=100&tag=premium`)).toBe(true);
    const links = () => within(screen.getByRole('table')).getAllByRole('link').map((a) => a.textContent);
    expect(links()).toEqual(['Anna Rossi', 'Carlo Neri']);

    await user.selectOptions(filter, 'da richiamare');
    await waitFor(() => expect(links()).toEqual(['Anna Rossi']));

    await user.selectOptions(filter, 'Tutte le etichette');
    await waitFor(() => expect(links()).toEqual(['Anna Rossi', 'Bruno Verdi', 'Carlo Neri']));
    expect(screen.getByText('3 di 3 partecipanti')).toBeInTheDocument();
  });

  it('tags a participant from the row’s own action, by keyboard', async () => {
    const { user, calls } = renderRoster();
    await screen.findByRole('table');
    const row = rowOf('bruno@example.it');
    const action = within(row).getByRole('button', { name: 'Etichette di Bruno Verdi' });
    expect(action).toHaveAttribute('aria-expanded', 'false');
    await user.click(action);
    expect(within(row).getByRole('button', { name: 'Chiudi etichette di Bruno Verdi' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(row).getByText('Nessuna etichetta.')).toBeInTheDocument();

    await user.type(within(row).getByLabelText('Nuova etichetta per Bruno Verdi'), 'Premium{Enter}');
    await waitFor(() => expect(calls.find((c) => c.path === `${ROSTER}/u-bruno/tags`)?.body).toEqual({ add: ['premium'] }));

    // Escape closes the editor, the focus back on the row's button.
    await user.keyboard('{Escape}');
    expect(within(row).getByRole('button', { name: 'Etichette di Bruno Verdi' })).toHaveFocus();
    expect(within(row).queryByLabelText('Nuova etichetta per Bruno Verdi')).not.toBeInTheDocument();
  });

  it('on a phone, each card carries its tags, the note and the tag action', async () => {
    phoneViewport(360);
    renderRoster();
    const cards = await screen.findByRole('list', { name: 'Roster della coorte' });
    const card = within(cards).getByText('anna@example.it').closest('li')!;
    expect(within(card).getByRole('list', { name: 'Etichette di Anna Rossi' })).toBeInTheDocument();
    expect(within(card).getByText('Ultima nota')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Etichette di Anna Rossi' })).toBeInTheDocument();
  });
});
