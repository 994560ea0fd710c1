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
import { DELETE_PATH, EXPORT_PATH, OFFLINE_MESSAGE, attachmentName } from './api/privacy';
import ProfilePage from './profile-page';

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

describe('the download’s file name', () => {
  it('is read from Content-Disposition, plain or encoded', () => {
    expect(attachmentName('attachment; filename="dati.zip"')).toBe('dati.zip');
    expect(attachmentName("attachment; filename*=UTF-8''dati%20di%20Anna.zip")).toBe('dati di Anna.zip');
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});
