import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@sfida/core/notifications';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { fakeUser } from '../../testing/fake-user';
import { deferred, fakeServer, json, renderApp, resetTestState, type ApiCall } from '../../testing/test-utils';
import ProfilePage from './profile-page';

afterEach(resetTestState);

/** A zone other than the one this machine (the "device") is in. */
const device = browserTimeZone();
const elsewhere = device === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';

/** The notifications section's settings, which the page also loads. */
function notifications(call: ApiCall) {
  return call.method === 'GET' && call.path === '/api/me/notifications' ? json({ publicKey: null, settings: DEFAULT_NOTIFICATION_SETTINGS }) : undefined;
}

/** The profile's own section (the notifications' has a Salva button too). */
const profileSection = () => within(screen.getByRole('region', { name: 'Il tuo profilo' }));

/** Answers PUT /api/auth/profile as the server does: the user with the new zone. */
function acceptingZoneChanges(timeZone: string) {
  let current = fakeUser({ timeZone });
  const calls = fakeServer(current, (call) => {
    if (call.method !== 'PUT' || call.path !== '/api/auth/profile') return notifications(call);
    current = { ...current, ...(call.body as { timeZone: string }) };
    return json(current);
  });
  return calls;
}

describe('Profile: the time zone', { timeout: 20_000 }, () => {
  it("offers this device's zone when the participant's differs, and saves it", async () => {
    const calls = acceptingZoneChanges(elsewhere);
    const { user } = renderApp('/profilo', <ProfilePage />);

    expect(await screen.findByText('Fuso orario')).toBeInTheDocument();
    expect(screen.getByText(elsewhere)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Usa il fuso orario di questo dispositivo (${device})` }));

    expect(await screen.findByText('Fuso orario aggiornato')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ timeZone: device });
    expect(screen.getByText(device, { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Usa il fuso orario di questo dispositivo/ })).not.toBeInTheDocument();
  });

  it("offers no device button when the participant's zone is this device's", async () => {
    acceptingZoneChanges(device);
    renderApp('/profilo', <ProfilePage />);
    expect(await screen.findByRole('button', { name: 'Scegli un altro fuso orario' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Usa il fuso orario di questo dispositivo/ })).not.toBeInTheDocument();
  });

  it('picks another zone from the list', async () => {
    const calls = acceptingZoneChanges(device);
    const { user } = renderApp('/profilo', <ProfilePage />);

    await user.click(await screen.findByRole('button', { name: 'Scegli un altro fuso orario' }));
    const list = screen.getByLabelText('Nuovo fuso orario');
    expect(list).toHaveValue(device);
    await user.selectOptions(list, 'America/Sao_Paulo');
    await user.click(profileSection().getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Fuso orario aggiornato')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ timeZone: 'America/Sao_Paulo' });
    expect(screen.queryByLabelText('Nuovo fuso orario')).not.toBeInTheDocument();
    expect(screen.getByText('America/Sao_Paulo', { selector: 'p' })).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the zone", async () => {
    const message = 'Puoi cambiare il fuso orario una volta al giorno. Riprova domani.';
    fakeServer(fakeUser({ timeZone: device }), (call) => (call.method === 'PUT' ? json({ message }, 429) : notifications(call)));
    const { user } = renderApp('/profilo', <ProfilePage />);

    await user.click(await screen.findByRole('button', { name: 'Scegli un altro fuso orario' }));
    await user.selectOptions(screen.getByLabelText('Nuovo fuso orario'), elsewhere);
    await user.click(profileSection().getByRole('button', { name: 'Salva' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Nuovo fuso orario')).toHaveValue(elsewhere);
    expect(screen.getByText(device, { selector: 'p' })).toBeInTheDocument();
  });
});

/** Answers PUT /api/auth/profile as the server does: the user with the new name. */
function acceptingNameChanges() {
  let current = fakeUser({ name: 'Anna' });
  return fakeServer(current, (call) => {
    if (call.method !== 'PUT' || call.path !== '/api/auth/profile') return notifications(call);
    current = { ...current, ...(call.body as { name: string }) };
    return json(current);
  });
}

describe('Profile: the name', { timeout: 20_000 }, () => {
  it('says an empty or blank name is missing, with no bubble of the browser in the way, and sends nothing', async () => {
    const calls = acceptingNameChanges();
    const { user } = renderApp('/profilo', <ProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Modifica nome' }));
    const input = profileSection().getByLabelText(/Nuovo nome/);
    expect(input.closest('form')).toHaveAttribute('novalidate');

    await user.clear(input);
    await user.click(profileSection().getByRole('button', { name: 'Salva' }));
    expect(profileSection().getByRole('alert')).toHaveTextContent('Inserisci il tuo nome');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.type(input, '   ');
    expect(profileSection().queryByRole('alert')).not.toBeInTheDocument();
    await user.click(profileSection().getByRole('button', { name: 'Salva' }));
    expect(profileSection().getByRole('alert')).toHaveTextContent('Inserisci il tuo nome');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves a new name and confirms it with a notice', async () => {
    const calls = acceptingNameChanges();
    const { user } = renderApp('/profilo', <ProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Modifica nome' }));
    const input = profileSection().getByLabelText(/Nuovo nome/);
    await user.clear(input);
    await user.type(input, '  Anna Bianchi ');
    await user.click(profileSection().getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Nome aggiornato')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Anna Bianchi' });
    expect(profileSection().queryByLabelText(/Nuovo nome/)).not.toBeInTheDocument();
    expect(profileSection().getByText('Anna Bianchi')).toBeInTheDocument();
  });
});

describe('Profile: notifications', { timeout: 20_000 }, () => {
  it('shows the profile before the notification settings arrive, then their section', async () => {
    const answer = deferred<Response>();
    fakeServer(fakeUser(), (call) => (call.path === '/api/me/notifications' ? answer.promise : undefined));
    renderApp('/profilo', <ProfilePage />);

    expect(await screen.findByText('Fuso orario')).toBeInTheDocument();
    const section = within(screen.getByRole('region', { name: 'Notifiche e promemoria' }));
    expect(section.getByText('Caricamento delle notifiche...')).toBeInTheDocument();

    answer.resolve(json({ publicKey: null, settings: DEFAULT_NOTIFICATION_SETTINGS }));
    expect(await section.findByText('Le notifiche non sono disponibili al momento.')).toBeInTheDocument();
    expect(section.getByRole('checkbox', { name: 'Quando il coach ti manda un messaggio' })).toBeChecked();
  });
});

describe('Profile: the role', { timeout: 20_000 }, () => {
  /** The text of the definition that follows the term `label` in the profile's list. */
  const detail = (label: string) => profileSection().getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

  it('names a participant’s role in Italian only, with no code from the server', async () => {
    fakeServer(fakeUser(), notifications);
    renderApp('/profilo', <ProfilePage />);
    await screen.findByRole('region', { name: 'Il tuo profilo' });
    expect(detail('Ruolo')).toBe('Partecipante');
    expect(screen.queryByText(/PARTICIPANT/)).toBeNull();
  });

  it('names a coach’s role “Coach”', async () => {
    fakeServer(fakeUser({ role: 'OWNER' }), notifications);
    renderApp('/profilo', <ProfilePage />);
    await screen.findByRole('region', { name: 'Il tuo profilo' });
    expect(detail('Ruolo')).toBe('Coach');
    expect(screen.queryByText(/OWNER/)).toBeNull();
  });
});
