import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, mondayOf, todayIn } from '@sfida/core/dates';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import { fakeCoach, fakeCoachServer, fakeCohort } from '../../testing/coach-fixtures';
import { CHOSEN_COHORT_KEY, rememberCohortId } from '../../coach-shared/chosen-cohort';

afterEach(resetTestState);

// Whole-app renders with lazy routes: generous timeout on a busy machine.
describe('coach console: who gets in', { timeout: 20_000 }, () => {
  it('gives a coach the console’s own navigation, and none of a participant’s screens', async () => {
    fakeCoachServer((call) => (call.path === '/api/coach/cohorts' ? json([fakeCohort()]) : undefined));
    const { user, currentPath } = renderApp('/coach');

    expect(await screen.findByRole('heading', { level: 1, name: 'Oggi' })).toBeInTheDocument();
    expect(currentPath()).toBe('/coach');
    // jsdom has the phone's layout: the navigation is in the menu.
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const nav = screen.getByRole('navigation', { name: 'Menu principale' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Oggi', '/coach'],
      ['Check-in', '/coach/check-in'],
      ['Conversazioni', '/coach/conversazioni'],
      ['Coorti', '/coach/coorti'],
      ['Eventi', '/coach/eventi'],
      ['Profilo', '/profilo'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Oggi' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('link', { name: 'Coorti' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Coorti' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const again = screen.getByRole('navigation', { name: 'Menu principale' });
    // "Oggi" is the console's home only, not every page below it.
    expect(within(again).getByRole('link', { name: 'Oggi' })).not.toHaveAttribute('aria-current');
    expect(within(again).getByRole('link', { name: 'Coorti' })).toHaveAttribute('aria-current', 'page');
  });

  it('counts the unread conversations in the navigation and on the home, from the console’s own call', async () => {
    fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts') return json([fakeCohort()]);
      if (call.path === '/api/coach/conversations') return json({ conversations: [], nextCursor: null, unreadTotal: 2 });
      return undefined;
    });
    const { user } = renderApp('/coach');

    const banner = await screen.findByText('2 conversazioni da leggere');
    expect(within(banner.parentElement!).getByRole('link', { name: 'Apri le conversazioni' })).toHaveAttribute('href', '/coach/conversazioni');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const nav = screen.getByRole('navigation', { name: 'Menu principale' });
    expect(within(nav).getByRole('link', { name: /^Conversazioni/ })).toHaveTextContent('Conversazioni2 non letti');
  });

  it('gives a participant none of the console’s entries', async () => {
    fakeServer(fakeUser());
    const { user } = renderApp('/profilo');

    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const nav = screen.getByRole('navigation', { name: 'Menu principale' });
    // (In the menu from md; below it the bottom bar has it, and jsdom has the phone's styles.)
    expect(nav.querySelector('a[href="/dashboard"]')).toHaveTextContent('Dashboard');
    for (const name of ['Oggi', 'Conversazioni', 'Coorti']) expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
  });

  it('sends a participant who opens /coach to the dashboard, without asking the coach API', async () => {
    const calls = fakeServer(fakeUser());
    const { currentPath } = renderApp('/coach/cohort-1');

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(calls.some((call) => call.path.startsWith('/api/coach'))).toBe(false);
  });

  it('a coach signing in lands on /coach (a participant on the dashboard: login-page.test)', async () => {
    fakeServer(null, { 'POST /api/auth/login': () => json(fakeCoach()), 'GET /api/coach/cohorts': () => json([]) });
    const { user, currentPath } = renderApp('/login');
    await user.type(await screen.findByLabelText(/Email/), 'marta@example.it');
    await user.type(screen.getByLabelText(/Password/), 'segreta123');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));

    await waitFor(() => expect(currentPath()).toBe('/coach'));
    expect(await screen.findByText('Non hai ancora coorti: creane una e condividi il suo codice invito.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crea una coorte' })).toHaveAttribute('href', '/coach/coorti');
  });

  it('a signed-in coach opening the login page goes to the console', async () => {
    fakeCoachServer((call) => (call.path === '/api/coach/cohorts' ? json([]) : undefined));
    const { currentPath } = renderApp('/login');
    await waitFor(() => expect(currentPath()).toBe('/coach'));
  });
});

describe('coach console: cohorts', { timeout: 20_000 }, () => {
  it("lists the coach's cohorts with their code and registration link", async () => {
    fakeCoachServer((call) => (call.path === '/api/coach/cohorts' ? json([fakeCohort()]) : undefined));
    renderApp('/coach/coorti');

    const card = (await screen.findByRole('heading', { name: 'Autunno 2026' })).closest('section')!;
    expect(within(card).getByText('AUTUNNO-7K2Q-9XJD-M4TP')).toBeInTheDocument();
    expect(within(card).getByText(`${window.location.origin}/register?codice=AUTUNNO-7K2Q-9XJD-M4TP`)).toBeInTheDocument();
    expect(within(card).queryByText(/troppo facile da indovinare/)).not.toBeInTheDocument();
    expect(within(card).getByText('2 novembre 2026')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Chiudi iscrizioni' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Apri la coorte' })).toHaveAttribute('href', '/coach/cohort-1');
  });

  it('closes registration and asks before replacing the invite code', async () => {
    let cohort = fakeCohort();
    const calls = fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts') return json([cohort]);
      if (call.method === 'PATCH' && call.path === '/api/coach/cohorts/cohort-1') {
        cohort = { ...cohort, ...(call.body as object) };
        return json(cohort);
      }
      if (call.method === 'POST' && call.path === '/api/coach/cohorts/cohort-1/invite-code') {
        cohort = { ...cohort, inviteCode: 'NUOVO99' };
        return json(cohort);
      }
      return undefined;
    });
    const { user } = renderApp('/coach/coorti');

    await user.click(await screen.findByRole('button', { name: 'Chiudi iscrizioni' }));
    expect(await screen.findByRole('button', { name: 'Riapri iscrizioni' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ registrationOpen: false });

    // Escape closes the question and gives the focus back.
    await user.click(screen.getByRole('button', { name: 'Nuovo codice' }));
    expect(screen.getByText(/Il codice attuale .* smetterà di funzionare/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByText(/Il codice attuale .* smetterà di funzionare/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuovo codice' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByText(/Il codice attuale .* smetterà di funzionare/)).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/invite-code'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Crea un nuovo codice' }));
    expect(await screen.findByText('NUOVO99')).toBeInTheDocument();
  });

  it.each([
    ['made before codes had 3 random groups', 'AUTUNNO-7K2Q'],
    ['chosen by hand (the first cohort\'s INVITE_CODE)', 'SFIDA-LOCALE-2025'],
  ])('suggests replacing a code %s, until it is replaced', async (_what, inviteCode) => {
    let cohort = fakeCohort({ inviteCode });
    fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts') return json([cohort]);
      if (call.method === 'POST' && call.path === '/api/coach/cohorts/cohort-1/invite-code') {
        cohort = { ...cohort, inviteCode: 'AUTUNNO-PQ7R-2M4T-X9KD' };
        return json(cohort);
      }
      return undefined;
    });
    const { user } = renderApp('/coach/coorti');

    const card = (await screen.findByRole('heading', { name: 'Autunno 2026' })).closest('section')!;
    expect(within(card).getByText('Questo codice è troppo facile da indovinare: sostituiscilo con un nuovo codice, più sicuro.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Nuovo codice' }));
    await user.click(within(card).getByRole('button', { name: 'Crea un nuovo codice' }));
    expect(await within(card).findByText('AUTUNNO-PQ7R-2M4T-X9KD')).toBeInTheDocument();
    expect(within(card).queryByText(/troppo facile da indovinare/)).not.toBeInTheDocument();
  });

  it('says the start date must be a Monday before sending, then creates the cohort', async () => {
    let cohorts = [fakeCohort()];
    const calls = fakeCoachServer((call) => {
      if (call.path !== '/api/coach/cohorts') return undefined;
      if (call.method === 'GET') return json(cohorts);
      const created = fakeCohort({ id: 'cohort-2', ...(call.body as { name: string; startDate: string }), inviteCode: 'INVERNO27', registrationOpen: true });
      cohorts = [...cohorts, { ...created, participantCount: 0 }];
      return json(created, 201);
    });
    const { user } = renderApp('/coach/coorti');

    await user.type(await screen.findByLabelText(/Nome della coorte/), 'Inverno 2027');
    const date = screen.getByLabelText(/Data di inizio/);
    fireEvent.change(date, { target: { value: '2027-01-05' } }); // a Tuesday
    expect(screen.getByText('La data di inizio deve essere un lunedì')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crea la coorte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La data di inizio deve essere un lunedì');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(date, { target: { value: '2027-01-04' } }); // a Monday
    expect(screen.getByText('La sfida inizia sempre di lunedì.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crea la coorte' }));

    expect(await screen.findByRole('heading', { name: 'Inverno 2027' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Inverno 2027', startDate: '2027-01-04', pace: 'together' });
    expect(screen.getByText('INVERNO27')).toBeInTheDocument();
  });

  it('a start before this week says from which week the participants begin and needs a yes; the pace is chosen', async () => {
    const today = todayIn(fakeCoach().timeZone, new Date());
    const lastMonday = mondayOf(addDays(today, -7));
    const calls = fakeCoachServer((call) => {
      if (call.path !== '/api/coach/cohorts') return undefined;
      if (call.method === 'GET') return json([]);
      return json(fakeCohort({ id: 'cohort-2', ...(call.body as { name: string; startDate: string }) }), 201);
    });
    const { user } = renderApp('/coach/coorti');

    await user.type(await screen.findByLabelText(/Nome della coorte/), 'Partita');
    fireEvent.change(screen.getByLabelText(/Data di inizio/), { target: { value: lastMonday } });
    expect(screen.getByText('La coorte è già iniziata: i partecipanti inizieranno dalla settimana 2.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crea la coorte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Conferma che la coorte è già iniziata');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('radio', { name: /Ognuno dal suo giorno/ }));
    expect(screen.getByText('La coorte è già iniziata: ogni partecipante sceglierà comunque il giorno in cui parte.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sì, la coorte è già iniziata' }));
    await user.click(screen.getByRole('button', { name: 'Crea la coorte' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Partita', startDate: lastMonday, pace: 'ownDay', confirmPastStart: true }));
  });

  it("shows the server's refusal of a new cohort", async () => {
    const message = 'Hai già una coorte con questo nome';
    fakeCoachServer((call) => {
      if (call.path !== '/api/coach/cohorts') return undefined;
      return call.method === 'GET' ? json([]) : json({ message }, 409);
    });
    const { user } = renderApp('/coach/coorti');

    await user.type(await screen.findByLabelText(/Nome della coorte/), 'Autunno 2026');
    fireEvent.change(screen.getByLabelText(/Data di inizio/), { target: { value: '2026-11-30' } });
    await user.click(screen.getByRole('button', { name: 'Crea la coorte' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(/Nome della coorte/)).toHaveValue('Autunno 2026');
  });
});

describe('coach console: the chosen cohort', { timeout: 20_000 }, () => {
  const two = [fakeCohort(), fakeCohort({ id: 'cohort-2', name: 'Inverno 2027' })];
  const server = () =>
    fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts') return json(two);
      if (/^\/api\/cohorts\/[^/]+\/events$/.test(call.path)) return json({ events: [] });
      return undefined;
    });

  it('"Eventi" shows one cohort’s calendar at a time: the remembered one, then the one picked, in the address', async () => {
    rememberCohortId('cohort-2');
    const calls = server();
    const { user, currentUrl } = renderApp('/coach/eventi');

    expect(await screen.findByRole('heading', { level: 2, name: 'Inverno 2027' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Autunno 2026' })).not.toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/coach/eventi?coorte=cohort-2'));
    const picker = screen.getByRole('combobox', { name: 'Coorte' });
    // One cohort at a time: no "all of them".
    expect(within(picker).queryByRole('option', { name: 'Tutte le coorti' })).not.toBeInTheDocument();
    await user.selectOptions(picker, 'Autunno 2026');
    expect(await screen.findByRole('heading', { level: 2, name: 'Autunno 2026' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/coach/eventi?coorte=cohort-1');
    expect(localStorage.getItem(CHOSEN_COHORT_KEY)).toBe('cohort-1');
    expect(calls.some((call) => call.path === '/api/cohorts/cohort-1/events')).toBe(true);
  });

  it('a shared link’s cohort wins and is remembered; a removed one gives way to all cohorts and is forgotten', async () => {
    server();
    const first = renderApp('/coach?coorte=cohort-2');
    expect(await screen.findByRole('combobox', { name: 'Coorte' })).toHaveValue('cohort-2');
    await waitFor(() => expect(localStorage.getItem(CHOSEN_COHORT_KEY)).toBe('cohort-2'));
    first.unmount();

    rememberCohortId('gone');
    const { currentUrl } = renderApp('/coach?coorte=gone');
    await waitFor(() => expect(currentUrl()).toBe('/coach'));
    expect(screen.getByRole('combobox', { name: 'Coorte' })).toHaveValue('');
    expect(localStorage.getItem(CHOSEN_COHORT_KEY)).toBeNull();
  });
});
