import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings, type NotificationsResponse } from '@sfida/core/notifications';
import { fakeUser } from '../../testing/fake-user';
import { NEW_COHORT_RULES, STORED_COHORT_RULES, type CohortRules } from '@sfida/core/cohort';
import { deferred, fakeCohortInfo, fakeServer, json, renderApp, resetTestState, type ApiCall } from '../../testing/test-utils';
import { NotificationSettingsPanel } from './notification-settings';

const PUBLIC_KEY = 'BPz-_w';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const settings: NotificationSettings = {
  ...DEFAULT_NOTIFICATION_SETTINGS,
  reminders: { ...DEFAULT_NOTIFICATION_SETTINGS.reminders, planner: { enabled: false, time: '08:30' } },
};

/** Properties put on jsdom's navigator for one test (the Push API and the user agent are the browser's, outside our system). */
const navigatorProps = new Set<string>();
function onNavigator(props: Record<string, unknown>) {
  for (const [key, value] of Object.entries(props)) {
    Object.defineProperty(navigator, key, { configurable: true, value });
    navigatorProps.add(key);
  }
}

afterEach(() => {
  navigatorProps.forEach((key) => Reflect.deleteProperty(navigator, key));
  navigatorProps.clear();
  resetTestState();
});

/** A browser with the Push API where this device has no subscription yet. */
function pushBrowser(permission: NotificationPermission = 'granted') {
  const subscription = {
    endpoint: 'https://push.example.com/send/abc',
    toJSON: () => ({ endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'p256dh-key', auth: 'auth-key' } }),
    unsubscribe: vi.fn(async () => true),
  };
  let current: typeof subscription | null = null;
  const pushManager = { getSubscription: vi.fn(async () => current), subscribe: vi.fn(async () => (current = subscription)) };
  const requestPermission = vi.fn(async () => permission);
  onNavigator({ serviceWorker: { getRegistration: async () => ({ pushManager }) } });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  return { requestPermission, pushManager, subscription };
}

/** The server: GET answers `answer`, PUT answers `onPut` (by default: stores and returns the settings). */
function notificationsServer({
  user = fakeUser(),
  answer = { publicKey: PUBLIC_KEY, settings },
  onPut,
  rules,
}: { user?: ReturnType<typeof fakeUser>; answer?: NotificationsResponse | Promise<NotificationsResponse>; onPut?: (call: ApiCall) => Response; rules?: CohortRules } = {}): ApiCall[] {
  return fakeServer(user, (call) => {
    if (rules && call.path.startsWith('/api/cohorts/')) return json(fakeCohortInfo({ rules }));
    if (call.path === '/api/me/notifications' && call.method === 'GET') return Promise.resolve(answer).then((body) => json(body));
    if (call.path === '/api/me/notifications' && call.method === 'PUT') {
      return onPut ? onPut(call) : json({ publicKey: PUBLIC_KEY, settings: (call.body as { settings: NotificationSettings }).settings });
    }
    if (call.path === '/api/me/push-subscriptions' && call.method === 'POST') return json({ subscribed: true }, 201);
    if (call.path === '/api/me/push-subscriptions/remove' && call.method === 'POST') return new Response(null, { status: 204 });
    return undefined;
  });
}

describe('Notifications in the profile', { timeout: 20_000 }, () => {
  it("loads and shows a participant's settings", async () => {
    const answer = deferred<NotificationsResponse>();
    // Weeks from Thursday to Wednesday: the check-in reminder on Wednesdays, the planner's on Thursdays.
    notificationsServer({ user: fakeUser({ challengeStartDate: '2026-03-19' }), answer: answer.promise });
    renderApp('/profilo', <NotificationSettingsPanel />);

    expect(await screen.findByText('Caricamento delle notifiche...')).toBeInTheDocument();
    answer.resolve({ publicKey: PUBLIC_KEY, settings });

    const habits = await screen.findByRole('checkbox', { name: 'Promemoria abitudini: ogni giorno, se non le hai completate tutte' });
    expect(habits).toBeChecked();
    expect(screen.getByText('Gli orari seguono il tuo fuso orario (Europe/Rome).')).toBeInTheDocument();
    expect(screen.getByLabelText('Orario del promemoria abitudini')).toHaveValue('20:30');
    expect(screen.getByRole('checkbox', { name: 'Promemoria check-in: il mercoledì, se non l’hai ancora inviato' })).toBeChecked();
    expect(screen.getByLabelText('Orario del promemoria check-in')).toHaveValue('18:00');
    expect(screen.getByRole('checkbox', { name: 'Promemoria planner: il giovedì, se non l’hai ancora scritto' })).not.toBeChecked();
    expect(screen.getByLabelText('Orario del promemoria planner')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Non disturbare' })).toBeChecked();
    expect(screen.getByLabelText('Non disturbare dalle')).toHaveValue('22:00');
    expect(screen.getByLabelText('Non disturbare alle')).toHaveValue('07:00');
    expect(screen.getByRole('checkbox', { name: 'Quando il coach risponde a un check-in' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Quando il coach ti manda un messaggio' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /umore 1–2/ })).not.toBeInTheDocument();
    // jsdom has no Push API.
    expect(screen.getByText('Questo browser non supporta le notifiche.')).toBeInTheDocument();
  });

  it('saves the changed values and confirms', async () => {
    const calls = notificationsServer();
    const { user } = renderApp('/profilo', <NotificationSettingsPanel />);

    const time = await screen.findByLabelText('Orario del promemoria abitudini');
    await user.clear(time);
    await user.type(time, '21:15');
    // No start date yet: the days are said in words.
    await user.click(screen.getByRole('checkbox', { name: 'Promemoria planner: il primo giorno della tua settimana, se non l’hai ancora scritto' }));
    await user.click(screen.getByRole('checkbox', { name: 'Non disturbare' }));
    await user.click(screen.getByRole('checkbox', { name: 'Quando il coach ti manda un messaggio' }));
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Preferenze delle notifiche salvate')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      settings: {
        reminders: { habits: { enabled: true, time: '21:15' }, checkIn: { enabled: true, time: '18:00' }, planner: { enabled: true, time: '08:30' }, quietHours: null },
        coachReplies: true,
        coachMessages: false,
        moodAlerts: true,
        participantMessages: true,
        plannedActions: true,
        highFives: true,
      },
    });
  });

  it('the planned actions\' reminder is offered where the cohort\'s rule gives it, and saved when turned off', async () => {
    const calls = notificationsServer({ rules: NEW_COHORT_RULES });
    const { user } = renderApp('/profilo', <NotificationSettingsPanel />);
    const planned = await screen.findByRole('checkbox', { name: 'Promemoria delle azioni pianificate: all’ora che hai scelto nel planner, se non l’hai ancora completata' });
    expect(planned).toBeChecked();
    await user.click(planned);
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Preferenze delle notifiche salvate')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ settings: { plannedActions: false } });
  });

  it('the planned actions\' reminder is not offered where the cohort\'s rule is off', async () => {
    const calls = notificationsServer({ rules: STORED_COHORT_RULES });
    renderApp('/profilo', <NotificationSettingsPanel />);
    expect(await screen.findByRole('checkbox', { name: /^Promemoria abitudini/ })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path.startsWith('/api/cohorts/'))).toBe(true));
    expect(screen.queryByRole('checkbox', { name: /azioni pianificate/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps what the user typed", async () => {
    const message = 'Impostazioni delle notifiche non valide';
    notificationsServer({ onPut: () => json({ message }, 400) });
    const { user } = renderApp('/profilo', <NotificationSettingsPanel />);

    const from = await screen.findByLabelText('Non disturbare dalle');
    await user.clear(from);
    await user.type(from, '23:45');
    await user.click(screen.getByRole('checkbox', { name: 'Quando il coach risponde a un check-in' }));
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Non disturbare dalle')).toHaveValue('23:45');
    expect(screen.getByRole('checkbox', { name: 'Quando il coach risponde a un check-in' })).not.toBeChecked();
  });

  it('checks the times before sending', async () => {
    const calls = notificationsServer();
    const { user } = renderApp('/profilo', <NotificationSettingsPanel />);

    await user.clear(await screen.findByLabelText('Orario del promemoria check-in'));
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Orario non valido (usa il formato HH:MM)');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('refuses quiet hours that begin when they end, saying why, and sends nothing', async () => {
    const calls = notificationsServer();
    const { user } = renderApp('/profilo', <NotificationSettingsPanel />);

    const to = await screen.findByLabelText('Non disturbare alle');
    await user.clear(to);
    await user.type(to, '22:00');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Scegli due orari diversi per l’inizio e la fine di “Non disturbare”');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(screen.getByLabelText('Non disturbare alle')).toHaveValue('22:00');
  });

  it('asks the permission only on the tap, then subscribes this device; and unsubscribes it', async () => {
    const browser = pushBrowser();
    const calls = notificationsServer();
    const { user } = renderApp('/profilo', <NotificationSettingsPanel />);

    expect(await screen.findByText('Notifiche non attive su questo dispositivo')).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Attiva le notifiche' }));

    expect(await screen.findByText('Notifiche attive su questo dispositivo')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([0x04, 0xfc, 0xfe, 0xff]) });
    expect(calls.find((call) => call.path === '/api/me/push-subscriptions')?.body).toEqual({
      endpoint: 'https://push.example.com/send/abc',
      keys: { p256dh: 'p256dh-key', auth: 'auth-key' },
    });

    await user.click(screen.getByRole('button', { name: 'Disattiva su questo dispositivo' }));
    expect(await screen.findByText('Notifiche non attive su questo dispositivo')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/me/push-subscriptions/remove')?.body).toEqual({ endpoint: 'https://push.example.com/send/abc' });
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('explains a refused permission and sends nothing', async () => {
    pushBrowser('denied');
    const calls = notificationsServer();
    const { user } = renderApp('/profilo', <NotificationSettingsPanel />);

    await user.click(await screen.findByRole('button', { name: 'Attiva le notifiche' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Hai bloccato le notifiche per questo sito: puoi riattivarle dalle impostazioni del browser.');
    expect(screen.getByText('Notifiche non attive su questo dispositivo')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/me/push-subscriptions')).toBe(false);
  });

  it('on an iPhone browser, tells how to install the app instead', async () => {
    onNavigator({ userAgent: IPHONE_SAFARI });
    notificationsServer();
    renderApp('/profilo', <NotificationSettingsPanel />);

    expect(
      await screen.findByText('Su iPhone i promemoria arrivano solo all’app installata: tocca Condividi, poi «Aggiungi a schermata Home», e apri l’app da lì.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Attiva le notifiche' })).not.toBeInTheDocument();
  });

  it('says so when the server has no push key', async () => {
    pushBrowser();
    notificationsServer({ answer: { publicKey: null, settings } });
    renderApp('/profilo', <NotificationSettingsPanel />);

    expect(await screen.findByText('Le notifiche non sono disponibili al momento.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Attiva le notifiche' })).not.toBeInTheDocument();
  });

  it('a coach sees only the coach’s notifications (mood alerts, participants’ messages), and saving keeps the rest as it was', async () => {
    const calls = notificationsServer({ user: fakeUser({ role: 'OWNER' }) });
    const { user } = renderApp('/profilo', <NotificationSettingsPanel />);

    const moodAlerts = await screen.findByRole('checkbox', { name: 'Quando arriva un check-in con umore 1–2 nelle tue coorti' });
    const participantMessages = screen.getByRole('checkbox', { name: 'Messaggi dai partecipanti' });
    expect(screen.getAllByRole('checkbox')).toEqual([moodAlerts, participantMessages]);
    expect(screen.queryByLabelText(/Orario/)).not.toBeInTheDocument();

    await user.click(moodAlerts);
    await user.click(participantMessages);
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ settings: { ...settings, moodAlerts: false, participantMessages: false } }),
    );
  });
});

describe('the team setting', { timeout: 20_000 }, () => {
  it('shows "Dalla tua squadra" only in a cohort whose team rule is on, and saves it', async () => {
    const user = fakeUser();
    const calls = fakeServer(user, (call) => {
      if (call.path === `/api/cohorts/${user.cohortId}`) return json(fakeCohortInfo({ id: user.cohortId, rules: NEW_COHORT_RULES }));
      if (call.path === '/api/me/notifications' && call.method === 'GET') return json({ publicKey: PUBLIC_KEY, settings });
      if (call.path === '/api/me/notifications' && call.method === 'PUT') return json({ publicKey: PUBLIC_KEY, settings: (call.body as { settings: NotificationSettings }).settings });
      return undefined;
    });
    const { user: clicker } = renderApp('/profilo', <NotificationSettingsPanel />);
    await clicker.click(await screen.findByRole('checkbox', { name: 'Quando qualcuno della squadra ti dà il cinque' }));
    await clicker.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ settings: { ...settings, highFives: false } }));
  });

  it('is not offered with the rule off', async () => {
    const user = fakeUser();
    fakeServer(user, (call) => {
      if (call.path === `/api/cohorts/${user.cohortId}`) return json(fakeCohortInfo({ id: user.cohortId }));
      if (call.path === '/api/me/notifications') return json({ publicKey: PUBLIC_KEY, settings });
      return undefined;
    });
    renderApp('/profilo', <NotificationSettingsPanel />);
    expect(await screen.findByRole('checkbox', { name: 'Quando il coach ti manda un messaggio' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Quando qualcuno della squadra ti dà il cinque' })).toBeNull();
  });
});
