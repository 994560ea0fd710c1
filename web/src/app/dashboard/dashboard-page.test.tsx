import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, challengeLastDay, daysBetween, formatItalianDate, formatItalianShortDate, italianWeekday, mondayOf } from '@sfida/core/dates';
import type { OwnThread } from '@sfida/core/check-in-threads';
import type { InboxMessage } from '@sfida/core/cohort-messages';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, toggleHabit } from '@sfida/core/tracker-actions';
import { cohortInfoQueryKey } from '../../lib/cohort-info';
import { currentDay } from '../../lib/use-today';
import { fakeUser } from '../../testing/fake-user';
import { fakeCohortInfo, fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import { STORAGE_KEYS } from '../../tracker/storage-keys';
import DashboardPage from './dashboard-page';

afterEach(resetTestState);

describe('Dashboard in a cohort that runs together', { timeout: 30_000 }, () => {
  it('a late joiner cannot tick the days before they joined, which the strip still shows', async () => {
    const today = currentDay();
    const start = mondayOf(addDays(today, -14));
    const joined = fakeUser({ challengeStartDate: start, challengeJoinedOn: today });
    let data: TrackerData = emptyTracker(joined.timeZone, new Date(), start);
    const added = addHabit(data, 'Camminare', new Date(), 'h1');
    if (!added.ok) throw new Error(added.message);
    data = added.data;
    localStorage.setItem(STORAGE_KEYS.tracker(joined.id), JSON.stringify(data));
    fakeServer(joined);
    renderApp('/abitudini');

    const strip = await screen.findByRole('list', { name: 'Settimana di Camminare' });
    const cells = within(strip).getAllByRole('button');
    const yesterday = cells.find((cell) => cell.getAttribute('aria-label')?.startsWith(`Camminare, ${italianWeekday(addDays(today, -1))} ${formatItalianShortDate(addDays(today, -1))}:`));
    const todayCell = cells.find((cell) => cell.getAttribute('aria-label')?.startsWith(`Camminare, ${italianWeekday(today)} ${formatItalianShortDate(today)}:`));
    expect(yesterday).toBeDisabled();
    expect(todayCell).toBeEnabled();
  });

  it('shows the cohort’s week with the day the participant joined, and no button to start', async () => {
    const today = currentDay();
    const start = mondayOf(addDays(today, -7));
    const joined = fakeUser({ challengeStartDate: start, challengeJoinedOn: today });
    fakeServer(joined, (call) => (call.path === `/api/cohorts/${joined.cohortId}` ? json(fakeCohortInfo({ id: joined.cohortId, startDate: start, pace: 'together' })) : undefined));
    renderApp('/dashboard', <DashboardPage />);

    expect(await screen.findByText('Settimana 2 di 8 con la tua coorte')).toBeInTheDocument();
    expect(screen.getByText(`La coorte è partita il ${formatItalianDate(start)} · tu sei con noi dal ${formatItalianDate(today)}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inizia la challenge' })).not.toBeInTheDocument();
  });

  it('before the cohort’s Monday, counts the days down', async () => {
    const today = currentDay();
    const monday = mondayOf(addDays(today, 7));
    const waiting = fakeUser({ challengeStartDate: monday });
    fakeServer(waiting, (call) => (call.path === `/api/cohorts/${waiting.cohortId}` ? json(fakeCohortInfo({ id: waiting.cohortId, startDate: monday, pace: 'together' })) : undefined));
    renderApp('/dashboard', <DashboardPage />);

    const days = daysBetween(today, monday);
    expect(await screen.findByText(days === 1 ? /manca 1 giorno/ : new RegExp(`mancano ${days} giorni`))).toBeInTheDocument();
    expect(screen.getByText(/La tua coorte parte/)).toHaveTextContent(`lunedì ${formatItalianDate(monday)}`);
    expect(screen.queryByRole('button', { name: 'Inizia la challenge' })).not.toBeInTheDocument();
  });
});

describe('Dashboard', { timeout: 30_000 }, () => {
  it('starts the challenge on the chosen day, then hides the button and shows the date', async () => {
    const today = currentDay();
    let started = false;
    const calls = fakeServer(fakeUser(), (call) => {
      if (call.path === '/api/auth/start-challenge') {
        started = true;
        const user = fakeUser({ challengeStartDate: today });
        return json({ challengeStartDate: today, user });
      }
      if (call.path === '/api/auth/session' && started) return json({ user: fakeUser({ challengeStartDate: today }) });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/dashboard', <DashboardPage />);

    expect(await screen.findByRole('heading', { name: 'Ciao, Anna!' })).toBeInTheDocument();
    // The cards follow the heading once the tracker is restored (a new browser asks the server).
    await user.click(await screen.findByRole('button', { name: 'Inizia la challenge' }));
    const date = screen.getByLabelText('Giorno di inizio:');
    expect(date).toHaveValue(today);
    await user.click(screen.getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText('Challenge iniziata!')).toBeInTheDocument();
    expect(screen.getByText(`La tua challenge di 8 settimane inizia il ${formatItalianDate(today)}.`)).toBeInTheDocument();
    const request = calls.find((c) => c.path === '/api/auth/start-challenge');
    expect(request?.body).toEqual({ challengeStartDate: today });
    expect(await screen.findByText(formatItalianDate(today))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inizia la challenge' })).not.toBeInTheDocument();
  });

  it('from day 57 says the challenge is complete, with the participant’s summary and the certificate; before, no such card', async () => {
    const start = addDays(currentDay(), -56);
    fakeServer(fakeUser({ challengeStartDate: start }));
    renderApp('/dashboard', <DashboardPage />);
    const card = await screen.findByRole('region', { name: 'Hai completato la Sfida 8 settimane! 🎉' });
    expect(within(card).getByRole('link', { name: 'Scarica il certificato (PDF)' })).toHaveAttribute('href', '/api/me/certificate.pdf');
    expect(screen.getByRole('region', { name: 'La tua challenge' })).toHaveTextContent(`conclusa il ${formatItalianDate(challengeLastDay(start))}`);
    // No week left to plan or sum up; today's habits and the final ranking stay.
    expect(await screen.findByRole('region', { name: 'Classifica del gruppo' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Abitudini di oggi' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Azioni della settimana' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Riepilogo della settimana' })).not.toBeInTheDocument();
  });

  it('from day 57 says the participant is in the maintenance phase, leads on to the habits and asks for the monthly check-in', async () => {
    const start = addDays(currentDay(), -60);
    fakeServer(fakeUser({ challengeStartDate: start }));
    renderApp('/dashboard', <DashboardPage />);
    const card = await screen.findByRole('region', { name: 'Fase di mantenimento' });
    // Day 61: the first maintenance month ends 28 days after day 57.
    expect(card).toHaveTextContent(`Mese 1 · fino al ${formatItalianDate(addDays(start, 83))}`);
    expect(card).toHaveTextContent('non si guadagnano punti');
    expect(within(card).getByRole('link', { name: 'fai il check-in del mese' })).toHaveAttribute('href', '/checkin');
    // The end of the challenge stays as it was, beside it.
    expect(screen.getByRole('region', { name: 'Hai completato la Sfida 8 settimane! 🎉' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Continua con le tue abitudini' })).toHaveAttribute('href', '/abitudini');
  });

  it('from the second maintenance month, counts it', async () => {
    fakeServer(fakeUser({ challengeStartDate: addDays(currentDay(), -84) }));
    renderApp('/dashboard', <DashboardPage />);
    expect(await screen.findByRole('region', { name: 'Fase di mantenimento' })).toHaveTextContent('Mese 2');
  });

  it('on day 56, the last of the eight weeks, the challenge is still running', async () => {
    fakeServer(fakeUser({ challengeStartDate: addDays(currentDay(), -55) }));
    renderApp('/dashboard', <DashboardPage />);
    expect(await screen.findByRole('region', { name: 'La tua challenge' })).toHaveTextContent('Settimana 8');
    expect(screen.queryByRole('region', { name: /Hai completato/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Fase di mantenimento' })).not.toBeInTheDocument();
  });

  it('on a new device, shows the challenge at once and the tracker once the server’s copy arrives', async () => {
    const today = currentDay();
    let answer = (_response: Response) => {};
    fakeServer(fakeUser({ challengeStartDate: today }), (call) =>
      call.method === 'GET' && call.path === '/api/users/me/progress' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    renderApp('/dashboard', <DashboardPage />);

    expect(await screen.findByRole('heading', { name: 'La tua challenge' })).toBeInTheDocument();
    expect(screen.getByText(formatItalianDate(today))).toBeInTheDocument();
    expect(screen.getByText('Caricamento...')).toBeInTheDocument();
    expect(screen.queryByText('Punti')).not.toBeInTheDocument();

    answer(new Response(null, { status: 204 }));
    expect(await screen.findByText('Punti')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'La tua challenge' })).toHaveLength(1);
  });

  it('shows the server’s refusal in an "Errore" notice', async () => {
    fakeServer(fakeUser(), (call) =>
      call.path === '/api/auth/start-challenge' ? json({ message: 'La data di inizio non può essere nel passato' }, 400) : undefined,
    );
    const user = userEvent.setup();
    renderApp('/dashboard', <DashboardPage />);
    await user.click(await screen.findByRole('button', { name: 'Inizia la challenge' }));
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByText('Errore')).toBeInTheDocument();
    expect(screen.getByText('La data di inizio non può essere nel passato')).toBeInTheDocument();
  });

  it('shows the cohort leaderboard with the participant’s own row highlighted', async () => {
    const weekStart = mondayOf(currentDay());
    const calls = fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) =>
      call.path.startsWith('/api/cohorts/cohort-1/leaderboard')
        ? json({
            entries: [
              { userId: 'u2', displayName: 'Bruno', weekPoints: 40, totalPoints: 90, streakDays: 5, rank: 1, isMe: false },
              { userId: 'user-anna', displayName: 'Anna', weekPoints: 20, totalPoints: 30, streakDays: 2, rank: 2, isMe: true },
            ],
          })
        : undefined,
    );
    renderApp('/dashboard', <DashboardPage />);
    const board = await screen.findByRole('list', { name: 'Classifica della settimana' });
    const mine = within(board).getAllByRole('listitem').find((row) => row.getAttribute('aria-current') === 'true');
    expect(mine).toHaveTextContent('Anna');
    expect(calls.some((c) => c.path === `/api/cohorts/cohort-1/leaderboard?weekStart=${weekStart}`)).toBe(true);
  });

  it('shows the podium and the participant’s own row with one either side, the whole ranking on /classifica', async () => {
    const entries = Array.from({ length: 14 }, (_, i) => ({
      userId: i === 9 ? 'user-anna' : `u${i}`,
      displayName: i === 9 ? 'Anna' : `Partecipante ${i + 1}`,
      weekPoints: 100 - i,
      totalPoints: 200 - i,
      streakDays: 1,
      rank: i + 1,
      isMe: i === 9,
    }));
    fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) =>
      call.path.startsWith('/api/cohorts/cohort-1/leaderboard') ? json({ entries }) : undefined,
    );
    renderApp('/dashboard', <DashboardPage />);
    const board = await screen.findByRole('list', { name: 'Classifica della settimana' });
    const rows = () => within(board).getAllByRole('listitem');
    expect(rows()).toHaveLength(3);
    const around = within(screen.getByRole('list', { name: 'Intorno a te' })).getAllByRole('listitem');
    expect(around.map((row) => row.querySelector('[data-part="name"]')?.textContent)).toEqual(['Partecipante 9', 'Anna', 'Partecipante 11']);
    expect(around[1]).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByText('Partecipante 4')).not.toBeInTheDocument();

    // The podium's medals carry their number; a screen reader hears the place instead.
    expect(within(rows()[0]!).getByText('1° posto')).toBeInTheDocument();
    expect(rows()[0]!.querySelector('svg[aria-hidden="true"] text')).toHaveTextContent('1');
    expect(rows()[2]!.querySelector('svg[aria-hidden="true"] text')).toHaveTextContent('3');
    expect(around[0]!.querySelector('svg text')).toBeNull();
    // One number a row: the position, the name, the points.
    expect(around[0]).toHaveTextContent(/^9°Partecipante 992 pt$/);
    // Pictures are SVG, never emoji: an emoji makes the browser find and load a colour emoji
    // font before the dashboard's first layout (see components/icons.tsx).
    expect(document.body.textContent).not.toMatch(/\p{Extended_Pictographic}/u);

    expect(screen.getByRole('link', { name: 'Vedi la classifica completa' })).toHaveAttribute('href', '/classifica');
  });

  describe('after a change in another tab', () => {
    /** A tracker with one habit, stored in this browser and held by the server too. */
    function storedTracker(): TrackerData {
      const now = new Date();
      const added = addHabit(emptyTracker(fakeUser().timeZone, now, currentDay()), 'Leggere', now, 'h1');
      if (!added.ok) throw new Error(added.message);
      localStorage.setItem(STORAGE_KEYS.tracker('user-anna'), JSON.stringify(added.data));
      return added.data;
    }

    /** What another tab does: writes local storage, which this tab hears as a `storage` event. */
    function writeFromAnotherTab(key: string, value: string) {
      localStorage.setItem(key, value);
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
      });
    }

    it('the week’s summary follows at once, with the points', async () => {
      const stored = storedTracker();
      fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) =>
        call.method === 'GET' && call.path === '/api/users/me/progress' ? json(stored) : undefined,
      );
      renderApp('/dashboard', <DashboardPage />);
      const summary = await screen.findByRole('region', { name: 'Riepilogo della settimana' });
      const figure = (label: string) => within(summary).getByText(label).previousElementSibling;
      expect(figure('Abitudini completate')).toHaveTextContent('0');
      // The points and the streak are the tiles' alone: each figure once on the dashboard.
      expect(within(summary).queryByText('Punti questa settimana')).not.toBeInTheDocument();
      expect(within(summary).queryByText('Giorni di costanza')).not.toBeInTheDocument();

      const ticked = toggleHabit(stored, 'h1', currentDay(), new Date());
      if (!ticked.ok) throw new Error(ticked.message);
      writeFromAnotherTab(STORAGE_KEYS.tracker('user-anna'), JSON.stringify(ticked.data));

      // No waiting: the same render as the points tile.
      expect(screen.getByText('Punti').nextElementSibling).toHaveTextContent('2');
      expect(figure('Abitudini completate')).toHaveTextContent('1');
    });

    it('the leaderboard moves the participant’s own row at once, before the server has the change', async () => {
      const stored = storedTracker();
      const calls = fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) => {
        if (call.method === 'GET' && call.path === '/api/users/me/progress') return json(stored);
        if (call.path.startsWith('/api/cohorts/cohort-1/leaderboard')) {
          return json({
            entries: [
              { userId: 'u2', displayName: 'Bruno R.', weekPoints: 1, totalPoints: 1, streakDays: 1, rank: 1, isMe: false },
              { userId: 'user-anna', displayName: 'Anna B.', weekPoints: 0, totalPoints: 0, streakDays: 0, rank: 2, isMe: true },
            ],
          });
        }
        return undefined;
      });
      renderApp('/dashboard', <DashboardPage />);
      const board = await screen.findByRole('list', { name: 'Classifica della settimana' });
      await waitFor(() => expect(within(board).getAllByRole('listitem')[0]).toHaveTextContent('Bruno R.'));
      const reads = calls.filter((c) => c.path.startsWith('/api/cohorts/cohort-1/leaderboard')).length;

      const ticked = toggleHabit(stored, 'h1', currentDay(), new Date());
      if (!ticked.ok) throw new Error(ticked.message);
      writeFromAnotherTab(STORAGE_KEYS.tracker('user-anna'), JSON.stringify(ticked.data));

      // No waiting, and no new request: Anna's 2 points put her first.
      const rows = within(screen.getByRole('list', { name: 'Classifica della settimana' })).getAllByRole('listitem');
      expect(rows[0]).toHaveTextContent('Anna B.');
      expect(rows[0]).toHaveTextContent('2 pt');
      expect(rows[0]).toHaveAttribute('aria-current', 'true');
      expect(calls.filter((c) => c.path.startsWith('/api/cohorts/cohort-1/leaderboard')).length).toBe(reads);
    });

    it('the leaderboard is asked again as soon as the server has accepted that tab’s upload', async () => {
      storedTracker();
      const calls = fakeServer(fakeUser({ challengeStartDate: currentDay() }));
      const leaderboardReads = () => calls.filter((c) => c.path.startsWith('/api/cohorts/cohort-1/leaderboard')).length;
      renderApp('/dashboard', <DashboardPage />);
      await screen.findByRole('region', { name: 'Classifica del gruppo' });
      await waitFor(() => expect(leaderboardReads()).toBe(1));

      writeFromAnotherTab(STORAGE_KEYS.trackerSynced('user-anna'), new Date().toISOString());
      await waitFor(() => expect(leaderboardReads()).toBe(2), { timeout: 500 });
    });
  });

  describe('the coach’s card', () => {
    const reply = { text: 'Ottimo lavoro!', coachName: 'Marco Coach', at: '2026-11-20T17:30:00.000Z' };
    const thread = (weekNumber: number, replySeenAt: string | null): OwnThread => ({
      weekNumber,
      status: 'replied',
      handledBy: 'Marco Coach',
      reply,
      replySeenAt,
      answer: null,
    });
    const message = (id: string, sentAt: string, read: boolean): InboxMessage => ({ id, text: `Messaggio ${id}`, coachName: 'Marco Coach', sentAt, read });
    type Personal = { text: string; coachName: string; at: string; unread: boolean } | null;
    const inboxServer = (threads: OwnThread[], messages: InboxMessage[], latestPersonal: Personal = null) =>
      fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) =>
        call.path === '/api/me/inbox'
          ? json({ threads, messages, unreadMessages: messages.filter((m) => !m.read).length + (latestPersonal?.unread ? 1 : 0), latestPersonal })
          : undefined,
      );

    it('shows the newest thing the coach wrote, one at a time: a reply to a check-in, with the way to it', async () => {
      const older = { ...thread(1, '2026-11-10T08:00:00.000Z'), reply: { ...reply, text: 'Prima risposta', at: '2026-11-09T08:00:00.000Z' } };
      const calls = inboxServer([older, thread(2, null)], [message('m1', '2026-11-01T08:00:00.000Z', true)]);
      renderApp('/dashboard', <DashboardPage />);
      const card = await screen.findByRole('region', { name: 'Dal tuo coach' });
      const latest = await within(card).findByRole('article', { name: 'Risposta al tuo check-in della settimana 2' });
      expect(latest).toHaveTextContent('Ottimo lavoro!');
      expect(latest).toHaveTextContent('Marco Coach');
      expect(within(latest).getByText('Non letto')).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Leggi la risposta' })).toHaveAttribute('href', '/checkin#settimana-2');
      // One item only, never "no message" beside it.
      expect(within(card).getAllByRole('article')).toHaveLength(1);
      expect(within(card).queryByText('Nessun messaggio dal coach per ora.')).not.toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Tutti i messaggi' })).toHaveAttribute('href', '/messaggi');
      // Shown is not read: only /messaggi and the check-in mark them.
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('a personal message newer than the rest comes first, unread marked, linking to the conversation', async () => {
      inboxServer([thread(1, '2026-11-21T08:00:00.000Z')], [message('m4', '2026-11-22T08:00:00.000Z', true)], {
        text: 'Ciao Anna, come va?',
        coachName: 'Giulia Coach',
        at: '2026-11-23T08:00:00.000Z',
        unread: true,
      });
      renderApp('/dashboard', <DashboardPage />);
      const card = await screen.findByRole('region', { name: 'Dal tuo coach' });
      const latest = await within(card).findByRole('article', { name: 'Messaggio per te' });
      expect(latest).toHaveTextContent('Ciao Anna, come va?');
      expect(latest).toHaveTextContent('Giulia Coach');
      expect(within(latest).getByText('Non letto')).toBeInTheDocument();
      expect(within(latest).getByRole('link', { name: 'Rispondi' })).toHaveAttribute('href', '/messaggi');
    });

    it('a newer message to the cohort comes before an older personal one, read marked as such', async () => {
      inboxServer([], [message('m4', '2026-11-22T08:00:00.000Z', true)], { text: 'Vecchio', coachName: 'Giulia Coach', at: '2026-11-01T08:00:00.000Z', unread: false });
      renderApp('/dashboard', <DashboardPage />);
      const card = await screen.findByRole('region', { name: 'Dal tuo coach' });
      const latest = await within(card).findByRole('article', { name: 'Messaggio al gruppo' });
      expect(latest).toHaveTextContent('Messaggio m4');
      expect(within(latest).queryByText('Non letto')).not.toBeInTheDocument();
      expect(within(latest).getByRole('link', { name: 'Apri i messaggi' })).toHaveAttribute('href', '/messaggi');
    });

    it('says there is no message only when there is truly none', async () => {
      inboxServer([{ ...thread(1, null), status: 'open', handledBy: null, reply: null }], []);
      renderApp('/dashboard', <DashboardPage />);
      const card = await screen.findByRole('region', { name: 'Dal tuo coach' });
      expect(await within(card).findByText('Nessun messaggio dal coach per ora.')).toBeInTheDocument();
      expect(within(card).queryByRole('article')).not.toBeInTheDocument();
    });

    /** A participant's server whose cohort has `communityLink` (null: none set). */
    const cohortServer = (communityLink: string | null) => {
      const cohort = fakeCohortInfo({ id: 'cohort-1', name: 'Autunno', communityLink });
      return fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) => (call.path === '/api/cohorts/cohort-1' ? json(cohort) : undefined));
    };

    it('says the coach answers the check-ins in the app, with no e-mail to write, and links the cohort’s community group', async () => {
      const calls = cohortServer('https://chat.whatsapp.com/GruppoAutunno');
      renderApp('/dashboard', <DashboardPage />);
      const support = await screen.findByRole('region', { name: 'Coach e community' });
      expect(support).toHaveTextContent('Il tuo coach legge ogni settimana i tuoi check-in e ti risponde qui nell’app');
      expect(within(support).getByRole('link', { name: 'Vai al check-in' })).toHaveAttribute('href', '/checkin');
      const community = await within(support).findByRole('link', { name: /Entra nel gruppo della community/ });
      expect(community).toHaveAttribute('href', 'https://chat.whatsapp.com/GruppoAutunno');
      expect(community).toHaveAttribute('target', '_blank');
      expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
      expect(calls.some((call) => call.path === '/api/cohorts/cohort-1')).toBe(true);
    });

    it('before the start, with no community group, shows no support card: it would have nothing to say', async () => {
      fakeServer(fakeUser({ challengeStartDate: addDays(currentDay(), 3) }), (call) =>
        call.path === '/api/cohorts/cohort-1' ? json(fakeCohortInfo({ id: 'cohort-1', communityLink: null })) : undefined,
      );
      const { queryClient } = renderApp('/dashboard', <DashboardPage />);
      await screen.findByRole('region', { name: 'Dal tuo coach' });
      await waitFor(() => expect(queryClient.getQueryState(cohortInfoQueryKey('cohort-1'))?.status).toBe('success'));
      expect(screen.queryByRole('region', { name: 'Coach e community' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Vai al check-in' })).not.toBeInTheDocument();
    });

    it('in a cohort with teams, shows no team card before the participant is in one, and asks for no high fives', async () => {
      const cohort = fakeCohortInfo({ id: 'cohort-1', rules: { ...fakeCohortInfo().rules, teamLeaderboard: true } });
      const calls = fakeServer(fakeUser({ challengeStartDate: currentDay() }), (call) => {
        if (call.path === '/api/cohorts/cohort-1') return json(cohort);
        if (call.path === '/api/me/team') return json({ team: null });
        return undefined;
      });
      renderApp('/dashboard', <DashboardPage />);
      await screen.findByRole('region', { name: 'Dal tuo coach' });
      await waitFor(() => expect(calls.some((call) => call.path === '/api/me/team')).toBe(true));
      expect(screen.queryByRole('region', { name: 'La tua squadra' })).not.toBeInTheDocument();
      expect(calls.some((call) => call.path === '/api/me/high-fives')).toBe(false);
    });

    it('shows no community button when the cohort has no link', async () => {
      cohortServer(null);
      const { queryClient } = renderApp('/dashboard', <DashboardPage />);
      const support = await screen.findByRole('region', { name: 'Coach e community' });
      // Once the cohort has answered, still only the check-in.
      await waitFor(() => expect(queryClient.getQueryState(cohortInfoQueryKey('cohort-1'))?.status).toBe('success'));
      expect(within(support).getAllByRole('link').map((link) => link.textContent)).toEqual(['Vai al check-in']);
    });
  });
});
