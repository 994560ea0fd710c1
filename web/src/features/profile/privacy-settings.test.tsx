import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@sfida/core/notifications';
import { deletionMessages } from '@sfida/core/account-deletion';
import { privacyExportMessages } from '@sfida/core/privacy-export';
import { privacyTexts } from '@sfida/core/privacy-texts';
import { BACKUP_DAYS } from '@sfida/core/retention';
import type { User } from '@sfida/core/user';
import { REMEMBERED_USER_KEY } from '../../lib/remembered-user';
import { STORAGE_KEYS } from '../../tracker/storage-keys';
import { fakeUser } from '../../testing/fake-user';
import { deferred, fakeServer, json, noNetwork, renderApp, resetTestState, type ApiCall, type ApiHandler } from '../../testing/test-utils';
import { DELETE_PATH, EXPORT_PATH, OFFLINE_MESSAGE, attachmentName, googleConfirmationMessages } from './api/privacy';
import ProfilePage from './profile-page';

// The Firebase SDK stands in for Google and Firebase Auth (outside the app): what the page does
// around it is real, our API is the test's fake server.
const sdk = vi.hoisted(() => ({
  signInWithRedirect: vi.fn(async () => new Promise<never>(() => {})),
  getRedirectResult: vi.fn(async (): Promise<unknown> => null),
  signOut: vi.fn(async () => undefined),
  connectAuthEmulator: vi.fn(),
  initializeAuth: vi.fn(() => ({ name: 'fake-auth' })),
  setCustomParameters: vi.fn(),
}));
vi.mock('firebase/app', () => ({ getApps: () => [], initializeApp: vi.fn(() => ({ name: '[DEFAULT]' })) }));
vi.mock('firebase/auth', () => ({
  ...sdk,
  inMemoryPersistence: { type: 'NONE' },
  browserPopupRedirectResolver: class {},
  GoogleAuthProvider: class {
    setCustomParameters = sdk.setCustomParameters;
  },
}));
const googleConfig = { apiKey: 'chiave', authDomain: 'localhost', projectId: 'demo-sfida8', emulatorUrl: null };
/** The mark this tab keeps while it is at Google for the deletion's confirmation. */
const GOOGLE_MARK = 'sfida8:google-delete';

const participant = fakeUser();
const coach = fakeUser({ id: 'user-carla', email: 'carla@example.it', name: 'Carla', role: 'OWNER' });

/** What else the profile page loads, answered as the API does. */
function profileCalls(call: ApiCall): Response | undefined {
  if (call.path === '/api/me/notifications') return json({ publicKey: null, settings: DEFAULT_NOTIFICATION_SETTINGS });
  if (call.path === '/api/me/calendar-feed') return json({ active: false, createdAt: null });
  return undefined;
}

function server(user: User, handler: ApiHandler = () => undefined) {
  return fakeServer(user, (call) => handler(call) ?? profileCalls(call));
}

const zip = () =>
  new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]), {
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="sfida-8-settimane-anna-2026-12-02.zip"' },
  });

const section = async () => within(await screen.findByRole('region', { name: 'Privacy e dati' }));

/** The links the page clicked to hand a file to the browser (jsdom cannot download). */
let downloads: Array<{ name: string; href: string }>;

beforeEach(() => {
  downloads = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export-1'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
});
afterEach(() => {
  resetTestState();
  vi.restoreAllMocks();
  sessionStorage.clear();
  for (const fn of Object.values(sdk)) fn.mockClear();
});

describe('Profile: Privacy e dati', { timeout: 20_000 }, () => {
  it('offers the download and the deletion side by side and says what each does, what stays and for how long', async () => {
    server(participant);
    renderApp('/profilo', <ProfilePage />);
    const privacy = await section();
    expect(privacy.getByRole('button', { name: 'Scarica i miei dati' })).toBeEnabled();
    expect(privacy.getByRole('button', { name: 'Elimina il mio account' })).toHaveAttribute('aria-expanded', 'false');
    expect(privacy.getByText(/Un file ZIP con tutto ciò che l’App conserva su di te/)).toBeInTheDocument();
    expect(privacy.getByText(/“Partecipante eliminato”/)).toBeInTheDocument();
    expect(privacy.getByText(/un registro delle eliminazioni/)).toBeInTheDocument();
    expect(privacy.getByText(new RegExp(`per al massimo ${BACKUP_DAYS} giorni`))).toBeInTheDocument();
    expect(privacy.queryByText(/resta almeno un altro coach/)).toBeNull();
    // Reachable from the top of the page: the link leads to the section's anchor.
    expect(screen.getByRole('link', { name: 'Privacy e dati' })).toHaveAttribute('href', '/profilo#privacy-e-dati');
  });

  it('a link to the section leads there', async () => {
    server(participant);
    renderApp('/profilo#privacy-e-dati', <ProfilePage />);
    const region = await screen.findByRole('region', { name: 'Privacy e dati' });
    await waitFor(() => expect(region).toContainElement(document.activeElement as HTMLElement));
  });

  it('tells a coach they can delete only when another coach remains on each cohort', async () => {
    server(coach);
    renderApp('/profilo', <ProfilePage />);
    const privacy = await section();
    expect(privacy.getByText(/puoi eliminare il tuo account solo se in ognuna delle tue coorti resta almeno un altro coach/)).toBeInTheDocument();
    expect(privacy.queryByText(/“Partecipante eliminato”/)).toBeNull();
  });

  it('downloads the ZIP under the name the server gives it, and says it is busy meanwhile', async () => {
    const answer = deferred<Response>();
    const calls = server(participant, (call) => (call.path === EXPORT_PATH ? answer.promise : undefined));
    const { user } = renderApp('/profilo', <ProfilePage />);
    const privacy = await section();
    await user.click(privacy.getByRole('button', { name: 'Scarica i miei dati' }));
    expect(await privacy.findByRole('button', { name: /Preparazione/ })).toBeDisabled();

    answer.resolve(zip());
    expect(await screen.findByText('Download avviato')).toBeInTheDocument();
    expect(downloads).toEqual([{ name: 'sfida-8-settimane-anna-2026-12-02.zip', href: 'blob:export-1' }]);
    const exportCall = calls.find((call) => call.path === EXPORT_PATH);
    expect(exportCall?.method).toBe('GET');
    expect(exportCall?.credentials).toBe('include');
    expect(privacy.getByRole('button', { name: 'Scarica i miei dati' })).toBeEnabled();
  });

  it('shows the server’s refusal of a second download within a minute', async () => {
    server(participant, (call) => (call.path === EXPORT_PATH ? json({ message: privacyExportMessages.tooSoon }, 429) : undefined));
    const { user } = renderApp('/profilo', <ProfilePage />);
    const privacy = await section();
    await user.click(privacy.getByRole('button', { name: 'Scarica i miei dati' }));
    expect(await privacy.findByRole('alert')).toHaveTextContent(privacyExportMessages.tooSoon);
    expect(downloads).toEqual([]);
  });

  it('says so when the browser is offline', async () => {
    server(participant, (call) => (call.path === EXPORT_PATH ? noNetwork(call) : undefined));
    const { user } = renderApp('/profilo', <ProfilePage />);
    const privacy = await section();
    await user.click(privacy.getByRole('button', { name: 'Scarica i miei dati' }));
    expect(await privacy.findByRole('alert')).toHaveTextContent(OFFLINE_MESSAGE);
  });

  it('asks for ELIMINA and sends nothing until it is typed', async () => {
    const calls = server(participant);
    const { user } = renderApp('/profilo', <ProfilePage />);
    const privacy = await section();
    await user.click(privacy.getByRole('button', { name: 'Elimina il mio account' }));
    const form = within(privacy.getByRole('form', { name: 'Eliminare il tuo account?' }));
    expect(form.getByLabelText(/Scrivi ELIMINA per confermare/)).toHaveFocus();

    await user.keyboard('elimina');
    await user.type(form.getByLabelText(/La tua password/), 'segreta-123');
    await user.click(form.getByRole('button', { name: 'Elimina definitivamente' }));
    expect(await form.findByRole('alert')).toHaveTextContent(deletionMessages.confirmationMissing);
    expect(calls.some((call) => call.path === DELETE_PATH)).toBe(false);

    await user.click(form.getByRole('button', { name: 'Annulla' }));
    expect(privacy.queryByRole('form')).toBeNull();
  });

  it('shows a refused password next to the form and keeps what was typed', async () => {
    const message = 'Password non corretta';
    const calls = server(participant, (call) => (call.path === DELETE_PATH ? json({ message }, 400) : undefined));
    const { user } = renderApp('/profilo', <ProfilePage />);
    const privacy = await section();
    await user.click(privacy.getByRole('button', { name: 'Elimina il mio account' }));
    const form = within(privacy.getByRole('form', { name: 'Eliminare il tuo account?' }));
    await user.type(form.getByLabelText(/Scrivi ELIMINA per confermare/), 'ELIMINA');
    await user.type(form.getByLabelText(/La tua password/), 'sbagliata');
    await user.click(form.getByRole('button', { name: 'Elimina definitivamente' }));

    expect(await form.findByRole('alert')).toHaveTextContent(message);
    expect(calls.find((call) => call.path === DELETE_PATH)?.body).toEqual({ confirm: 'ELIMINA', password: 'sbagliata' });
    expect(form.getByLabelText(/Scrivi ELIMINA per confermare/)).toHaveValue('ELIMINA');
    expect(form.getByLabelText(/La tua password/)).toHaveValue('sbagliata');
  });

  it('shows why a coach who is the last one of a cohort cannot delete yet', async () => {
    const message = 'Sei l’unico coach della coorte Primavera: aggiungi un altro coach o archiviala prima di eliminare il tuo account';
    server(coach, (call) => (call.path === DELETE_PATH ? json({ message }, 409) : undefined));
    const { user } = renderApp('/profilo', <ProfilePage />);
    const privacy = await section();
    await user.click(privacy.getByRole('button', { name: 'Elimina il mio account' }));
    const form = within(privacy.getByRole('form', { name: 'Eliminare il tuo account?' }));
    await user.type(form.getByLabelText(/Scrivi ELIMINA per confermare/), 'ELIMINA');
    await user.type(form.getByLabelText(/La tua password/), 'segreta-123');
    await user.click(form.getByRole('button', { name: 'Elimina definitivamente' }));
    expect(await form.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('region', { name: 'Il tuo profilo' })).toBeInTheDocument();
  });

  it('once deleted, wipes this browser’s copy of the account and says goodbye on the privacy page', async () => {
    const trackerKey = STORAGE_KEYS.tracker(participant.id);
    const deviceTokenKey = `sfida8:device-token:${participant.email}`;
    localStorage.setItem(trackerKey, JSON.stringify({ habits: [] }));
    localStorage.setItem(deviceTokenKey, 'token-123');
    localStorage.setItem('sfida8:device-token:altro@example.it', 'token-456');
    const calls = server(participant, (call) => (call.path === DELETE_PATH ? new Response(null, { status: 204 }) : undefined));
    const { user, currentPath, queryClient } = renderApp('/profilo');
    const privacy = await section();
    expect(localStorage.getItem(REMEMBERED_USER_KEY)).not.toBeNull();

    await user.click(privacy.getByRole('button', { name: 'Elimina il mio account' }));
    const form = within(privacy.getByRole('form', { name: 'Eliminare il tuo account?' }));
    await user.type(form.getByLabelText(/Scrivi ELIMINA per confermare/), 'ELIMINA');
    await user.type(form.getByLabelText(/La tua password/), 'segreta-123');
    await user.click(form.getByRole('button', { name: 'Elimina definitivamente' }));

    expect((await screen.findByText(privacyTexts.accountDeleted)).closest('[role="status"]')).toHaveTextContent(`${BACKUP_DAYS} giorni`);
    expect(currentPath()).toBe('/privacy');
    expect(calls.filter((call) => call.path === DELETE_PATH)).toHaveLength(1);
    await waitFor(() => expect(localStorage.getItem(trackerKey)).toBeNull());
    expect(localStorage.getItem(deviceTokenKey)).toBeNull();
    expect(localStorage.getItem(REMEMBERED_USER_KEY)).toBeNull();
    // Another account's token in this browser is not this account's to remove.
    expect(localStorage.getItem('sfida8:device-token:altro@example.it')).toBe('token-456');
    expect(queryClient.getQueryCache().findAll().filter((query) => query.queryKey[0] !== 'auth')).toEqual([]);
  });
});

const passwordOnly = fakeUser({ signIn: { password: true, google: false } });
const googleOnly = fakeUser({ id: 'user-gina', email: 'gina@gmail.com', name: 'Gina', signIn: { password: false, google: true } });
const both = fakeUser({ signIn: { password: true, google: true } });

/** Opens the deletion's form and answers it. */
async function openDeletion(user: ReturnType<typeof renderApp>['user']) {
  const privacy = await section();
  await user.click(privacy.getByRole('button', { name: 'Elimina il mio account' }));
  return within(privacy.getByRole('form', { name: 'Eliminare il tuo account?' }));
}

describe('Profile: confirming the deletion as the account signs in', { timeout: 20_000 }, () => {
  it('an account with a password only confirms with its password, and no Google button or e-mail fallback is offered', async () => {
    server(passwordOnly);
    const { user } = renderApp('/profilo', <ProfilePage />);
    const form = await openDeletion(user);
    expect(form.getByLabelText(/La tua password/)).toBeRequired();
    expect(form.queryByRole('button', { name: 'Conferma con Google' })).toBeNull();
    expect(form.queryByText(/privacy@/)).toBeNull();
    await user.type(form.getByLabelText(/Scrivi ELIMINA per confermare/), 'ELIMINA');
    await user.click(form.getByRole('button', { name: 'Elimina definitivamente' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Inserisci la password');
  });

  it('a Google account has no password field: "Conferma con Google", by keyboard, goes to Google for this account once ELIMINA is typed', async () => {
    const calls = server(googleOnly, (call) => (call.path === '/api/auth/google/config' ? json(googleConfig) : undefined));
    const { user } = renderApp('/profilo', <ProfilePage />);
    const form = await openDeletion(user);
    expect(form.queryByLabelText(/La tua password/)).toBeNull();
    expect(form.queryByRole('button', { name: 'Elimina definitivamente' })).toBeNull();
    expect(form.queryByText(/privacy@/)).toBeNull();
    expect(form.getByText(/ti chiediamo di accedere di nuovo con Google/)).toBeInTheDocument();

    // Enter in the confirmation field sends the form: without ELIMINA, nowhere.
    expect(form.getByLabelText(/Scrivi ELIMINA per confermare/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await form.findByRole('alert')).toHaveTextContent(deletionMessages.confirmationMissing);
    expect(sdk.signInWithRedirect).not.toHaveBeenCalled();

    await user.keyboard('ELIMINA{Enter}');
    await waitFor(() => expect(sdk.signInWithRedirect).toHaveBeenCalledTimes(1));
    expect(sdk.setCustomParameters).toHaveBeenCalledWith({ prompt: 'select_account', login_hint: 'gina@gmail.com' });
    expect(sessionStorage.getItem(GOOGLE_MARK)).not.toBeNull();
    expect(form.getByRole('button', { name: /Collegamento con Google/ })).toBeDisabled();
    expect(calls.some((call) => call.path === DELETE_PATH)).toBe(false);
  });

  it('back from Google, the fresh sign-in’s token deletes the account, the SDK is signed out and the privacy page says goodbye', async () => {
    sessionStorage.setItem(GOOGLE_MARK, '{}');
    sessionStorage.setItem('firebase:pendingRedirect:chiave:[DEFAULT]', '"true"');
    sdk.getRedirectResult.mockResolvedValueOnce({ user: { getIdToken: async () => 'token-google-fresco' } });
    const calls = server(googleOnly, (call) => {
      if (call.path === '/api/auth/google/config') return json(googleConfig);
      if (call.path === DELETE_PATH) return new Response(null, { status: 204 });
      return undefined;
    });
    const { currentPath } = renderApp('/profilo');
    expect(await screen.findByText(privacyTexts.accountDeleted, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(currentPath()).toBe('/privacy');
    const deletions = calls.filter((call) => call.path === DELETE_PATH);
    expect(deletions.map((call) => call.body)).toEqual([{ confirm: 'ELIMINA', idToken: 'token-google-fresco' }]);
    expect(sdk.signOut).toHaveBeenCalledTimes(1);
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('firebase:') || key === GOOGLE_MARK)).toEqual([]);
    expect(localStorage.getItem(REMEMBERED_USER_KEY)).toBeNull();
  });

  it('back from Google with a sign-in the server refuses (too old, or another account): its message, and the button to try again', async () => {
    sessionStorage.setItem(GOOGLE_MARK, '{}');
    sdk.getRedirectResult.mockResolvedValueOnce({ user: { getIdToken: async () => 'token-vecchio' } });
    server(googleOnly, (call) => {
      if (call.path === '/api/auth/google/config') return json(googleConfig);
      if (call.path === DELETE_PATH) return json({ message: deletionMessages.googleNotRecent }, 403);
      return undefined;
    });
    renderApp('/profilo', <ProfilePage />);
    const form = within(await screen.findByRole('form', { name: 'Eliminare il tuo account?' }));
    expect(await form.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(deletionMessages.googleNotRecent);
    expect(form.getByLabelText(/Scrivi ELIMINA per confermare/)).toHaveValue('ELIMINA');
    expect(form.getByRole('button', { name: 'Conferma con Google' })).toBeEnabled();
    expect(sdk.signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('region', { name: 'Il tuo profilo' })).toBeInTheDocument();
  });

  it('back from Google without a sign-in (the person closed it): nothing is sent, and the page says the account stays', async () => {
    sessionStorage.setItem(GOOGLE_MARK, '{}');
    const calls = server(googleOnly, (call) => (call.path === '/api/auth/google/config' ? json(googleConfig) : undefined));
    renderApp('/profilo', <ProfilePage />);
    const form = within(await screen.findByRole('form', { name: 'Eliminare il tuo account?' }));
    expect(await form.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(googleConfirmationMessages.cancelled);
    expect(calls.some((call) => call.path === DELETE_PATH)).toBe(false);
  });

  it('a sign-in Google refuses to start (a closed popup, no network) is said in Italian', async () => {
    server(googleOnly, (call) => (call.path === '/api/auth/google/config' ? json(googleConfig) : undefined));
    sdk.signInWithRedirect.mockRejectedValueOnce(Object.assign(new Error('Firebase: Error'), { code: 'auth/popup-closed-by-user' }));
    const { user } = renderApp('/profilo', <ProfilePage />);
    const form = await openDeletion(user);
    await user.type(form.getByLabelText(/Scrivi ELIMINA per confermare/), 'ELIMINA');
    await user.click(form.getByRole('button', { name: 'Conferma con Google' }));
    expect(await form.findByRole('alert')).toHaveTextContent(googleConfirmationMessages.cancelled);
    expect(sessionStorage.getItem(GOOGLE_MARK)).toBeNull();
    expect(form.getByRole('button', { name: 'Conferma con Google' })).toBeEnabled();
  });

  it('an account with both may use either: the password by Enter, or "Conferma con Google"', async () => {
    const calls = server(both, (call) => {
      if (call.path === '/api/auth/google/config') return json(googleConfig);
      if (call.path === DELETE_PATH) return json({ message: deletionMessages.wrongPassword }, 403);
      return undefined;
    });
    const { user } = renderApp('/profilo', <ProfilePage />);
    const form = await openDeletion(user);
    expect(form.getByLabelText(/La tua password/)).not.toBeRequired();
    await user.type(form.getByLabelText(/Scrivi ELIMINA per confermare/), 'ELIMINA');
    await user.type(form.getByLabelText(/La tua password/), 'wrong-pass{Enter}');
    expect(await form.findByRole('alert')).toHaveTextContent(deletionMessages.wrongPassword);
    expect(calls.filter((call) => call.path === DELETE_PATH).map((call) => call.body)).toEqual([{ confirm: 'ELIMINA', password: 'wrong-pass' }]);
    expect(sdk.signInWithRedirect).not.toHaveBeenCalled();

    await user.click(form.getByRole('button', { name: 'Conferma con Google' }));
    await waitFor(() => expect(sdk.signInWithRedirect).toHaveBeenCalledTimes(1));
  });

  it('an account with neither way to confirm is told to write to the privacy address', async () => {
    server(fakeUser({ signIn: { password: false, google: false } }));
    const { user } = renderApp('/profilo', <ProfilePage />);
    const form = await openDeletion(user);
    expect(form.getByText(/scrivi a privacy@sfida8settimane\.it/)).toBeInTheDocument();
    expect(form.queryByLabelText(/La tua password/)).toBeNull();
    expect(form.queryByRole('button', { name: /Elimina definitivamente|Conferma con Google/ })).toBeNull();
  });
});

describe('the download’s file name', () => {
  it('is read from Content-Disposition, plain or encoded', () => {
    expect(attachmentName('attachment; filename="dati.zip"')).toBe('dati.zip');
    expect(attachmentName("attachment; filename*=UTF-8''dati%20di%20Anna.zip")).toBe('dati di Anna.zip');
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});
