import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit } from '@sfida/core/tracker-actions';
import { applyTrackerChanges, trackerChanges, type TrackerChanges } from '@sfida/core/tracker-changes';
import { fakeUser } from '../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState, trackerSaved, type ApiCall } from '../testing/test-utils';
import { STORAGE_KEYS } from './storage-keys';
import { REFRESH_AFTER_HIDDEN_MS, SYNC_DEBOUNCE_MS } from './tracker-sync';
import { useTracker } from './use-tracker';

const user = fakeUser({ challengeStartDate: '2025-10-06' });
const zone = user.timeZone;

function trackerWith(names: string[], updatedAt = '2025-10-06T09:00:00.000Z', idPrefix = 'h'): TrackerData {
  const now = new Date(updatedAt);
  let data = emptyTracker(zone, now, user.challengeStartDate);
  names.forEach((name, i) => {
    const result = addHabit(data, name, now, `${idPrefix}${i + 1}`);
    if (result.ok) data = result.data;
  });
  return data;
}

/** What the app sent of the tracker: the whole (PUT) or its changes (PATCH). */
const uploads = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/users/me/progress' && (c.method === 'PUT' || c.method === 'PATCH'));

let renders = 0;
function HabitNames() {
  const { tracker, restoring, apply } = useTracker();
  renders++;
  if (restoring) return <p>Ripristino…</p>;
  return (
    <>
      <ul aria-label="abitudini">
        {tracker.habits.map((habit) => (
          <li key={habit.id}>{habit.name}</li>
        ))}
      </ul>
      <button type="button" onClick={() => apply(addHabit(tracker, 'Nuova', new Date()))}>
        aggiungi
      </button>
    </>
  );
}

afterEach(() => {
  resetTestState();
  vi.useRealTimers();
  renders = 0;
});

describe('useTracker', () => {
  it('restores the tracker from the server when this browser has none', async () => {
    fakeServer(user, (call) =>
      call.method === 'GET' && call.path === '/api/users/me/progress' ? json(trackerWith(['Leggere'])) : undefined,
    );
    renderApp('/dashboard', <HabitNames />);
    expect(await screen.findByText('Leggere')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker(user.id)) ?? '{}').habits).toHaveLength(1);
  });

  it('merges this browser’s tracker with the server’s, and sends what the server lacks', async () => {
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(trackerWith(['Locale'], '2025-10-08T09:00:00.000Z', 'l')));
    const calls = fakeServer(user, (call) =>
      call.method === 'GET' && call.path === '/api/users/me/progress' ? json(trackerWith(['Dal server'], '2025-10-06T09:00:00.000Z', 's')) : undefined,
    );
    renderApp('/dashboard', <HabitNames />);
    expect(await screen.findByText('Locale')).toBeInTheDocument();
    expect(await screen.findByText('Dal server')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect((put?.body as TrackerData).habits.map((h) => h.name)).toEqual(['Dal server', 'Locale']);
  });

  it('replaces, never merges, this browser’s copy of a season that is over with the new season’s, and sends nothing back', async () => {
    // The last season here, with a tick and a habit the new season did not carry over.
    const old = trackerWith(['Camminare', 'Vecchia'], '2025-12-01T09:00:00.000Z');
    old.completions = { h1: { '2025-10-07': 'onTime' } };
    old.changedAt = { habitDays: { h1: { '2025-10-07': Date.parse('2025-10-07T09:00:00.000Z') } }, actions: {} };
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(old));
    const fresh: TrackerData = { ...trackerWith(['Camminare'], '2025-11-30T09:00:00.000Z'), season: 2 };
    const calls = fakeServer(user, (call) => (call.method === 'GET' && call.path === '/api/users/me/progress' ? json(fresh) : undefined));
    renderApp('/dashboard', <HabitNames />);
    await waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker(user.id)) ?? '{}').season).toBe(2));
    expect(screen.queryByText('Vecchia')).not.toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker(user.id)) ?? '{}') as TrackerData;
    expect(stored.completions).toEqual({});
    expect(stored.habits.map((habit) => habit.name)).toEqual(['Camminare']);
    await new Promise((resolve) => setTimeout(resolve, SYNC_DEBOUNCE_MS + 200));
    expect(uploads(calls)).toHaveLength(0);
  });

  it('does not send the tracker back when the server already holds this very copy, only the next change', async () => {
    const same = trackerWith(['Leggere'], '2025-10-08T09:00:00.000Z');
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(same));
    const calls = fakeServer(user, (call) =>
      call.method === 'GET' && call.path === '/api/users/me/progress' ? json(same) : undefined,
    );
    renderApp('/dashboard', <HabitNames />);
    await screen.findByText('Leggere');
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path === '/api/users/me/progress')).toBe(true));

    act(() => screen.getByRole('button', { name: 'aggiungi' }).click());
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).not.toHaveLength(0), { timeout: 3000 });
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect((puts[0]?.body as TrackerData).habits.map((h) => h.name)).toEqual(['Leggere', 'Nuova']);
  });

  it('sends this browser’s copy at start when the server holds an older one of the same work', async () => {
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(trackerWith(['Leggere'], '2025-10-08T09:00:00.000Z')));
    const calls = fakeServer(user, (call) =>
      call.method === 'GET' && call.path === '/api/users/me/progress' ? json(trackerWith(['Leggere'], '2025-10-08T08:59:59.999Z')) : undefined,
    );
    renderApp('/dashboard', <HabitNames />);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect((calls.find((c) => c.method === 'PUT')?.body as TrackerData).updatedAt).toBe('2025-10-08T09:00:00.000Z');
  });

  describe('back to the tab after a while', () => {
    let visibility: DocumentVisibilityState = 'visible';
    function setVisibility(next: DocumentVisibilityState) {
      visibility = next;
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    }
    beforeEach(() => {
      visibility = 'visible';
      vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    });

    it('takes the copy another device sent meanwhile, without sending it back', async () => {
      const here = trackerWith(['Leggere'], '2025-10-08T09:00:00.000Z');
      localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(here));
      let onServer = here;
      const calls = fakeServer(user, (call) => (call.method === 'GET' && call.path === '/api/users/me/progress' ? json(onServer) : undefined));
      renderApp('/dashboard', <HabitNames />);
      await screen.findByText('Leggere');
      await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/users/me/progress')).toHaveLength(1));

      const leftAt = Date.now();
      setVisibility('hidden');
      const phone = trackerWith(['Dal telefono'], '2025-10-09T18:00:00.000Z', 't');
      onServer = { ...phone, habits: [...here.habits, ...phone.habits] };
      vi.spyOn(Date, 'now').mockReturnValue(leftAt + REFRESH_AFTER_HIDDEN_MS + 1000);
      setVisibility('visible');

      expect(await screen.findByText('Dal telefono')).toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker(user.id)) ?? '{}').habits).toHaveLength(2);
      await act(() => new Promise((resolve) => setTimeout(resolve, SYNC_DEBOUNCE_MS + 200)));
      expect(uploads(calls)).toHaveLength(0);
    });

    it('looks again only after a real absence, and merges what another device sent with a change made here', async () => {
      const here = trackerWith(['Leggere'], '2025-10-08T09:00:00.000Z');
      localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(here));
      let onServer = here;
      const calls = fakeServer(user, (call) => (call.method === 'GET' && call.path === '/api/users/me/progress' ? json(onServer) : undefined));
      const reads = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/users/me/progress').length;
      renderApp('/dashboard', <HabitNames />);
      await screen.findByText('Leggere');
      await waitFor(() => expect(reads()).toBe(1));

      // A quick look at another tab: not asked again.
      setVisibility('hidden');
      setVisibility('visible');
      expect(reads()).toBe(1);

      // A change made here, then away before it is sent: leaving sends it; coming back merges in
      // what the phone sent meanwhile, and the merge goes back to the server.
      const phone = trackerWith(['Dal telefono'], '2025-10-09T18:00:00.000Z', 't');
      onServer = { ...phone, habits: [...here.habits, ...phone.habits] };
      act(() => screen.getByRole('button', { name: 'aggiungi' }).click());
      const leftAt = Date.now();
      setVisibility('hidden');
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
      expect((calls.find((c) => c.method === 'PUT')?.body as TrackerData).habits.map((h) => h.name)).toEqual(['Leggere', 'Nuova']);
      vi.spyOn(Date, 'now').mockReturnValue(leftAt + REFRESH_AFTER_HIDDEN_MS + 1000);
      setVisibility('visible');
      expect(await screen.findByText('Dal telefono')).toBeInTheDocument();
      expect(screen.getByText('Nuova')).toBeInTheDocument();
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2), { timeout: 4000 });
      expect((calls.filter((c) => c.method === 'PUT')[1]?.body as TrackerData).habits.map((h) => h.name).sort()).toEqual(['Dal telefono', 'Leggere', 'Nuova']);
    });
  });

  it('another device wrote first (412): merges the stored copy in and sends what the merge changed, based on its revision', async () => {
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(trackerWith(['Locale'], '2025-10-08T09:00:00.000Z', 'l')));
    const theirs = trackerWith(['Dal telefono'], '2025-10-08T10:00:00.000Z', 't');
    const calls = fakeServer(user, (call) => {
      if (call.path !== '/api/users/me/progress') return undefined;
      if (call.method === 'PUT') {
        return new Response(JSON.stringify({ message: 'cambiato', tracker: theirs }), { status: 412, headers: { 'Content-Type': 'application/json', ETag: '"r7"' } });
      }
      // Stored as sent: the server's vouching changed nothing.
      if (call.method === 'PATCH') return new Response(JSON.stringify({ changes: {} }), { headers: { 'Content-Type': 'application/json', ETag: '"r8"' } });
      return undefined;
    });
    renderApp('/dashboard', <HabitNames />);
    expect(await screen.findByText('Dal telefono')).toBeInTheDocument();
    expect(screen.getByText('Locale')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const retry = calls.find((c) => c.method === 'PATCH')!;
    expect(retry.headers['if-match']).toBe('"r7"');
    expect((retry.body as TrackerChanges).habits!.map((h) => h.name)).toEqual(['Locale', 'Dal telefono']);
    await act(() => new Promise((resolve) => setTimeout(resolve, SYNC_DEBOUNCE_MS + 200)));
    expect(calls.filter((c) => c.method === 'PUT' || c.method === 'PATCH')).toHaveLength(2);
  });

  it('a change made on a copy the server holds sends only that change, and takes the server\'s corrections', async () => {
    const stored = trackerWith(['Leggere'], '2025-10-08T09:00:00.000Z');
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(stored));
    const corrected = { ...stored, updatedAt: '2025-10-08T11:00:00.000Z' };
    const calls = fakeServer(user, (call) => {
      if (call.path !== '/api/users/me/progress') return undefined;
      if (call.method === 'GET') return new Response(JSON.stringify(stored), { headers: { 'Content-Type': 'application/json', ETag: '"r3"' } });
      if (call.method === 'PATCH') {
        const sent = applyTrackerChanges(stored, call.body as TrackerChanges);
        return new Response(JSON.stringify({ changes: trackerChanges(sent, corrected) }), { headers: { 'Content-Type': 'application/json', ETag: '"r4"' } });
      }
      return undefined;
    });
    renderApp('/dashboard', <HabitNames />);
    const add = await screen.findByRole('button', { name: 'aggiungi' });
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path === '/api/users/me/progress')).toBe(true));
    act(() => add.click());
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'PATCH')!;
    expect(sent.headers['if-match']).toBe('"r3"');
    expect(Object.keys(sent.body as TrackerChanges).sort()).toEqual(['habits', 'updatedAt']);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    // The server put its own updatedAt back, and removed the new habit: the screen shows its copy.
    await waitFor(() => expect(screen.queryByText('Nuova')).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker(user.id))!)).toMatchObject({ updatedAt: corrected.updatedAt, habits: stored.habits });
  });

  it('takes the start date from the session, not from the stored copy, and uploads nothing for it', async () => {
    const stored: TrackerData = { ...trackerWith(['Leggere'], '2025-10-08T09:00:00.000Z'), challengeStartDate: null };
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(stored));
    const calls = fakeServer(user, (call) => (call.method === 'GET' && call.path === '/api/users/me/progress' ? json(stored) : undefined));
    function StartDate() {
      return <p>Inizio: {useTracker().tracker.challengeStartDate ?? 'nessuno'}</p>;
    }
    renderApp('/dashboard', <StartDate />);
    expect(await screen.findByText('Inizio: 2025-10-06')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path === '/api/users/me/progress')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, SYNC_DEBOUNCE_MS + 200)));
    expect(uploads(calls)).toHaveLength(0);
  });

  it('shows a message when the browser storage is full', async () => {
    fakeServer(user);
    renderApp('/dashboard', <HabitNames />);
    const add = await screen.findByRole('button', { name: 'aggiungi' });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    try {
      act(() => add.click());
      expect(await screen.findByText('Memoria del browser piena')).toBeInTheDocument();
      // The change is not lost from the screen.
      expect(screen.getByText('Nuova')).toBeInTheDocument();
    } finally {
      setItem.mockRestore();
    }
  });

  it('does not re-render when the once-a-second re-read finds nothing new', async () => {
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(trackerWith(['Leggere'])));
    fakeServer(user);
    renderApp('/dashboard', <HabitNames />);
    await screen.findByText('Leggere');
    // Let the start-up sync settle, then count.
    await waitFor(() => expect(screen.getByRole('button', { name: 'aggiungi' })).toBeInTheDocument());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const before = renders;
    await act(() => new Promise((resolve) => setTimeout(resolve, 2200)));
    expect(renders).toBe(before);

    // A real change made outside React (another tab without an event, devtools) shows within a second.
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(trackerWith(['Leggere', 'Correre'])));
    expect(await screen.findByText('Correre', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('does not re-render the screens showing the tracker when a send to the server ends', async () => {
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(trackerWith(['Leggere'])));
    let answer = (_response: Response) => {};
    const calls = fakeServer(user, (call) =>
      call.method === 'PUT' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    renderApp('/dashboard', <HabitNames />);
    await screen.findByText('Leggere');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const before = renders;
    await act(async () => {
      answer(trackerSaved(calls.find((c) => c.method === 'PUT')!.body, '"r1"'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(renders).toBe(before);
  });

  it('does not re-render the screens when a returning device has looked at the server copy', async () => {
    const same = trackerWith(['Leggere'], '2025-10-08T09:00:00.000Z');
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(same));
    let answer = (_response: Response) => {};
    fakeServer(user, (call) =>
      call.method === 'GET' && call.path === '/api/users/me/progress' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    renderApp('/dashboard', <HabitNames />);
    await screen.findByText('Leggere');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const before = renders;
    await act(async () => {
      answer(json(same));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(renders).toBe(before);
  });

  it('moves a tracker kept in another time zone to the participant\'s zone, once the server copy has been looked at', async () => {
    const elsewhere = zone === 'Pacific/Auckland' ? 'America/Los_Angeles' : 'Pacific/Auckland';
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify({ ...trackerWith(['Leggere']), timeZone: elsewhere }));
    let answer = (_response: Response) => {};
    fakeServer(user, (call) =>
      call.method === 'GET' && call.path === '/api/users/me/progress' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    const storedZone = () => (JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker(user.id)) ?? '{}') as TrackerData).timeZone;
    renderApp('/dashboard', <HabitNames />);
    await screen.findByText('Leggere');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(storedZone()).toBe(elsewhere);
    await act(async () => {
      answer(new Response(null, { status: 204 }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await waitFor(() => expect(storedZone()).toBe(zone));
  });

  it('sends changes after a short pause, and reports a refusal without losing anything', async () => {
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(trackerWith(['Leggere'])));
    let refuse = false;
    const calls = fakeServer(user, (call) =>
      (call.method === 'PUT' || call.method === 'PATCH') && refuse ? json({ message: 'Dati non plausibili' }, 400) : undefined,
    );
    renderApp('/dashboard', <HabitNames />);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    // Accepted: the user's other tabs hear of it (they ask again for the leaderboard).
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.trackerSynced(user.id))).not.toBeNull());

    refuse = true;
    act(() => screen.getByRole('button', { name: 'aggiungi' }).click());
    expect(screen.getByText('Nuova')).toBeInTheDocument();
    expect(await screen.findByText('Sincronizzazione non riuscita', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getAllByText(/Dati non plausibili/).length).toBeGreaterThan(0);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker(user.id)) ?? '{}').habits).toHaveLength(2);
  });

  it('keeps working offline and sends when the connection is back', async () => {
    localStorage.setItem(STORAGE_KEYS.tracker(user.id), JSON.stringify(trackerWith(['Leggere'])));
    let online = false;
    const calls = fakeServer(user, (call) => {
      if (call.path.startsWith('/api/users/me/progress') && !online) throw new TypeError('Failed to fetch');
      return undefined;
    });
    renderApp('/dashboard', <HabitNames />);
    await screen.findByText('Leggere');
    act(() => screen.getByRole('button', { name: 'aggiungi' }).click());
    expect(screen.getByText('Nuova')).toBeInTheDocument();

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => {
      const put = calls.filter((c) => c.method === 'PUT').at(-1);
      expect((put?.body as TrackerData | undefined)?.habits).toHaveLength(2);
    });
  });
});
