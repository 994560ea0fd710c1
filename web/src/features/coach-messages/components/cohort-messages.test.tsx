import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { SendMessageRequest, SentMessage } from '@sfida/core/cohort-messages';
import { deferred, json, renderApp, resetTestState, type ApiCall } from '../../../testing/test-utils';
import { fakeCoachServer, fakeCohort, fakeRow } from '../../../testing/coach-fixtures';

afterEach(resetTestState);

const MESSAGES = '/api/coach/cohorts/cohort-1/messages';
const rows = [fakeRow({ userId: 'u-anna', name: 'Anna' }), fakeRow({ userId: 'u-bruno', name: 'Bruno' }), fakeRow({ userId: 'u-dario', name: 'Dario', withdrawn: true })];

function sent(overrides: Partial<SentMessage> = {}): SentMessage {
  return { id: 'm1', text: 'Ciao {nome}!', segment: 'all', recipientCount: 2, readCount: 0, coachName: 'Marta', sentAt: '2026-11-23T09:00:00.000Z', ...overrides };
}

/** The cohort page's server; `answer` first, then the sent messages the test's sends add to. */
function messagesServer(answer: (call: ApiCall) => Response | Promise<Response> | undefined = () => undefined) {
  let messages: SentMessage[] = [];
  return fakeCoachServer((call) => {
    const own = answer(call);
    if (own) return own;
    if (call.path === '/api/coach/cohorts') return json([fakeCohort()]);
    if (call.path.startsWith('/api/coach/cohorts/cohort-1/participants?')) return json({ rows, nextCursor: null });
    if (call.path === '/api/cohorts/cohort-1/events') return json({ events: [] });
    if (call.path === `${MESSAGES}/preview`) {
      const { userIds } = call.body as { userIds?: string[] };
      const recipients = [
        { userId: 'u-anna', name: 'Anna', placeholders: { nome: 'Anna', settimana: 3 } },
        { userId: 'u-bruno', name: 'Bruno', placeholders: { nome: 'Bruno', settimana: 1 } },
      ].filter((r) => !userIds || userIds.includes(r.userId));
      // Bruno no longer opens the app: the message reaches him by email too.
      return json({ count: recipients.length, emailCount: recipients.filter((r) => r.userId === 'u-bruno').length, recipients });
    }
    if (call.path === MESSAGES && call.method === 'POST') {
      const body = call.body as SendMessageRequest;
      const message = sent({ id: body.requestId, text: body.text, segment: body.segment, recipientCount: body.userIds?.length ?? 2 });
      messages = [message, ...messages];
      return json(message, 201);
    }
    if (call.path === MESSAGES) return json({ messages });
    return undefined;
  });
}

const composer = () => screen.getByRole('form', { name: 'Messaggio alla coorte' });

describe('message to the cohort', { timeout: 20_000 }, () => {
  it('previews the audience, then sends once on a double click, and lists the message', async () => {
    const answer = deferred<Response>();
    let held = true;
    const calls = messagesServer((call) => {
      // The first send waits for the test, so the second click lands while it is on its way.
      if (held && call.path === MESSAGES && call.method === 'POST') {
        held = false;
        return answer.promise;
      }
      return undefined;
    });
    const { user } = renderApp('/coach/cohort-1/messaggi');

    expect(await screen.findByText('Nessun messaggio inviato.')).toBeInTheDocument();
    const form = composer();
    expect(within(form).getByLabelText('Destinatari')).toHaveValue('all');
    await user.type(within(form).getByLabelText('Messaggio'), 'Ciao {{nome}, forza!');
    expect(within(form).getByText(/^19\/1000/)).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Invia messaggio' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Vedi destinatari' }));
    expect(await within(form).findByText('Lo riceveranno 2 partecipanti')).toBeInTheDocument();
    expect(within(form).getByText('Anche via email a 1 persona: non apre l’app da qualche giorno.')).toBeInTheDocument();
    expect(within(within(form).getByRole('list', { name: 'Destinatari' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Anna', 'Bruno']);
    expect(calls.find((call) => call.path === `${MESSAGES}/preview`)?.body).toEqual({ segment: 'all' });

    await user.dblClick(within(form).getByRole('button', { name: 'Invia messaggio' }));
    // A second submit before React has drawn the disabled button (a fast double tap) sends nothing either.
    fireEvent.submit(form);
    // While it is on its way the button says so and takes no click.
    const sending = within(form).getByRole('button', { name: 'Invio...' });
    expect(sending).toBeDisabled();
    await user.click(sending);
    const posts = () => calls.filter((call) => call.path === MESSAGES && call.method === 'POST');
    expect(posts()).toHaveLength(1);
    const body = posts()[0]!.body as SendMessageRequest;
    answer.resolve(json(sent({ id: body.requestId, text: body.text }), 201));

    expect(await screen.findByText('Messaggio inviato a 2 partecipanti')).toBeInTheDocument();
    expect(body).toEqual({ segment: 'all', requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/), text: 'Ciao {nome}, forza!' });
    expect(posts()).toHaveLength(1);
    expect(within(form).getByLabelText('Messaggio')).toHaveValue('');
  });

  it('previews the message as the chosen recipient will read it, as it is typed', async () => {
    messagesServer();
    const { user } = renderApp('/coach/cohort-1/messaggi');

    const form = await screen.findByRole('form', { name: 'Messaggio alla coorte' });
    await user.type(within(form).getByLabelText('Messaggio'), '  Ciao {{nome}, siamo alla {{settimana}!');
    await user.click(within(form).getByRole('button', { name: 'Vedi destinatari' }));
    // The first recipient by default.
    expect(await within(form).findByRole('region', { name: 'Anteprima per Anna' })).toHaveTextContent(/^Ciao Anna, siamo alla settimana 3!$/);
    expect(within(form).getByLabelText('Anteprima per')).toHaveValue('u-anna');

    await user.selectOptions(within(form).getByLabelText('Anteprima per'), 'Bruno');
    const bruno = within(form).getByRole('region', { name: 'Anteprima per Bruno' });
    expect(bruno).toHaveTextContent(/^Ciao Bruno, siamo alla settimana 1!$/);
    await user.type(within(form).getByLabelText('Messaggio'), ' Forza {{nome}');
    expect(bruno).toHaveTextContent(/^Ciao Bruno, siamo alla settimana 1! Forza Bruno$/);

    await user.clear(within(form).getByLabelText('Messaggio'));
    expect(bruno).toHaveTextContent('Scrivi il messaggio per vederne l’anteprima.');
  });

  it('retries a failed send with the same requestId, and a new message gets a new one', async () => {
    let failures = 1;
    const calls = messagesServer((call) => {
      if (call.path === MESSAGES && call.method === 'POST' && failures > 0) {
        failures -= 1;
        return json({ message: 'Hai inviato molti messaggi in poco tempo: riprova tra un po’' }, 429);
      }
      return undefined;
    });
    const { user } = renderApp('/coach/cohort-1/messaggi');

    const form = await screen.findByRole('form', { name: 'Messaggio alla coorte' });
    await user.type(within(form).getByLabelText('Messaggio'), 'Primo');
    await user.click(within(form).getByRole('button', { name: 'Vedi destinatari' }));
    await user.click(await within(form).findByRole('button', { name: 'Invia messaggio' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Hai inviato molti messaggi in poco tempo: riprova tra un po’');
    await user.click(within(form).getByRole('button', { name: 'Invia messaggio' }));
    expect(await screen.findByText('Messaggio inviato a 2 partecipanti')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Messaggio'), 'Secondo');
    await user.click(within(form).getByRole('button', { name: 'Vedi destinatari' }));
    await user.click(await within(form).findByRole('button', { name: 'Invia messaggio' }));
    const list = await screen.findByRole('list', { name: 'Messaggi inviati' });
    expect(await within(list).findByText('Secondo')).toBeInTheDocument();

    const ids = calls.filter((call) => call.path === MESSAGES && call.method === 'POST').map((call) => (call.body as SendMessageRequest).requestId);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('sends to the participants picked from the roster (the withdrawn are not offered)', async () => {
    const calls = messagesServer();
    const { user } = renderApp('/coach/cohort-1/messaggi');

    const form = await screen.findByRole('form', { name: 'Messaggio alla coorte' });
    await user.selectOptions(within(form).getByLabelText('Destinatari'), 'Scelti da te');
    const picker = await within(form).findByRole('group', { name: /Scegli i partecipanti/ });
    expect(within(picker).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Anna', 'Bruno']);
    await user.click(within(form).getByRole('button', { name: 'Vedi destinatari' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Scegli almeno un partecipante');

    await user.click(within(picker).getByRole('checkbox', { name: 'Bruno' }));
    await user.type(within(form).getByLabelText('Messaggio'), 'Ci vediamo giovedì?');
    await user.click(within(form).getByRole('button', { name: 'Vedi destinatari' }));
    expect(await within(form).findByText('Lo riceverà 1 partecipante')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Invia messaggio' }));

    expect(await screen.findByText('Messaggio inviato a 1 partecipante')).toBeInTheDocument();
    expect(calls.find((call) => call.path === `${MESSAGES}/preview` && (call.body as { segment: string }).segment === 'picked')?.body).toEqual({ segment: 'picked', userIds: ['u-bruno'] });
    expect(calls.find((call) => call.path === MESSAGES && call.method === 'POST')?.body).toMatchObject({ segment: 'picked', userIds: ['u-bruno'], text: 'Ci vediamo giovedì?' });
  });

  it('opens on the people a selection chose ("Scrivi ai selezionati"): picked, checked, and only they receive it', async () => {
    const calls = messagesServer();
    const { user } = renderApp('/coach/cohort-1/messaggi?destinatari=u-anna%2Cu-bruno');

    const form = await screen.findByRole('form', { name: 'Messaggio alla coorte' });
    expect(within(form).getByLabelText('Destinatari')).toHaveValue('picked');
    const picker = await within(form).findByRole('group', { name: /Scegli i partecipanti \(2 scelti\)/ });
    expect(within(picker).getByRole('checkbox', { name: 'Anna' })).toBeChecked();
    expect(within(picker).getByRole('checkbox', { name: 'Bruno' })).toBeChecked();
    await user.type(within(form).getByLabelText('Messaggio'), 'Come va?');
    await user.click(within(form).getByRole('button', { name: 'Vedi destinatari' }));
    expect(await within(form).findByText('Lo riceveranno 2 partecipanti')).toBeInTheDocument();
    expect(calls.find((call) => call.path === `${MESSAGES}/preview`)?.body).toEqual({ segment: 'picked', userIds: ['u-anna', 'u-bruno'] });
  });

  it('lists the messages sent, newest first, with their audience, sender and who read them', async () => {
    messagesServer((call) =>
      call.path === MESSAGES && call.method === 'GET'
        ? json({
            messages: [
              sent({ id: 'm2', text: 'Ultimo giorno!', segment: 'noCheckIn', recipientCount: 1, coachName: 'Luca', sentAt: '2026-11-23T09:00:00.000Z' }),
              sent({ id: 'm1', text: 'Benvenuti', readCount: 2, sentAt: '2026-11-02T08:00:00.000Z' }),
            ],
          })
        : undefined,
    );
    renderApp('/coach/cohort-1/messaggi');

    const list = await screen.findByRole('list', { name: 'Messaggi inviati' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.lastChild?.textContent)).toEqual(['Ultimo giorno!', 'Benvenuti']);
    expect(items[0]).toHaveTextContent('Chi non ha fatto il check-in · 1 destinatario · Luca');
    expect(items[1]).toHaveTextContent('Tutta la coorte · 2 destinatari · Marta');
    expect(items[0]).toHaveTextContent('Letto da 0 di 1');
    expect(items[1]).toHaveTextContent('Letto da 2 di 2');
  });

  it('shows the placeholders of a sent message as chips, read as "[nome]", not as braces', async () => {
    messagesServer((call) =>
      call.path === MESSAGES && call.method === 'GET' ? json({ messages: [sent({ text: 'Ciao {nome}, siamo alla {settimana}! {altro}' })] }) : undefined,
    );
    renderApp('/coach/cohort-1/messaggi');

    const list = await screen.findByRole('list', { name: 'Messaggi inviati' });
    const text = within(list).getByRole('listitem').lastChild;
    expect(text).toHaveTextContent('Ciao [nome], siamo alla [settimana]! {altro}');
    // The chip shows the bare name; its brackets are for screen readers only.
    expect(within(list).getByText('nome')).toHaveTextContent(/^\[nome\]$/);
    expect(within(list).getByText('settimana')).toHaveTextContent(/^\[settimana\]$/);
  });
});
