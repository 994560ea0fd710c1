import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TriageItem, TriagePage } from '@sfida/core/triage';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { emptyTriageDay, fakeCoachServer, fakeCohort, fakeTriageItem, reason } from '../../../testing/coach-fixtures';
import { dayRecap } from './triage-list';

afterEach(resetTestState);

const lia = fakeTriageItem({
  userId: 'u-lia',
  name: 'Lia Giù',
  email: 'lia@example.it',
  cohortId: 'cohort-2',
  cohortName: 'Inverno 2027',
  group: 'mood',
  reasons: [reason('lowMood', "Umore basso nell'ultimo check-in")],
  lastActivity: '2026-11-25',
  lastMood: 1,
});
const ivo = fakeTriageItem({
  userId: 'u-ivo',
  name: 'Ivo Fermo',
  email: 'ivo@example.it',
  reasons: [reason('noPlanner', 'Planner della settimana non salvato'), reason('noActivity', 'Nessuna attività dalla registrazione')],
  lastContact: { at: '2026-11-20T09:00:00.000Z', byName: 'Marta', note: 'Chiamato: riparte lunedì\nfebbre' },
});
const nina = fakeTriageItem({ userId: 'u-nina', name: 'Nina Ferma', group: 'notStarted', reasons: [reason('notStarted', 'Non ha iniziato la challenge')] });

/** A console whose triage holds `items` (all of them open); acting on one takes it off. */
function triageServer(items: TriageItem[], day = emptyTriageDay) {
  let open = [...items];
  return fakeCoachServer((call) => {
    if (call.path === '/api/coach/cohorts') return json([fakeCohort(), fakeCohort({ id: 'cohort-2', name: 'Inverno 2027' })]);
    if (call.path.startsWith('/api/coach/triage?')) {
      const limit = Number(new URLSearchParams(call.path.split('?')[1]).get('limit'));
      const page: TriagePage = { items: open.slice(0, limit), total: open.length, day };
      return json(page);
    }
    if (call.path === '/api/coach/triage/bulk' && call.method === 'POST') {
      const { userIds } = call.body as { userIds: string[] };
      // Nina is someone this coach may no longer handle: her failure comes back alone.
      const results = userIds.map((userId) => (userId === 'u-nina' ? { userId, ok: false, message: 'Partecipante non trovato' } : { userId, ok: true, open: 0 }));
      open = open.filter((item) => !results.some((r) => r.ok && r.userId === item.userId));
      return json({ results, done: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length });
    }
    if (call.path === '/api/coach/cohorts/cohort-1/tags/bulk' && call.method === 'POST') {
      const { userIds } = call.body as { userIds: string[] };
      return json({ results: userIds.map((userId) => ({ userId, ok: true })), done: userIds.length, failed: 0 });
    }
    if (call.path === '/api/coach/cohorts/cohort-1/packages' && call.method === 'POST') {
      return json({ changed: (call.body as { participantIds: string[] }).participantIds.length, unchanged: 0 });
    }
    const acted = /^\/api\/coach\/cohorts\/[^/]+\/participants\/([^/]+)\/(contacted|snooze)$/.exec(call.path);
    if (acted && call.method === 'POST') {
      if ((call.body as { until?: string }).until === '2030-01-01') return json({ message: 'Puoi rimandare al massimo di 8 settimane' }, 400);
      open = open.filter((item) => item.userId !== acted[1]);
      return json({ userId: acted[1], open: 0 });
    }
    return undefined;
  });
}

const triageRegion = () => screen.getByRole('region', { name: 'Da fare oggi' });

describe('Da fare oggi', { timeout: 20_000 }, () => {
  it('groups the coach’s items by reason, most urgent first, each with who, where, why and what was done', async () => {
    triageServer([lia, ivo, nina]);
    renderApp('/coach');

    expect(await screen.findByText('3 persone da seguire oggi')).toBeInTheDocument();
    const groups = within(triageRegion()).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(['Umore basso o in calo (1)', 'Inattivi (1)', 'Non hanno iniziato (1)']);
    const item = screen.getByRole('listitem', { name: 'Ivo Fermo, Autunno 2026' });
    expect(within(item).getByRole('link', { name: 'Ivo Fermo' })).toHaveAttribute('href', '/coach/cohort-1/partecipanti/u-ivo');
    expect(within(item).getByText('ivo@example.it')).toBeInTheDocument();
    expect(within(within(item).getByRole('list', { name: 'Motivi per Ivo Fermo' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Planner della settimana non salvato',
      'Nessuna attività dalla registrazione',
    ]);
    expect(within(item).getByText(/da Marta: «Chiamato: riparte lunedì»/)).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Scrivi' })).toHaveAttribute('href', '/coach/conversazioni/cohort-1/u-ivo');
    const first = screen.getByRole('listitem', { name: 'Lia Giù, Inverno 2027' });
    expect(within(first).getByText(/Umore: Molto difficile \(1\/5\)/)).toBeInTheDocument();
  });

  it('selects several people and marks them contacted at once, after one confirmation with the count; a failure is said for that person', async () => {
    const calls = triageServer([lia, ivo, nina]);
    const { user } = renderApp('/coach');

    await screen.findByText('3 persone da seguire oggi');
    expect(screen.queryByRole('region', { name: 'Azioni sui selezionati' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Lia Giù' }));
    const bar = screen.getByRole('region', { name: 'Azioni sui selezionati' });
    expect(within(bar).getByRole('status')).toHaveTextContent('1 persona selezionata');
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona tutti' }));
    expect(within(bar).getByRole('status')).toHaveTextContent('3 persone selezionate');
    await user.click(within(bar).getByRole('button', { name: 'Contattato (i selezionati)' }));
    expect(within(bar).getByText('Segnare 3 persone come contattate?')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Segna 3 come contattate' }));

    expect(await screen.findByText(/2 persone segnate come contattate; 1 non riuscita/)).toBeInTheDocument();
    expect(screen.getByText(/Nina Ferma: Partecipante non trovato/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/coach/triage/bulk')?.body).toEqual({ action: 'contacted', userIds: ['u-lia', 'u-ivo', 'u-nina'] });
    await waitFor(() => expect(screen.getByText('1 persona da seguire oggi')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Azioni sui selezionati' })).not.toBeInTheDocument();
  });

  it('writes to the selected people of one cohort; people of two cohorts are told to choose one', async () => {
    triageServer([lia, ivo, nina]);
    const { user } = renderApp('/coach');

    await user.click(await screen.findByRole('checkbox', { name: 'Seleziona Ivo Fermo' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Nina Ferma' }));
    const bar = screen.getByRole('region', { name: 'Azioni sui selezionati' });
    expect(within(bar).getByRole('link', { name: 'Scrivi ai selezionati' })).toHaveAttribute('href', '/coach/cohort-1/messaggi?destinatari=u-ivo%2Cu-nina');
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Lia Giù' }));
    expect(within(bar).queryByRole('link', { name: 'Scrivi ai selezionati' })).toBeNull();
    expect(within(bar).getByText('Per scrivere, etichettare o impostare il pacchetto a più persone insieme, scegline di una sola coorte.')).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Etichetta o pacchetto…' })).toBeNull();
  });

  it('tags the selected people of one cohort and sets their package, each once for the lot', async () => {
    const calls = triageServer([lia, ivo, nina]);
    const { user } = renderApp('/coach');

    await user.click(await screen.findByRole('checkbox', { name: 'Seleziona Ivo Fermo' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Nina Ferma' }));
    const bar = screen.getByRole('region', { name: 'Azioni sui selezionati' });
    expect(within(bar).queryByLabelText('Etichetta da aggiungere')).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Etichetta o pacchetto…' }));
    await user.type(within(bar).getByLabelText('Etichetta da aggiungere'), 'Da richiamare');
    await user.click(within(bar).getByRole('button', { name: 'Aggiungi etichetta (i selezionati)' }));
    await user.click(within(bar).getByRole('button', { name: 'Aggiungi a 2 persone' }));
    expect(await screen.findByText('Etichetta aggiunta a 2 persone')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/coach/cohorts/cohort-1/tags/bulk')?.body).toEqual({ tag: 'Da richiamare', userIds: ['u-ivo', 'u-nina'] });

    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Ivo Fermo' }));
    const again = screen.getByRole('region', { name: 'Azioni sui selezionati' });
    await user.click(within(again).getByRole('button', { name: 'Etichetta o pacchetto…' }));
    const packages = within(again).getByRole('group', { name: 'Imposta pacchetto per i selezionati' });
    await user.selectOptions(within(packages).getByLabelText('Nuovo pacchetto'), 'PREMIUM');
    await user.click(within(packages).getByRole('button', { name: 'Imposta pacchetto' }));
    await user.click(within(packages).getByRole('button', { name: 'Imposta per 1 persona' }));
    expect(await screen.findByText('Pacchetto impostato')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/coach/cohorts/cohort-1/packages')?.body).toEqual({ participantIds: ['u-ivo'], package: 'PREMIUM', reason: null });
  });

  it('postpones the selected people to a chosen day, asking once with the count and the day', async () => {
    const calls = triageServer([lia, ivo]);
    const { user } = renderApp('/coach');

    await user.click(await screen.findByRole('checkbox', { name: 'Seleziona Ivo Fermo' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Lia Giù' }));
    const bar = screen.getByRole('region', { name: 'Azioni sui selezionati' });
    fireEvent.change(within(bar).getByLabelText('Riproponi il'), { target: { value: '2030-01-02' } });
    await user.click(within(bar).getByRole('button', { name: 'Rimanda a… (i selezionati)' }));
    expect(within(bar).getByText('Rimandare 2 persone al 2 gennaio 2030?')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Rimanda 2 persone' }));
    expect(await screen.findByText('2 persone rimandate al 2 gennaio 2030')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/coach/triage/bulk')?.body).toEqual({ action: 'snooze', until: '2030-01-02', userIds: ['u-lia', 'u-ivo'] });
  });

  it('"Contattato" takes an optional note and removes the item; the list then drains to "Tutto fatto per oggi"', async () => {
    const calls = triageServer([ivo], { contacted: 2, snoozed: 1, checkInsRead: 3, openYesterday: 9, openToday: 4 });
    const { user } = renderApp('/coach');

    const item = await screen.findByRole('listitem', { name: 'Ivo Fermo, Autunno 2026' });
    await user.click(within(item).getByRole('button', { name: 'Contattato' }));
    await user.type(within(item).getByLabelText('Nota (facoltativa)'), 'Sentito al telefono');
    await user.click(within(item).getByRole('button', { name: 'Segna come contattato' }));

    expect(await screen.findByText('Tutto fatto per oggi')).toBeInTheDocument();
    expect(screen.getByText('Oggi hai contattato 2 partecipanti, rimandato 1 partecipante e segnato come letti 3 check-in.')).toBeInTheDocument();
    expect(screen.getByText('Ieri alla prima occhiata avevi 9 persone da seguire, oggi 4.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/coach/cohorts/cohort-1/participants/u-ivo/contacted', { note: 'Sentito al telefono' }],
    ]);
  });

  it('"Rimanda a…" snoozes to the chosen day; a refused day is explained and the item stays', async () => {
    const calls = triageServer([nina, ivo]);
    const { user } = renderApp('/coach');

    const item = await screen.findByRole('listitem', { name: 'Nina Ferma, Autunno 2026' });
    await user.click(within(item).getByRole('button', { name: 'Rimanda a…' }));
    const day = within(item).getByLabelText(/Riproponi il/);
    fireEvent.change(day, { target: { value: '2030-01-01' } });
    await user.click(within(item).getByRole('button', { name: 'Rimanda' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('Puoi rimandare al massimo di 8 settimane');

    fireEvent.change(day, { target: { value: '2026-12-01' } });
    await user.click(within(item).getByRole('button', { name: 'Rimanda' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Nina Ferma, Autunno 2026' })).not.toBeInTheDocument());
    expect(screen.getByText('1 persona da seguire oggi')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ until: '2030-01-01' }, { until: '2026-12-01' }]);
  });

  it('asks for more when the coach wants more, and for one cohort when filtered', async () => {
    const many = Array.from({ length: 35 }, (_, i) => fakeTriageItem({ userId: `u-${i}`, name: `Persona ${String(i).padStart(2, '0')}` }));
    const calls = triageServer(many);
    const { user } = renderApp('/coach');

    expect(await screen.findByText('35 persone da seguire oggi (qui le prime 30)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Carica altri' }));
    expect(await screen.findByText('35 persone da seguire oggi')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carica altri' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Coorte'), 'Inverno 2027');
    await waitFor(() => expect(calls.filter((call) => call.path.startsWith('/api/coach/triage')).at(-1)?.path).toBe('/api/coach/triage?limit=30&cohortId=cohort-2'));
    expect(calls.some((call) => call.path === '/api/coach/triage?limit=60')).toBe(true);
  });
});

describe('Da fare oggi, a few cards a group', { timeout: 20_000 }, () => {
  it('shows three cards of a group and "Mostra altri (N)" for the rest, so the next group stays in reach', async () => {
    const planners = Array.from({ length: 5 }, (_, i) => fakeTriageItem({ userId: `u-p${i}`, name: `Planner ${i + 1}`, group: 'planner', reasons: [reason('noPlanner', 'Planner della settimana non salvato')] }));
    triageServer([...planners, nina]);
    const { user } = renderApp('/coach');

    const group = (await screen.findByRole('heading', { level: 3, name: /^Planner/ })).closest('section')!;
    expect(within(group).getAllByRole('listitem', { name: /^Planner \d/ })).toHaveLength(3);
    // The next group is there at once, not after all the cards of this one.
    expect(screen.getByRole('listitem', { name: 'Nina Ferma, Autunno 2026' })).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Mostra altri (2)' }));
    expect(within(group).getAllByRole('listitem', { name: /^Planner \d/ })).toHaveLength(5);
    expect(within(group).queryByRole('button', { name: /^Mostra altri/ })).not.toBeInTheDocument();
  });
});

describe('dayRecap', () => {
  it('says what the coach did today, leaving out what they did not, and how the list moved', () => {
    expect(dayRecap(emptyTriageDay)).toEqual(['Oggi non c’era niente da fare.']);
    expect(dayRecap({ contacted: 1, snoozed: 0, checkInsRead: 0, openYesterday: null, openToday: 1 })).toEqual([
      'Oggi hai contattato 1 partecipante.',
      'Alla prima occhiata di oggi avevi 1 persona da seguire.',
    ]);
    expect(dayRecap({ contacted: 0, snoozed: 2, checkInsRead: 1, openYesterday: 3, openToday: 3 })).toEqual([
      'Oggi hai rimandato 2 partecipanti e segnato come letto 1 check-in.',
      'Ieri alla prima occhiata avevi 3 persone da seguire, oggi lo stesso numero.',
    ]);
  });
});
