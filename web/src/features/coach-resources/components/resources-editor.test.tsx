import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resourceMessages, type CohortResources, type ResourceItem } from '@sfida/core/resources';
import { json, renderApp, resetTestState } from '../../../testing/test-utils';
import { fakeCoachServer, fakeCohort } from '../../../testing/coach-fixtures';

afterEach(resetTestState);

const BASE = '/api/coach/cohorts/cohort-1/resources';

/** A server keeping the cohort's resources in memory, as the API does. */
function resourcesServer(initial: CohortResources) {
  let resources = initial;
  let next = 1;
  const calls = fakeCoachServer((call) => {
    const path = call.path.split('?')[0];
    if (path === '/api/coach/cohorts') return json([fakeCohort()]);
    if (path?.startsWith('/api/coach/cohorts/cohort-1/participants')) return json({ rows: [], nextCursor: null });
    if (path === '/api/cohorts/cohort-1/resources') return json(resources);
    if (path === `${BASE}/links` && call.method === 'POST') {
      const body = call.body as Omit<ResourceItem, 'id' | 'kind' | 'mayOpen'>;
      const created: ResourceItem = { ...body, id: `r${next++}`, kind: 'link', mayOpen: true };
      resources = { ...resources, [body.section]: [...resources[body.section], created] };
      return json(created, 201);
    }
    if (path === `${BASE}/files` && call.method === 'POST') {
      const query = new URLSearchParams(call.path.split('?')[1]);
      const section = query.get('section') as ResourceItem['section'];
      const access = (query.get('access') ?? 'BASE') as ResourceItem['access'];
      const created: ResourceItem = { id: `r${next++}`, section, kind: 'file', title: query.get('title')!, bytes: 4096, access, mayOpen: true };
      resources = { ...resources, [section]: [...resources[section], created] };
      return json(created, 201);
    }
    if (path === `${BASE}/order` && call.method === 'PUT') {
      const { section, ids } = call.body as { section: 'guide'; ids: string[] };
      resources = { ...resources, [section]: ids.map((id) => resources[section].find((item) => item.id === id)!) };
      return json(resources);
    }
    if (path?.startsWith(`${BASE}/`) && call.method === 'PATCH') {
      const id = path.split('/').pop()!;
      const change = call.body as Partial<ResourceItem>;
      const edit = (item: ResourceItem): ResourceItem => (item.id === id ? { ...item, ...change, ...(change.description === '' ? { description: undefined } : {}) } : item);
      resources = { guide: resources.guide.map(edit), strumenti: resources.strumenti.map(edit) };
      return json([...resources.guide, ...resources.strumenti].find((item) => item.id === id));
    }
    if (path?.startsWith(`${BASE}/`) && call.method === 'DELETE') {
      const id = path.split('/').pop()!;
      resources = { guide: resources.guide.filter((item) => item.id !== id), strumenti: resources.strumenti.filter((item) => item.id !== id) };
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  return { calls, resources: () => resources };
}

const guide = (id: string, title: string): ResourceItem => ({ id, section: 'guide', kind: 'link', title, url: `https://esempio.it/${id}`, access: 'BASE', mayOpen: true });

describe('the cohort resources in the console', { timeout: 40_000 }, () => {
  it('adds a link and a PDF (refusing an http link and a missing title before sending), with labelled fields', async () => {
    const server = resourcesServer({ guide: [], strumenti: [] });
    const user = userEvent.setup();
    renderApp('/coach/cohort-1/risorse');
    const form = await screen.findByRole('form', { name: 'Aggiungi una risorsa' });

    await user.selectOptions(within(form).getByLabelText('Tipo'), 'link');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi il link' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(resourceMessages.titleRequired);
    await user.type(within(form).getByLabelText(/Titolo/), 'Diario settimanale');
    await user.type(within(form).getByLabelText(/Indirizzo/), 'http://esempio.it/diario');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi il link' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(resourceMessages.invalidLink);
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.selectOptions(within(form).getByLabelText('Sezione'), 'strumenti');
    await user.clear(within(form).getByLabelText(/Indirizzo/));
    await user.type(within(form).getByLabelText(/Indirizzo/), 'https://esempio.it/diario');
    await user.type(within(form).getByLabelText(/Descrizione/), 'Da stampare ogni lunedì');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi il link' }));
    expect(await within(await screen.findByRole('list', { name: 'Strumenti' })).findByText('Diario settimanale')).toBeInTheDocument();
    expect(server.resources().strumenti[0]).toMatchObject({ url: 'https://esempio.it/diario', description: 'Da stampare ogni lunedì', access: 'BASE' });

    await user.selectOptions(within(form).getByLabelText('Tipo'), 'file');
    await user.selectOptions(within(form).getByLabelText('Sezione'), 'guide');
    await user.type(within(form).getByLabelText(/Titolo/), 'Guida al sonno');
    await user.upload(within(form).getByLabelText(/File PDF/), new File(['%PDF-1.7 contenuto'], 'sonno.pdf', { type: 'application/pdf' }));
    // Reserved to Guida and Premium: the others see it with what it takes.
    await user.selectOptions(within(form).getByLabelText('Chi può aprirla'), 'GUIDA');
    await user.click(within(form).getByRole('button', { name: 'Carica il PDF' }));
    const guides = await screen.findByRole('list', { name: 'Guide Pratiche' });
    expect(await within(guides).findByText('Guida al sonno')).toBeInTheDocument();
    expect(within(guides).getByText('Pacchetti Guida e Premium')).toBeInTheDocument();
    const upload = server.calls.find((call) => call.path.startsWith(`${BASE}/files`))!;
    expect(upload.path).toBe(`${BASE}/files?section=guide&title=Guida+al+sonno&access=GUIDA`);
    expect(upload.headers['content-type']).toBe('application/pdf');
  });

  it('moves an item with named buttons and removes one only after a confirmation', async () => {
    const server = resourcesServer({ guide: [guide('a', 'Primo'), guide('b', 'Secondo')], strumenti: [] });
    const user = userEvent.setup();
    renderApp('/coach/cohort-1/risorse');
    const list = await screen.findByRole('list', { name: 'Guide Pratiche' });
    expect(within(list).getByRole('button', { name: 'Sposta su: Primo' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Sposta giù: Secondo' })).toBeDisabled();
    await user.click(within(list).getByRole('button', { name: 'Sposta giù: Primo' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual(['Secondo', 'Primo']));
    expect(server.calls.find((call) => call.path === `${BASE}/order`)?.body).toEqual({ section: 'guide', ids: ['b', 'a'] });

    await user.click(within(list).getByRole('button', { name: 'Rimuovi: Primo' }));
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);
    const question = within(list).getByRole('group', { name: 'Rimuovi: Primo' });
    await user.click(within(question).getByRole('button', { name: 'Rimuovi' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Guide Pratiche' })).queryByText('Primo')).toBeNull());
    expect(server.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`${BASE}/a`]);
  });

  it('changes an item in place: its title, description and who may open it; an empty title is refused before sending', async () => {
    const server = resourcesServer({ guide: [{ ...guide('a', 'Primo'), description: 'Per tutti' }], strumenti: [] });
    const user = userEvent.setup();
    renderApp('/coach/cohort-1/risorse');
    const list = await screen.findByRole('list', { name: 'Guide Pratiche' });
    const open = within(list).getByRole('button', { name: 'Modifica: Primo' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const form = within(list).getByRole('form', { name: 'Modifica: Primo' });
    expect(within(form).getByLabelText(/Titolo/)).toHaveValue('Primo');
    expect(within(form).getByLabelText(/Descrizione/)).toHaveValue('Per tutti');

    await user.clear(within(form).getByLabelText(/Titolo/));
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(resourceMessages.titleRequired);
    expect(server.calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.type(within(form).getByLabelText(/Titolo/), 'Primo Premium');
    await user.clear(within(form).getByLabelText(/Descrizione/));
    await user.selectOptions(within(form).getByLabelText('Chi può aprirla'), 'PREMIUM');
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(within(list).queryByRole('form')).toBeNull());
    expect(server.calls.find((call) => call.method === 'PATCH')).toMatchObject({ path: `${BASE}/a`, body: { title: 'Primo Premium', description: '', access: 'PREMIUM' } });
    expect(await within(list).findByText('Primo Premium')).toBeInTheDocument();
    expect(within(list).getByText('Solo pacchetto Premium')).toBeInTheDocument();
    expect(within(list).queryByText('Per tutti')).toBeNull();
  });
});
