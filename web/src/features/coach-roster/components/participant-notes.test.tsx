import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ParticipantDetail } from '@sfida/core/coach';
import { participantNoteSchema, participantNotesSchema, participantTagsSchema, tagTexts, type AddNoteRequest, type ParticipantNote, type UpdateTagsRequest } from '@sfida/core/participant-notes';
import { json, renderApp, resetTestState, type ApiCall } from '../../../testing/test-utils';
import { fakeCoachServer, fakeRow } from '../../../testing/coach-fixtures';

afterEach(resetTestState);

const DETAIL = '/api/coach/cohorts/cohort-1/participants/u-bruno';
const NOTES = `${DETAIL}/notes`;
const TAGS = `${DETAIL}/tags`;

function note(overrides: Partial<ParticipantNote>): ParticipantNote {
  return { id: 'n1', text: 'Nota', authorId: 'coach-marta', authorName: 'Marta', createdAt: '2026-11-20T09:30:00.000Z', editedAt: null, mine: true, ...overrides };
}

/** Bruno's page, his notes and tags kept by the fake server as the real one would. */
function brunoServer(start: { notes?: ParticipantNote[]; tags?: string[] } = {}) {
  let notes = start.notes ?? [];
  let tags = start.tags ?? [];
  const detail = (): ParticipantDetail => ({
    row: fakeRow({ userId: 'u-bruno', name: 'Bruno', email: 'bruno@example.it', tags }),
    challengeStartDate: null,
    timeZone: 'Europe/Rome',
    tracker: null,
  });
  const calls = fakeCoachServer((call: ApiCall) => {
    if (call.path === DETAIL) return json(detail());
    if (call.path === NOTES && call.method === 'GET') return json(participantNotesSchema.parse({ notes }));
    if (call.path === NOTES && call.method === 'POST') {
      const body = call.body as AddNoteRequest;
      const added = note({ id: `n${notes.length + 1}`, text: body.text.trim(), createdAt: '2026-11-25T10:00:00.000Z' });
      notes = [added, ...notes];
      return json(participantNoteSchema.parse(added), 201);
    }
    const edited = /^\/api\/coach\/cohorts\/cohort-1\/participants\/u-bruno\/notes\/(\w+)$/.exec(call.path);
    if (edited && call.method === 'PATCH') {
      const text = (call.body as { text: string }).text;
      notes = notes.map((n) => (n.id === edited[1] ? { ...n, text, editedAt: '2026-11-25T11:00:00.000Z' } : n));
      return json(notes.find((n) => n.id === edited[1]));
    }
    if (edited && call.method === 'DELETE') {
      notes = notes.filter((n) => n.id !== edited[1]);
      return new Response(null, { status: 204 });
    }
    if (call.path === TAGS && call.method === 'PATCH') {
      const { add = [], remove = [] } = call.body as UpdateTagsRequest;
      tags = [...tags.filter((t) => !remove.includes(t)), ...add.filter((t) => !tags.includes(t))];
      return json(participantTagsSchema.parse({ tags }));
    }
    if (call.path === '/api/coach/cohorts/cohort-1/tags') return json({ tags: ['infortunio', 'premium'] });
    return undefined;
  });
  return calls;
}

describe('notes on the participant page', { timeout: 20_000 }, () => {
  it('lists the notes newest first with date and author; only the caller’s own can be edited or deleted', async () => {
    brunoServer({
      notes: [
        note({ id: 'n2', text: 'Chiamato: riprende lunedì', authorId: 'coach-luca', authorName: 'Luca', mine: false, createdAt: '2026-11-22T17:00:00.000Z' }),
        note({ id: 'n1', text: 'Infortunio al ginocchio.\nNiente corsa per due settimane.', createdAt: '2026-11-20T09:30:00.000Z' }),
      ],
    });
    const { user } = renderApp('/coach/cohort-1/partecipanti/u-bruno');

    const list = await screen.findByRole('list', { name: 'Note dei coach' });
    const [luca, marta] = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    // Day and time as formatDayTime writes them (the wording varies with the ICU data).
    expect(luca).toHaveTextContent(/22 novembre.*18:00 · Luca/);
    expect(luca).toHaveTextContent('Chiamato: riprende lunedì');
    expect(within(luca!).queryByRole('button', { name: 'Modifica' })).not.toBeInTheDocument();
    expect(within(luca!).queryByRole('button', { name: 'Elimina' })).not.toBeInTheDocument();
    expect(marta).toHaveTextContent(/20 novembre.*10:30 · Marta/);

    await user.click(within(marta!).getByRole('button', { name: 'Modifica' }));
    const field = within(marta!).getByLabelText('Modifica la nota');
    await user.clear(field);
    await user.click(within(marta!).getByRole('button', { name: 'Salva modifiche' }));
    expect(await within(marta!).findByText('Scrivi la nota')).toBeInTheDocument();
    await user.type(field, 'Ginocchio meglio');
    await user.click(within(marta!).getByRole('button', { name: 'Salva modifiche' }));
    const updated = await screen.findByText('Ginocchio meglio');
    expect(updated.closest('li')).toHaveTextContent('Marta · modificata');
  });

  it('adds a note once, however quickly the button is pressed, and clears the field', async () => {
    const calls = brunoServer();
    const { user } = renderApp('/coach/cohort-1/partecipanti/u-bruno');
    expect(await screen.findByText('Nessuna nota ancora.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Nuova nota su Bruno' });
    expect(within(form).getByText(/Visibile solo ai coach della coorte, mai a Bruno/)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Salva nota' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Scrivi la nota');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(form).getByLabelText('Nuova nota'), 'Da richiamare giovedì');
    await user.dblClick(within(form).getByRole('button', { name: 'Salva nota' }));
    const list = await screen.findByRole('list', { name: 'Note dei coach' });
    expect(within(list).getByText('Da richiamare giovedì')).toBeInTheDocument();
    const posts = calls.filter((c) => c.path === NOTES && c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ text: 'Da richiamare giovedì', requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/) });
    expect(within(form).getByLabelText('Nuova nota')).toHaveValue('');
  });

  it('deletes the caller’s note after a confirmation', async () => {
    const calls = brunoServer({ notes: [note({ id: 'n1', text: 'Da cancellare' })] });
    const { user } = renderApp('/coach/cohort-1/partecipanti/u-bruno');
    const item = (await screen.findByText('Da cancellare')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Elimina' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(item).getByRole('button', { name: 'Elimina nota' }));
    expect(await screen.findByText('Nessuna nota ancora.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`${NOTES}/n1`);
  });
});

describe('tags on the participant page', { timeout: 20_000 }, () => {
  it('adds a tag as the server stores it, refuses a comma without asking, and takes one off', async () => {
    const calls = brunoServer({ tags: ['infortunio'] });
    const { user } = renderApp('/coach/cohort-1/partecipanti/u-bruno');
    const tags = await screen.findByRole('list', { name: 'Etichette di Bruno' });
    expect(within(tags).getByText('infortunio')).toBeInTheDocument();

    const field = screen.getByLabelText('Nuova etichetta per Bruno');
    await user.type(field, 'premium, vip{Enter}');
    expect(await screen.findByText(tagTexts.tagComma)).toBeInTheDocument();
    expect(calls.some((c) => c.path === TAGS)).toBe(false);

    await user.clear(field);
    await user.type(field, '  Da   Richiamare {Enter}');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Etichette di Bruno' })).getByText('da richiamare')).toBeInTheDocument());
    expect(calls.find((c) => c.path === TAGS)?.body).toEqual({ add: ['da richiamare'] });
    expect(field).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Togli l’etichetta infortunio' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Etichette di Bruno' })).queryByText('infortunio')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path === TAGS).at(-1)?.body).toEqual({ remove: ['infortunio'] });
  });
});
