import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { messageTexts, type AudienceRequest, type SendMessageRequest, type SentMessage } from '@sfida/core/cohort-messages';
import { addDays, todayIn } from '@sfida/core/dates';
import { scheduledInstant, scheduledMessageSchema, scheduledMessagesSchema, type EditScheduledMessageRequest, type ScheduledMessage } from '@sfida/core/scheduled-messages';
import { coachTeamsSchema } from '@sfida/core/teams';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCoachServer, fakeCohort, fakeRow } from '../../../testing/coach-fixtures';

afterEach(resetTestState);

const MESSAGES = '/api/coach/cohorts/cohort-1/messages';
const SCHEDULED = '/api/coach/cohorts/cohort-1/scheduled-messages';
const rows = [fakeRow({ userId: 'u-anna', name: 'Anna', tags: ['premium'] }), fakeRow({ userId: 'u-bruno', name: 'Bruno' })];

/** The cohort page's server: the cohort's tags, a preview of the tagged, the sends kept, the scheduled ones given. */
function tagServer(tags: string[], waiting: ScheduledMessage[] = []) {
  let messages: SentMessage[] = [];
  return fakeCoachServer((call) => {
    if (call.path === SCHEDULED && call.method === 'GET') return json(scheduledMessagesSchema.parse({ messages: waiting }));
    if (call.path.startsWith(`${SCHEDULED}/`) && call.method === 'PATCH') {
      const body = call.body as EditScheduledMessageRequest;
      waiting = waiting.map((m) => ({ ...m, ...body, dueAt: scheduledInstant(body.date, body.time, m.timeZone)!.toISOString() }));
      return json(scheduledMessageSchema.parse(waiting[0]));
    }
    if (call.path === '/api/coach/cohorts') return json([fakeCohort()]);
    if (call.path.startsWith('/api/coach/cohorts/cohort-1/participants?')) return json({ rows, nextCursor: null });
    if (call.path === '/api/cohorts/cohort-1/events') return json({ events: [] });
    if (call.path === '/api/coach/cohorts/cohort-1/tags') return json({ tags });
    if (call.path === '/api/coach/cohorts/cohort-1/teams') return json(coachTeamsSchema.parse({ teams: [{ id: 'team-1', name: 'Le Aquile', members: [] }], unassigned: [] }));
    if (call.path === `${MESSAGES}/preview`) {
      const { tag, segment } = call.body as AudienceRequest;
      const recipients = rows.filter((r) => segment !== 'tag' || (tag !== undefined && r.tags.includes(tag))).map((r) => ({ userId: r.userId, name: r.name, placeholders: { nome: r.name, settimana: 3 } }));
      return json({ count: recipients.length, recipients });
    }
    if (call.path === MESSAGES && call.method === 'POST') {
      const body = call.body as SendMessageRequest;
      const message: SentMessage = { id: body.requestId, text: body.text, segment: body.segment, tag: body.tag, recipientCount: 1, readCount: 0, coachName: 'Marta', sentAt: '2026-11-23T09:00:00.000Z' };
      messages = [message, ...messages];
      return json(message, 201);
    }
    if (call.path === MESSAGES) return json({ messages });
    return undefined;
  });
}

const composer = () => screen.getByRole('form', { name: 'Messaggio alla coorte' });

describe('a message to the participants with a tag', { timeout: 20_000 }, () => {
  it('chooses the tag, previews who has it, sends to them and lists the message with its tag', async () => {
    const calls = tagServer(['da richiamare', 'premium']);
    const { user } = renderApp('/coach/cohort-1/messaggi');
    expect(await screen.findByText('Nessun messaggio inviato.')).toBeInTheDocument();
    const form = composer();
    await user.selectOptions(within(form).getByLabelText('Destinatari'), 'tag');
    await user.type(within(form).getByLabelText('Messaggio'), 'Ciao {{nome}, ci sentiamo giovedì');

    // No tag chosen yet: said so, nothing asked.
    await user.click(within(form).getByRole('button', { name: 'Vedi destinatari' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(messageTexts.pickTag);
    expect(calls.some((c) => c.path === `${MESSAGES}/preview`)).toBe(false);

    const tagField = within(form).getByLabelText('Etichetta');
    expect(within(tagField).getAllByRole('option').map((o) => o.textContent)).toEqual(['Scegli un’etichetta', 'da richiamare', 'premium']);
    await user.selectOptions(tagField, 'premium');
    await user.click(within(form).getByRole('button', { name: 'Vedi destinatari' }));
    expect(await within(form).findByText('Lo riceverà 1 partecipante')).toBeInTheDocument();
    expect(calls.find((c) => c.path === `${MESSAGES}/preview`)?.body).toEqual({ segment: 'tag', tag: 'premium' });

    await user.click(within(form).getByRole('button', { name: 'Invia messaggio' }));
    const list = await screen.findByRole('list', { name: 'Messaggi inviati' });
    expect(within(list).getByText(/Chi ha un’etichetta «premium»/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === MESSAGES && c.method === 'POST')?.body).toMatchObject({ segment: 'tag', tag: 'premium', text: 'Ciao {nome}, ci sentiamo giovedì' });
  });

  it('says where tags come from when the cohort has none', async () => {
    tagServer([]);
    const { user } = renderApp('/coach/cohort-1/messaggi');
    await screen.findByText('Nessun messaggio inviato.');
    await user.selectOptions(within(composer()).getByLabelText('Destinatari'), 'tag');
    expect(within(composer()).getByText(/Nessuna etichetta nella coorte/)).toBeInTheDocument();
  });
});

describe('a scheduled message to a tag', { timeout: 20_000 }, () => {
  it('is listed with its tag, and an edit keeps the tag', async () => {
    const date = addDays(todayIn('Europe/Rome', new Date()), 20);
    const waiting = scheduledMessageSchema.parse({
      id: 'coach-marta_s1',
      text: 'Ciao {nome}',
      segment: 'tag',
      tag: 'premium',
      date,
      time: '09:00',
      timeZone: 'Europe/Rome',
      dueAt: scheduledInstant(date, '09:00', 'Europe/Rome')!.toISOString(),
      status: 'scheduled',
      failure: null,
      coachName: 'Marta',
    });
    const calls = tagServer(['premium'], [waiting]);
    const { user } = renderApp('/coach/cohort-1/messaggi');
    const item = (await screen.findByText(/Chi ha un’etichetta «premium» · Marta/)).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Modifica' }));
    const form = within(item).getByRole('form', { name: 'Modifica messaggio programmato' });
    expect(within(form).getByLabelText('Destinatari')).toHaveValue('tag');
    await user.clear(within(form).getByLabelText('Messaggio'));
    await user.type(within(form).getByLabelText('Messaggio'), 'Ciao a tutti i premium');
    await user.click(within(form).getByRole('button', { name: 'Salva modifiche' }));
    await screen.findByText('Ciao a tutti i premium');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ segment: 'tag', tag: 'premium', text: 'Ciao a tutti i premium' });
  });
});

describe('a message to a team', { timeout: 20_000 }, () => {
  it('goes now: no "Programma" is offered, and a choice of "Programma" made for another segment is not kept', async () => {
    const calls = tagServer([]);
    const { user } = renderApp('/coach/cohort-1/messaggi');
    await screen.findByText('Nessun messaggio inviato.');
    const form = composer();
    await user.type(within(form).getByLabelText('Messaggio'), 'Forza squadra!');
    await user.click(within(form).getByRole('button', { name: 'Vedi destinatari' }));
    await user.click(await within(form).findByRole('radio', { name: 'Programma' }));
    expect(within(form).getByRole('button', { name: 'Programma messaggio' })).toBeInTheDocument();

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Destinatari' }), 'team');
    await user.selectOptions(await within(form).findByRole('combobox', { name: 'Squadra' }), 'team-1');
    await user.click(within(form).getByRole('button', { name: 'Vedi destinatari' }));
    expect(await within(form).findByText('Lo riceveranno 2 partecipanti')).toBeInTheDocument();
    expect(within(form).queryByRole('radio', { name: 'Programma' })).not.toBeInTheDocument();
    expect(within(form).getByText(`${messageTexts.teamNotScheduled}.`)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Invia messaggio' }));
    await screen.findByRole('list', { name: 'Messaggi inviati' });
    expect(calls.find((c) => c.path === MESSAGES && c.method === 'POST')?.body).toMatchObject({ segment: 'team', teamId: 'team-1', text: 'Forza squadra!' });
    expect(calls.some((c) => c.path === SCHEDULED && c.method === 'POST')).toBe(false);
  });
});
