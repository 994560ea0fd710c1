import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { CheckInCard } from '@sfida/core/check-in-threads';
import { json, renderApp, resetTestState, type ApiCall } from '../../../testing/test-utils';
import { fakeCheckInCard, fakeCoachServer, fakeCohort } from '../../../testing/coach-fixtures';

afterEach(resetTestState);

const bruno = fakeCheckInCard({
  userId: 'u-bruno',
  name: 'Bruno Verdi',
  weekNumber: 2,
  mood: 1,
  moods: [
    { weekNumber: 1, mood: 3 },
    { weekNumber: 2, mood: 1 },
  ],
  reflection: 'Non ce la faccio.',
  habitsPercent: null,
  planner: null,
});
const anna = fakeCheckInCard();

/** A server holding the queue and the recent view; a reply or a read moves a card from one to the other. */
function checkInServer(queue: CheckInCard[], answer?: (call: ApiCall) => Response | undefined) {
  let open = [...queue];
  let recent: CheckInCard[] = [];
  const calls = fakeCoachServer((call) => {
    const own = answer?.(call);
    if (own) return own;
    if (call.path === '/api/coach/cohorts') return json([fakeCohort()]);
    if (call.path === '/api/coach/check-ins?view=queue') return json({ cards: open, total: open.length });
    if (call.path === '/api/coach/check-ins?view=recent') return json({ cards: recent, total: recent.length });
    const handled = /^\/api\/coach\/check-ins\/([^/]+)\/(reply|read)$/.exec(call.path);
    if (handled && call.method === 'POST') {
      const card = open.find((c) => c.id === decodeURIComponent(handled[1]!))!;
      const at = '2026-11-23T09:00:00.000Z';
      const text = (call.body as { text: string } | undefined)?.text;
      const done: CheckInCard = {
        ...card,
        status: handled[2] === 'reply' ? 'replied' : 'read',
        handledBy: 'Marta',
        handledAt: at,
        reply: text === undefined ? null : { text, coachName: 'Marta', at },
      };
      open = open.filter((c) => c.id !== card.id);
      recent = [done, ...recent];
      return json(done);
    }
    return undefined;
  });
  return calls;
}

/** Opens the row of `name`'s check-in in place; its panel is then inside the row. */
async function openRow(user: UserEvent, name: string, week = 3) {
  const row = (await screen.findAllByRole('listitem', { name: `Check-in di ${name}, settimana ${week}` }))[0]!;
  const toggle = within(row).getByRole('button', { name: new RegExp(`^${name}`) });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return row;
}

const queueItems = () => within(screen.getByRole('list', { name: 'Check-in da leggere' })).getAllByRole('listitem').filter((item) => item.tagName === 'LI' && item.hasAttribute('aria-label'));

describe('check-ins to read', { timeout: 20_000 }, () => {
  it('shows one compact row per check-in in the server’s order, opening in place to the mood, trend, reflection and week figures', async () => {
    checkInServer([bruno, anna]);
    const { user } = renderApp('/coach/check-in');

    expect(await screen.findByRole('heading', { name: 'Check-in da leggere' })).toBeInTheDocument();
    expect(await screen.findByText('2 check-in da leggere')).toBeInTheDocument();
    const items = queueItems();
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Check-in di Bruno Verdi, settimana 2', 'Check-in di Anna Rossi, settimana 3']);
    // Collapsed: who, where, the mood and the reflection's first line only.
    const toggle = within(items[1]!).getByRole('button', { name: /^Anna Rossi/ });
    expect(toggle).toHaveTextContent('Autunno 2026 · Sett. 3');
    expect(toggle).toHaveTextContent('umore Difficile (2/5)');
    expect(toggle).toHaveTextContent('Settimana pesante.');
    expect(toggle).not.toHaveTextContent('Ho dormito poco');
    expect(within(items[1]!).queryByLabelText('Risposta per Anna Rossi')).not.toBeInTheDocument();

    const card = await openRow(user, 'Anna Rossi');
    expect(within(card).getByRole('link', { name: 'Apri la scheda di Anna Rossi' })).toHaveAttribute('href', '/coach/cohort-1/partecipanti/u-anna');
    expect(within(card).getByText('Umore: Difficile (2/5)')).toBeInTheDocument();
    expect(within(card).getByText('in calo')).toBeInTheDocument();
    const previous = within(card).getByRole('list', { name: 'Umore delle settimane precedenti' });
    expect(within(previous).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['S1 🙂Settimana 1: Bene (4/5)', 'S2 😐Settimana 2: Normale (3/5)']);
    expect(within(card).getByText((_, element) => element?.tagName === 'P' && element.textContent === anna.reflection)).toBeInTheDocument();
    expect(within(card).getByText('57%')).toBeInTheDocument();
    expect(within(card).getByText('1/3 completate')).toBeInTheDocument();
    expect(within(card).getByLabelText('Risposta per Anna Rossi')).toBeInTheDocument();
  });

  it('names a monthly check-in of the maintenance phase by its month', async () => {
    const monthly = fakeCheckInCard({ userId: 'u-carla', name: 'Carla Bianchi', weekNumber: 10, mood: 4, moods: [{ weekNumber: 8, mood: 3 }, { weekNumber: 9, mood: 2 }, { weekNumber: 10, mood: 4 }] });
    checkInServer([monthly]);
    const { user } = renderApp('/coach/check-in');
    const row = (await screen.findAllByRole('listitem', { name: 'Check-in di Carla Bianchi, mese 2 di mantenimento' }))[0]!;
    const toggle = within(row).getByRole('button', { name: /^Carla Bianchi/ });
    expect(toggle).toHaveTextContent('Autunno 2026 · Mese 2 di mantenimento');
    await user.click(toggle);
    const previous = within(row).getByRole('list', { name: 'Umore delle settimane precedenti' });
    expect(within(previous).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['S8 😐Settimana 8: Normale (3/5)', 'M1 😕Mese 1 di mantenimento: Difficile (2/5)']);
  });

  it('says so when there is nothing to read', async () => {
    checkInServer([]);
    renderApp('/coach/check-in');
    expect(await screen.findByText('Nessun check-in da leggere.')).toBeInTheDocument();
    expect(screen.getByText('Nessuna risposta ancora.')).toBeInTheDocument();
  });

  it('inserts a template filled with the first name and week, posts the reply, and the card moves to the recent replies', async () => {
    const calls = checkInServer([anna]);
    const { user } = renderApp('/coach/check-in');

    const card = await openRow(user, 'Anna Rossi');
    const reply = within(card).getByLabelText('Risposta per Anna Rossi');
    await user.selectOptions(await within(card).findByLabelText('Modelli'), 'Grazie per il check-in');
    await user.click(within(card).getByRole('button', { name: 'Inserisci modello' }));
    const filled = 'Ciao Anna, grazie per aver condiviso come stai. Ho letto la tua riflessione della settimana 3: continua così, un passo alla volta.';
    expect(reply).toHaveValue(filled);
    expect(reply).toHaveFocus();
    expect(within(card).getByText(`${filled.length}/1000`)).toBeInTheDocument();
    await user.type(reply, ' A presto!');
    await user.click(within(card).getByRole('button', { name: 'Invia risposta' }));

    expect(await screen.findByText('Nessun check-in da leggere.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([['/api/coach/check-ins/u-anna_w3/reply', { text: `${filled} A presto!` }]]);
    const recent = screen.getByRole('region', { name: 'Risposte recenti' });
    expect(await within(recent).findByText('Risposto da Marta')).toBeInTheDocument();
    expect(within(recent).getByText(`${filled} A presto!`)).toBeInTheDocument();
  });

  it('refuses an empty reply without asking the server', async () => {
    const calls = checkInServer([anna]);
    const { user } = renderApp('/coach/check-in');
    await openRow(user, 'Anna Rossi');
    await user.click(await screen.findByRole('button', { name: 'Invia risposta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Scrivi una risposta');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('marks a check-in read without a reply', async () => {
    const calls = checkInServer([anna, bruno]);
    const { user } = renderApp('/coach/check-in');

    const card = await openRow(user, 'Anna Rossi');
    await user.click(within(card).getByRole('button', { name: 'Segna come letto' }));

    expect(await screen.findByText('1 check-in da leggere')).toBeInTheDocument();
    expect(queueItems().map((item) => item.getAttribute('aria-label'))).toEqual(['Check-in di Bruno Verdi, settimana 2']);
    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ path: '/api/coach/check-ins/u-anna_w3/read', body: undefined });
    expect(await within(screen.getByRole('region', { name: 'Risposte recenti' })).findByText('Letto da Marta')).toBeInTheDocument();
  });

  it("shows the server's 409 when another coach was faster, and reads the queue again", async () => {
    const message = 'Questo check-in è già stato gestito da un altro coach';
    let handledElsewhere = false;
    const calls = checkInServer([anna], (call) => {
      if (call.path === '/api/coach/check-ins/u-anna_w3/reply') {
        handledElsewhere = true;
        return json({ message }, 409);
      }
      if (handledElsewhere && call.path === '/api/coach/check-ins?view=queue') return json({ cards: [], total: 0 });
      return undefined;
    });
    const { user } = renderApp('/coach/check-in');

    await openRow(user, 'Anna Rossi');
    await user.type(await screen.findByLabelText('Risposta per Anna Rossi'), 'Ciao!');
    await user.click(screen.getByRole('button', { name: 'Invia risposta' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(await screen.findByText('Nessun check-in da leggere.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/coach/check-ins?view=queue')).toHaveLength(2);
  });

  it('marks the selected check-ins read at once, and says which another coach had already handled', async () => {
    const carla = fakeCheckInCard({ userId: 'u-carla', name: 'Carla Bianchi', weekNumber: 1, mood: 4, moods: [{ weekNumber: 1, mood: 4 }] });
    let open = [bruno, anna, carla];
    const calls = fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts') return json([fakeCohort()]);
      if (call.path === '/api/coach/check-ins?view=queue') return json({ cards: open, total: open.length });
      if (call.path === '/api/coach/check-ins/read') {
        const { threadIds } = call.body as { threadIds: string[] };
        open = open.filter((card) => !threadIds.includes(card.id));
        return json({ read: threadIds.filter((id) => id !== carla.id), alreadyHandled: threadIds.filter((id) => id === carla.id) });
      }
      return undefined;
    });
    const { user } = renderApp('/coach/check-in');

    const markRead = await screen.findByRole('button', { name: 'Segna come letti' });
    expect(markRead).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona il check-in di Anna Rossi' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona il check-in di Carla Bianchi' }));
    await user.click(screen.getByRole('button', { name: 'Segna come letti (2)' }));

    expect(await screen.findByText('1 check-in da leggere')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/coach/check-ins/read', { threadIds: [anna.id, carla.id] }],
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('1 erano già stati gestiti da un altro coach.');
    expect(queueItems().map((item) => item.getAttribute('aria-label'))).toEqual(['Check-in di Bruno Verdi, settimana 2']);

    await user.click(screen.getByRole('checkbox', { name: 'Seleziona tutti' }));
    expect(screen.getByRole('checkbox', { name: 'Seleziona il check-in di Bruno Verdi' })).toBeChecked();
  });

  it('filters by cohort and by a band of moods, asking the server for just those', async () => {
    const calls = fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts') return json([fakeCohort(), fakeCohort({ id: 'cohort-2', name: 'Inverno 2027' })]);
      if (call.path.startsWith('/api/coach/check-ins?view=queue')) return json({ cards: call.path.includes('mood=low') ? [bruno] : [bruno, anna], total: 2 });
      return undefined;
    });
    const { user } = renderApp('/coach/check-in');

    expect(await screen.findByText('2 check-in da leggere')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Umore'), 'Umore 1–2');
    await user.selectOptions(screen.getByLabelText('Coorte'), 'Inverno 2027');
    expect(await screen.findByText('2 check-in da leggere (qui i primi 1)')).toBeInTheDocument();
    const asked = calls.filter((call) => call.path.startsWith('/api/coach/check-ins?view=queue')).map((call) => call.path);
    expect(asked).toContain('/api/coach/check-ins?view=queue&mood=low');
    expect(asked.at(-1)).toBe('/api/coach/check-ins?view=queue&cohortId=cohort-2&mood=low');
  });

  it('shows, among the recent replies, who replied, "letto" once the participant opened it, and their answer', async () => {
    const replied = fakeCheckInCard({
      status: 'replied',
      handledBy: 'Luca',
      handledAt: '2026-11-23T09:00:00.000Z',
      reply: { text: 'Forza Anna!', coachName: 'Luca', at: '2026-11-23T09:00:00.000Z' },
      replySeenAt: '2026-11-23T10:00:00.000Z',
      answer: { text: 'Grazie, ci provo.', at: '2026-11-23T10:05:00.000Z' },
    });
    const unseen = fakeCheckInCard({
      userId: 'u-bruno',
      name: 'Bruno Verdi',
      status: 'replied',
      handledBy: 'Marta',
      handledAt: '2026-11-23T08:00:00.000Z',
      reply: { text: 'Ci sentiamo?', coachName: 'Marta', at: '2026-11-23T08:00:00.000Z' },
    });
    fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts') return json([fakeCohort()]);
      if (call.path === '/api/coach/check-ins?view=recent') return json({ cards: [replied, unseen], total: 2 });
      return undefined;
    });
    renderApp('/coach/check-in');

    const recent = await screen.findByRole('list', { name: 'Risposte recenti' });
    const [first, second] = within(recent).getAllByRole('listitem').filter((item) => item.parentElement === recent);
    expect(within(first!).getByText('Risposto da Luca')).toBeInTheDocument();
    expect(within(first!).getByText('Forza Anna!')).toBeInTheDocument();
    expect(within(first!).getByText('letto')).toBeInTheDocument();
    expect(within(first!).getByText('Risposta di Anna')).toBeInTheDocument();
    expect(within(first!).getByText('Grazie, ci provo.')).toBeInTheDocument();
    expect(within(second!).getByText('Risposto da Marta')).toBeInTheDocument();
    expect(within(second!).queryByText('letto')).not.toBeInTheDocument();
  });
});

describe('reply templates', { timeout: 20_000 }, () => {
  it('edits, adds and deletes templates, saves the list, and shows the server’s refusal', async () => {
    const message = 'Il titolo può avere al massimo 60 caratteri';
    let refuse = true;
    const calls = fakeCoachServer((call) => {
      if (call.path === '/api/coach/cohorts') return json([fakeCohort()]);
      if (call.path === '/api/coach/reply-templates' && call.method === 'PUT') {
        if (refuse) {
          refuse = false;
          return json({ message }, 400);
        }
        return json(call.body);
      }
      return undefined;
    });
    const { user } = renderApp('/coach/check-in');

    await user.click(await screen.findByRole('button', { name: 'Gestisci modelli' }));
    const manager = screen.getByRole('group', { name: 'Gestisci modelli' });
    const title1 = await within(manager).findByLabelText('Titolo del modello 1');
    await user.clear(title1);
    await user.type(title1, 'Grazie');
    await user.click(within(manager).getByRole('button', { name: 'Elimina il modello 2 (Settimana difficile)' }));
    await user.click(within(manager).getByRole('button', { name: 'Aggiungi modello' }));
    // The empty new one is refused with the contract's message, before any request.
    await user.click(within(manager).getByRole('button', { name: 'Salva modelli' }));
    expect(await within(manager).findByRole('alert')).toHaveTextContent('Dai un titolo al modello');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(within(manager).getByLabelText('Titolo del modello 3'), 'Ci sentiamo');
    await user.type(within(manager).getByLabelText('Testo del modello 3'), 'Ciao {{nome}, ci sentiamo?');
    await user.click(within(manager).getByRole('button', { name: 'Salva modelli' }));
    expect(await within(manager).findByRole('alert')).toHaveTextContent(message);

    await user.click(within(manager).getByRole('button', { name: 'Salva modelli' }));
    expect(await screen.findByText('Modelli salvati')).toBeInTheDocument();
    const saved = calls.filter((call) => call.method === 'PUT').at(-1)!.body as { templates: { id: string; title: string; text: string }[] };
    expect(saved.templates.map((t) => [t.title, t.text.slice(0, 12)])).toEqual([
      ['Grazie', 'Ciao {nome},'],
      ['Ottimo lavoro', 'Complimenti,'],
      ['Ci sentiamo', 'Ciao {nome},'],
    ]);
    expect(screen.getByRole('button', { name: 'Gestisci modelli' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Gestisci modelli' })).toHaveFocus();
  });
});
