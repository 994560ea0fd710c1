import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCoachServer, fakeRow } from '../../../testing/coach-fixtures';
import { Roster } from './roster';

afterEach(() => {
  vi.unstubAllGlobals();
  resetTestState();
});

// Two participants with the same name, told apart by their email; one not onboarded yet.
const rows = [
  fakeRow({ userId: 'u-rossi', name: 'Anna Rossi', email: 'anna.rossi@example.it' }),
  fakeRow({
    userId: 'u-bianchi',
    name: 'Anna Rossi',
    email: 'A.Bianchi@Posta.it',
    tempoAllenamento: 'PIU_TRE_ANNI',
    luogoAllenamento: 'PALESTRA',
    livelloAllenamento: 'AVANZATO',
    schedaAssegnata: 'AVANZATO_PALESTRA',
  }),
  fakeRow({ userId: 'u-carlo', name: 'Carlo', email: 'carlo@example.it', tempoAllenamento: null, luogoAllenamento: null, livelloAllenamento: null, schedaAssegnata: null }),
];

/** A phone's viewport (jsdom has no matchMedia): Chakra's `md` and up do not match. */
function phoneViewport(width = 360) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width: ([\d.]+)rem/.exec(query)?.[1]) * 16,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderRoster() {
  fakeCoachServer();
  return renderApp('/coach/cohort-1', <Roster cohortId="cohort-1" rows={rows} complete />);
}

/** The table's row of the participant with this email. */
function tableRowOf(email: string) {
  return within(screen.getByRole('table')).getByText(email).closest('tr')!;
}

describe('roster', { timeout: 20_000 }, () => {
  it('shows each participant’s email under their name, with their sheet and onboarding answers', async () => {
    renderRoster();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('link', { name: 'Anna Rossi' })).toHaveLength(2);
    expect(within(table).getByRole('columnheader', { name: 'Allenamento' })).toBeInTheDocument();

    const rossi = tableRowOf('anna.rossi@example.it');
    expect(within(rossi).getByText('Principiante – Casa')).toBeInTheDocument();
    expect(within(rossi).getByText('Principiante · Casa · esperienza: più di un anno')).toBeInTheDocument();
    const bianchi = tableRowOf('A.Bianchi@Posta.it');
    expect(within(bianchi).getByText('Avanzato – Palestra')).toBeInTheDocument();
    expect(within(bianchi).getByText('Avanzato · Palestra · esperienza: più di tre anni')).toBeInTheDocument();
    const carlo = tableRowOf('carlo@example.it');
    expect(within(carlo).getByText('Nessuna scheda')).toBeInTheDocument();
    expect(within(carlo).getByText('Onboarding non completato')).toBeInTheDocument();
  });

  it('searches by email as well as by name, whatever the case', async () => {
    const { user } = renderRoster();
    await screen.findByRole('table');
    const search = screen.getByLabelText('Cerca per nome o email');

    await user.type(search, 'a.BIANCHI@posta');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/coach/cohort-1/partecipanti/u-bianchi']));
    expect(screen.getByText('1 di 3 partecipanti')).toBeInTheDocument();

    // Part of an email only: "example.it" is in two emails, in no name.
    await user.clear(search);
    await user.type(search, 'EXAMPLE.IT');
    await waitFor(() => expect(screen.getByText('2 di 3 partecipanti')).toBeInTheDocument());
    expect(within(screen.getByRole('table')).getByText('anna.rossi@example.it')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('carlo@example.it')).toBeInTheDocument();

    // Names still match.
    await user.clear(search);
    await user.type(search, 'carlo');
    await waitFor(() => expect(screen.getByText('1 di 3 partecipanti')).toBeInTheDocument());

    await user.clear(search);
    await user.type(search, 'nessuno@');
    expect(await screen.findByText('Nessun partecipante con questo nome o email.')).toBeInTheDocument();
  });

  it('when nobody in the cohort matches, searches every cohort of the coach on request and says where they are', async () => {
    const calls = fakeCoachServer((call) =>
      call.path.startsWith('/api/coach/search?')
        ? json({ results: [{ userId: 'u-lia', name: 'Lia Giù', email: 'lia@example.it', cohortId: 'cohort-2', cohortName: 'Inverno 2027' }], more: false })
        : undefined,
    );
    const { user } = renderApp('/coach/cohort-1', <Roster cohortId="cohort-1" rows={rows} complete />);
    await user.type(await screen.findByLabelText('Cerca per nome o email'), 'lia@example.it');
    expect(await screen.findByText('Nessun partecipante con questo nome o email.')).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/coach/search?'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cerca «lia@example.it» in tutte le coorti' }));
    const results = await screen.findByRole('list', { name: 'Risultati della ricerca' });
    expect(within(results).getByRole('link', { name: 'Lia Giù' })).toHaveAttribute('href', '/coach/cohort-2/partecipanti/u-lia');
    expect(within(results).getByText(/Inverno 2027/)).toBeInTheDocument();
    expect(calls.find((call) => call.path.startsWith('/api/coach/search?'))?.path).toBe('/api/coach/search?q=lia%40example.it');
  });

  it('on a phone, each card shows the email, the sheet and the answers', async () => {
    phoneViewport(360);
    renderRoster();
    const cards = await screen.findByRole('list', { name: 'Roster della coorte' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByText('A.Bianchi@Posta.it').closest('li')!;
    expect(within(card).getByRole('link', { name: 'Anna Rossi' })).toHaveAttribute('href', '/coach/cohort-1/partecipanti/u-bianchi');
    expect(within(card).getByText('Scheda')).toBeInTheDocument();
    expect(within(card).getByText('Avanzato – Palestra')).toBeInTheDocument();
    expect(within(card).getByText('Avanzato · Palestra · esperienza: più di tre anni')).toBeInTheDocument();
    const carlo = within(cards).getByText('carlo@example.it').closest('li')!;
    expect(within(carlo).getByText('Onboarding non completato')).toBeInTheDocument();
  });

  it('draws the first ten rows of a long roster and ten more on "Mostra altri (N)"', async () => {
    const many = Array.from({ length: 12 }, (_, i) => fakeRow({ userId: `u-${i}`, name: `Persona ${String(i + 1).padStart(2, '0')}`, email: `p${i}@example.it` }));
    fakeCoachServer();
    const { user } = renderApp('/coach/cohort-1', <Roster cohortId="cohort-1" rows={many} complete />);

    expect(await screen.findByText('12 di 12 partecipanti')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('link')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Mostra altri (2)' }));
    expect(within(screen.getByRole('table')).getAllByRole('link')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: /^Mostra altri/ })).not.toBeInTheDocument();
  });
});
