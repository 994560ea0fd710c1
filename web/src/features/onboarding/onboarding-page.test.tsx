import { screen, waitFor, within } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { deferred, fakeServer, json, renderApp, sessionAnswer } from '../../testing/test-utils';
import { fakeNewcomer, fakeUser } from '../../testing/fake-user';

afterEach(() => {
  vi.unstubAllGlobals();
});

const newcomer = fakeNewcomer();
const onboarded = fakeUser({ tempoAllenamento: 'PIU_UN_ANNO', luogoAllenamento: 'PALESTRA', livelloAllenamento: 'AVANZATO', schedaAssegnata: 'AVANZATO_PALESTRA' });

/**
 * A browser renders a click's state updates (React's microtask) before the button's default
 * action, so a button that turns into a submit button under the pointer submits the form; jsdom,
 * clicked from a script, renders after it. This listener renders first, as the browser does.
 */
function renderBeforeDefaultActions(): () => void {
  const render = () => flushSync(() => undefined);
  document.addEventListener('click', render);
  return () => document.removeEventListener('click', render);
}

type User = ReturnType<typeof renderApp>['user'];

async function answerAll(user: User) {
  await user.click(await screen.findByLabelText(/Da più di un anno/));
  await user.click(screen.getByRole('button', { name: 'Avanti' }));
  await user.click(screen.getByLabelText(/In palestra/));
  await user.click(screen.getByRole('button', { name: 'Avanti' }));
  await user.click(screen.getByLabelText(/Avanzato/));
}

describe('onboarding page', { timeout: 20_000 }, () => {
  it('will not advance without an answer, and counts the questions', async () => {
    fakeServer(newcomer);
    const { user } = renderApp('/onboarding');

    expect(await screen.findByText('Domanda 1 di 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Seleziona un'opzione prima di continuare");

    await user.click(screen.getByLabelText(/Da meno di un anno/));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    expect(screen.getByText('Domanda 2 di 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(screen.getByText('Domanda 1 di 3')).toBeInTheDocument();
    expect(screen.getByLabelText(/Da meno di un anno/)).toBeChecked();
  });

  it('shows no warning on the last question until the participant tries to finish without answering', async () => {
    const calls = fakeServer(newcomer);
    const { user } = renderApp('/onboarding');
    onTestFinished(renderBeforeDefaultActions());
    await user.click(await screen.findByLabelText(/Da più di un anno/));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    await user.click(screen.getByLabelText(/In palestra/));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    expect(screen.getByText('Domanda 3 di 3')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Per favore rispondi a tutte le domande')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Completa Onboarding' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Per favore rispondi a tutte le domande');
    await user.click(screen.getByLabelText(/Principiante/));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/onboarding')).toBe(false);
  });

  it('moves on with the Enter key too, one question at a time', async () => {
    fakeServer(newcomer);
    const { user } = renderApp('/onboarding');
    await user.click(await screen.findByLabelText(/Da più di un anno/));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Domanda 2 di 3')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/In palestra/));
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Domanda 3 di 3')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for every answer before saving', async () => {
    const calls = fakeServer(newcomer);
    const { user } = renderApp('/onboarding');
    await user.click(await screen.findByLabelText(/Da più di un anno/));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    await user.click(screen.getByLabelText(/A casa/));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    await user.click(screen.getByRole('button', { name: 'Completa Onboarding' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Per favore rispondi a tutte le domande');
    expect(calls.some((call) => call.path === '/api/onboarding')).toBe(false);
  });

  it('saves the answers with the derived sheet and names it in the success modal', async () => {
    let me = newcomer;
    const saved = deferred<Response>();
    const calls = fakeServer(newcomer, {
      'GET /api/auth/session': () => sessionAnswer(me),
      'POST /api/onboarding': () => {
        me = onboarded;
        return saved.promise;
      },
    });
    const { user, currentPath } = renderApp('/onboarding');
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Completa Onboarding' }));

    expect(await screen.findByText('Salvataggio in corso...')).toBeInTheDocument();
    saved.resolve(json(onboarded));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Avanzato – Palestra')).toBeInTheDocument();
    // The sheet downloads from the dialog itself, without a detour through the profile.
    const download = within(dialog).getByRole('link', { name: 'Scarica la scheda' });
    expect(download).toHaveAttribute('href', '/api/scheda/AVANZATO_PALESTRA');
    expect(download).toHaveAttribute('download');
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/onboarding')?.body).toEqual({
      tempoAllenamento: 'PIU_UN_ANNO',
      luogoAllenamento: 'PALESTRA',
      livelloAllenamento: 'AVANZATO',
      schedaAssegnata: 'AVANZATO_PALESTRA',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Vai alla dashboard' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('shows the server message when saving fails', async () => {
    fakeServer(newcomer, { 'POST /api/onboarding': () => json({ message: 'Risposta non valida' }, 400) });
    const { user } = renderApp('/onboarding');
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Completa Onboarding' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Risposta non valida');
  });

  it('falls back to the Italian message when the failure has none', async () => {
    fakeServer(newcomer, { 'POST /api/onboarding': () => new Response('', { status: 500 }) });
    const { user } = renderApp('/onboarding');
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Completa Onboarding' }));

    expect(await screen.findByRole('alert')).toHaveTextContent("Errore durante il salvataggio dell'onboarding");
  });

  it('sends a participant who has completed it to the dashboard', async () => {
    fakeServer(fakeUser());
    const { currentPath } = renderApp('/onboarding');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('sends an owner, who has nothing to answer, to the coach console', async () => {
    fakeServer(fakeUser({ role: 'OWNER', onboardingCompletato: false }), { 'GET /api/coach/cohorts': () => json([]) });
    const { currentPath } = renderApp('/onboarding');
    await waitFor(() => expect(currentPath()).toBe('/coach'));
  });

  it('sends a participant who has not completed it from any app route to the onboarding', async () => {
    fakeServer(newcomer);
    const { currentPath } = renderApp('/profilo');
    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
  });

  it('logs out and goes back to the registration', async () => {
    const calls = fakeServer(newcomer, { 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    const { user, currentPath } = renderApp('/onboarding');
    await user.click(await screen.findByRole('button', { name: 'Torna alla registrazione' }));

    await waitFor(() => expect(currentPath()).toBe('/register'));
    expect(calls.some((call) => call.path === '/api/auth/logout')).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Crea il tuo account' })).toBeInTheDocument();
  });
});
