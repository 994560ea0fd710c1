import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, todayIn, weekdayIndex } from '@sfida/core/dates';
import {
  formatScheduledAt,
  scheduledInstant,
  scheduledMessageSchema,
  scheduledMessagesSchema,
  scheduleTexts,
  skippedTimeText,
  type EditScheduledMessageRequest,
  type ScheduledMessage,
  type ScheduleMessageRequest,
} from '@sfida/core/scheduled-messages';
import { json, renderApp, resetTestState, type ApiCall } from '../../../testing/test-utils';
import { fakeCoachServer, fakeCohort, fakeRow } from '../../../testing/coach-fixtures';

afterEach(resetTestState);

const ROME = 'Europe/Rome';
const MESSAGES = '/api/coach/cohorts/cohort-1/messages';
const SCHEDULED = '/api/coach/cohorts/cohort-1/scheduled-messages';
const rows = [fakeRow({ userId: 'u-anna', name: 'Anna' }), fakeRow({ userId: 'u-bruno', name: 'Bruno' })];

/** A day some weeks ahead of today in Rome: always in the future, whenever the test runs. */
const LATER = addDays(todayIn(ROME, new Date()), 20);

/** The next last Sunday of March in Rome (the night summer time begins), at least a day ahead. */
function nextSpringForward(): string {
  const today = todayIn(ROME, new Date());
  for (const year of [Number(today.slice(0, 4)), Number(today.slice(0, 4)) + 1]) {
    let day = `${year}-03-31`;
    while (weekdayIndex(day) !== 6) day = addDays(day, -1);
    if (day > addDays(today, 1)) return day;
  }
  throw new Error('unreachable');
}

function scheduled(overrides: Partial<ScheduledMessage> = {}): ScheduledMessage {
  const date = overrides.date ?? LATER;
  const time = overrides.time ?? '09:00';
  return scheduledMessageSchema.parse({
    id: 'coach-marta_s1',
    text: 'Ciao {nome}, buona settimana!',
    segment: 'all',
    date,
    time,
    timeZone: ROME,
    dueAt: scheduledInstant(date, time, ROME)!.toISOString(),
    status: 'scheduled',
    failure: null,
    coachName: 'Marta',
    ...overrides,
  });
}

/** The cohort page's server with a store of scheduled messages that the test's requests change; `answer` first. */
function scheduleServer(initial: ScheduledMessage[] = [], answer: (call: ApiCall) => Response | undefined = () => undefined) {
  let waiting = [...initial];
  const calls = fakeCoachServer((call) => {
    const own = answer(call);
    if (own) return own;
    if (call.path === '/api/coach/cohorts') return json([fakeCohort()]);
    if (call.path.startsWith('/api/coach/cohorts/cohort-1/participants?')) return json({ rows, nextCursor: null });
    if (call.path === '/api/cohorts/cohort-1/events') return json({ events: [] });
    if (call.path === `${MESSAGES}/preview`) {
      return json({ count: 2, recipients: rows.map((row) => ({ userId: row.userId, name: row.name, placeholders: { nome: row.name, settimana: 3 } })) });
    }
    if (call.path === SCHEDULED && call.method === 'GET') return json(scheduledMessagesSchema.parse({ messages: waiting }));
    if (call.path === SCHEDULED && call.method === 'POST') {
      const { requestId, ...body } = call.body as ScheduleMessageRequest;
      const message = scheduled({ ...body, id: `coach-marta_${requestId}` });
      waiting = [...waiting, message];
      return json(message, 201);
    }
    const id = call.path.startsWith(`${SCHEDULED}/`) ? decodeURIComponent(call.path.slice(SCHEDULED.length + 1)) : null;
    if (id && call.method === 'PATCH') {
      const edited = scheduled({ ...waiting.find((message) => message.id === id), ...(call.body as EditScheduledMessageRequest) });
      waiting = waiting.map((message) => (message.id === id ? edited : message));
      return json(edited);
    }
    if (id && call.method === 'DELETE') {
      waiting = waiting.filter((message) => message.id !== id);
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  return calls;
}

const composer = () => screen.getByRole('form', { name: 'Messaggio alla coorte' });

async function writeAndPreview(user: ReturnType<typeof renderApp>['user'], text: string) {
  const form = await screen.findByRole('form', { name: 'Messaggio alla coorte' });
  await user.type(within(form).getByLabelText('Messaggio'), text);
  await user.click(within(form).getByRole('button', { name: 'Vedi destinatari' }));
  await within(form).findByText('Lo riceveranno 2 partecipanti');
  return form;
}

describe('scheduling a message', { timeout: 20_000 }, () => {
  it('"Programma" asks for a day and a time in Rome\'s zone, then lists the message as scheduled', async () => {
    const calls = scheduleServer();
    const { user } = renderApp('/coach/cohort-1/messaggi');

    const form = await writeAndPreview(user, 'Ciao {{nome}!');
    const when = within(form).getByRole('group', { name: 'Quando' });
    expect(within(when).getByRole('radio', { name: 'Invia ora' })).toBeChecked();
    expect(within(form).queryByLabelText('Giorno (ora di Roma)')).not.toBeInTheDocument();
    await user.click(within(when).getByRole('radio', { name: 'Programma' }));
    fireEvent.change(within(form).getByLabelText('Giorno (ora di Roma)'), { target: { value: LATER } });
    fireEvent.change(within(form).getByLabelText('Ora (ora di Roma)'), { target: { value: '18:30' } });
    await user.click(within(form).getByRole('button', { name: 'Programma messaggio' }));

    const expected = formatScheduledAt({ date: LATER, time: '18:30', timeZone: ROME });
    expect(await screen.findByText(`Messaggio programmato per ${expected}`)).toBeInTheDocument();
    const posted = calls.filter((call) => call.path === SCHEDULED && call.method === 'POST');
    expect(posted.map((call) => call.body)).toEqual([
      { segment: 'all', requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/), text: 'Ciao {nome}!', date: LATER, time: '18:30' },
    ]);
    // Nothing was sent now.
    expect(calls.some((call) => call.path === MESSAGES && call.method === 'POST')).toBe(false);
    const list = await screen.findByRole('list', { name: 'Programmati' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent(`Programmato per ${expected}`);
    expect(item).toHaveTextContent('Tutta la coorte · Marta');
    // The composer is back to an empty message, to be sent at once.
    expect(within(composer()).getByLabelText('Messaggio')).toHaveValue('');
  });

  it('says in Italian, before asking the server, that a time is past or skipped by the change to summer time', async () => {
    const calls = scheduleServer();
    const { user } = renderApp('/coach/cohort-1/messaggi');

    const form = await writeAndPreview(user, 'Buongiorno');
    await user.click(within(form).getByRole('radio', { name: 'Programma' }));
    const spring = nextSpringForward();
    fireEvent.change(within(form).getByLabelText('Giorno (ora di Roma)'), { target: { value: spring } });
    fireEvent.change(within(form).getByLabelText('Ora (ora di Roma)'), { target: { value: '02:30' } });
    await user.click(within(form).getByRole('button', { name: 'Programma messaggio' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(skippedTimeText(spring, '02:30', ROME));

    fireEvent.change(within(form).getByLabelText('Giorno (ora di Roma)'), { target: { value: addDays(todayIn(ROME, new Date()), -1) } });
    await user.click(within(form).getByRole('button', { name: 'Programma messaggio' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(scheduleTexts.inThePast);
    expect(calls.some((call) => call.path === SCHEDULED && call.method === 'POST')).toBe(false);
  });
});

describe('the scheduled list', { timeout: 20_000 }, () => {
  it('"Modifica" rewrites the text, the audience and the time in place', async () => {
    const calls = scheduleServer([scheduled()]);
    const { user } = renderApp('/coach/cohort-1/messaggi');

    const list = await screen.findByRole('list', { name: 'Programmati' });
    await user.click(within(list).getByRole('button', { name: 'Modifica' }));
    const form = within(list).getByRole('form', { name: 'Modifica messaggio programmato' });
    expect(within(form).getByLabelText('Messaggio')).toHaveValue('Ciao {nome}, buona settimana!');
    expect(within(form).getByLabelText('Giorno (ora di Roma)')).toHaveValue(LATER);
    await user.clear(within(form).getByLabelText('Messaggio'));
    await user.type(within(form).getByLabelText('Messaggio'), 'Ricordati il check-in, {{nome}');
    await user.selectOptions(within(form).getByLabelText('Destinatari'), 'Chi non ha fatto il check-in');
    fireEvent.change(within(form).getByLabelText('Ora (ora di Roma)'), { target: { value: '20:00' } });
    await user.click(within(form).getByRole('button', { name: 'Salva modifiche' }));

    await waitFor(() => expect(within(list).queryByRole('form')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body])).toEqual([
      [`${SCHEDULED}/coach-marta_s1`, { segment: 'noCheckIn', text: 'Ricordati il check-in, {nome}', date: LATER, time: '20:00' }],
    ]);
    const item = within(await screen.findByRole('list', { name: 'Programmati' })).getByRole('listitem');
    await waitFor(() => expect(item).toHaveTextContent(`Programmato per ${formatScheduledAt({ date: LATER, time: '20:00', timeZone: ROME })}`));
    expect(item).toHaveTextContent('Chi non ha fatto il check-in · Marta');
  });

  it('"Annulla invio" asks first, then cancels; a message already sent cannot be, and says so', async () => {
    let sentMeanwhile = false;
    const calls = scheduleServer([scheduled(), scheduled({ id: 'coach-marta_s2', text: 'Secondo', date: addDays(LATER, 1) })], (call) =>
      sentMeanwhile && call.method === 'DELETE' ? json({ message: scheduleTexts.alreadySent }, 409) : undefined,
    );
    const { user } = renderApp('/coach/cohort-1/messaggi');

    const list = await screen.findByRole('list', { name: 'Programmati' });
    const [first] = within(list).getAllByRole('listitem');
    await user.click(within(first!).getByRole('button', { name: 'Annulla invio' }));
    const question = within(first!).getByRole('group', { name: 'Annulla invio' });
    expect(question).toHaveTextContent('Annullare questo messaggio programmato? Non verrà inviato.');
    // Closing the question cancels nothing.
    await user.click(within(question).getByRole('button', { name: 'No, tienilo' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(first!).getByRole('button', { name: 'Annulla invio' }));
    await user.click(within(first!).getByRole('button', { name: 'Sì, annulla l’invio' }));
    expect(await screen.findByText('Messaggio programmato annullato')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`${SCHEDULED}/coach-marta_s1`]);

    sentMeanwhile = true;
    const [second] = within(list).getAllByRole('listitem');
    await user.click(within(second!).getByRole('button', { name: 'Annulla invio' }));
    await user.click(within(second!).getByRole('button', { name: 'Sì, annulla l’invio' }));
    expect(await within(second!).findByRole('alert')).toHaveTextContent(scheduleTexts.alreadySent);
  });

  it('a message that could not go says why and can be removed', async () => {
    const calls = scheduleServer([scheduled({ status: 'failed', failure: 'Non inviato: Nessun partecipante riceverebbe questo messaggio' })]);
    const { user } = renderApp('/coach/cohort-1/messaggi');

    const item = within(await screen.findByRole('list', { name: 'Programmati' })).getByRole('listitem');
    expect(item).toHaveTextContent('Non inviato: Nessun partecipante riceverebbe questo messaggio');
    expect(within(item).queryByRole('button', { name: 'Modifica' })).not.toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Rimuovi' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Programmati' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`${SCHEDULED}/coach-marta_s1`]);
  });
});
