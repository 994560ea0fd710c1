import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cohortSettingsMessages } from '@sfida/core/cohort';
import { MAX_RESOURCES_PER_SECTION, cohortResourcesSchema, resourceItemSchema, resourceMessages, type CohortResources, type ResourceItem } from '@sfida/core/resources';
import type { Package } from '@sfida/core/packages';
import { visibleTextMessages } from '@sfida/core/visible-text';
import { cohortRef } from '../../shared/cohort-repository';
import { userRef } from '../../shared/user-repository';
import { Client, PASSWORD, readDoc, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { signedInCoach, writeCohort } from '../../test-support/cohort-fixtures';
import { resourceBlobPath } from './repository';

let app: TestApp;
const START = '2025-09-15';

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function participant(cohortId: string, name = 'Paola Neri', owned?: Package) {
  const registered = await registerParticipant(app, name);
  await userRef(app.deps.db, registered.user.id).update({ cohortId, challengeStartDate: START, ...(owned ? { packages: { [cohortId]: owned } } : {}) });
  // The session carries the cohort from a fresh sign-in.
  expect((await registered.client.post('/api/auth/login', { email: registered.email, password: PASSWORD })).status).toBe(200);
  return registered;
}

/** A cohort with its coach and a participant, and another cohort with its own. */
async function world() {
  const coach = await signedInCoach(app, 'Giulia Coach');
  const otherCoach = await signedInCoach(app, 'Altro Coach');
  const cohortId = await writeCohort(app, { coachIds: [coach.user.id], startDate: START });
  const otherCohortId = await writeCohort(app, { coachIds: [otherCoach.user.id], startDate: START });
  const member = await participant(cohortId);
  const stranger = await participant(otherCohortId, 'Sara Altri');
  return { coach, otherCoach, cohortId, otherCohortId, member, stranger };
}

/** A small PDF: the magic, a body, the end marker. */
function pdf(size = 2048): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  bytes.write('%%EOF\n', size - 6, 'latin1');
  return bytes;
}

const filesPath = (cohortId: string, query: Record<string, string>) => `/api/coach/cohorts/${cohortId}/resources/files?${new URLSearchParams(query).toString()}`;
const linksPath = (cohortId: string) => `/api/coach/cohorts/${cohortId}/resources/links`;
const listPath = (cohortId: string) => `/api/cohorts/${cohortId}/resources`;
const filePath = (cohortId: string, id: string) => `/api/cohorts/${cohortId}/resources/${id}/file`;

function upload(client: Client, cohortId: string, bytes: Buffer, query: Record<string, string> = { section: 'guide', title: 'Guida al sonno' }, contentType = 'application/pdf') {
  return client.request<ResourceItem & { message: string }>('POST', filesPath(cohortId, query), { body: bytes, headers: { 'content-type': contentType } });
}

async function uploaded(client: Client, cohortId: string, query?: Record<string, string>): Promise<ResourceItem> {
  const reply = await upload(client, cohortId, pdf(), query);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return resourceItemSchema.parse(reply.body);
}

async function list(client: Client, cohortId: string): Promise<CohortResources> {
  const reply = await client.get(listPath(cohortId));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return cohortResourcesSchema.parse(reply.body);
}

async function bucketFiles(cohortId: string): Promise<string[]> {
  return readdir(`${app.deps.config.localBlobDir}/resources/${cohortId}`).catch(() => []);
}

describe('resources a coach fills', () => {
  test('a coach uploads a PDF and adds a link; the cohort reads them in order, and downloads the file privately', async () => {
    const { coach, cohortId, member } = await world();
    expect(await list(member.client, cohortId)).toEqual({ guide: [], strumenti: [] });

    const guide = await uploaded(coach.client, cohortId, { section: 'guide', title: '  Dormire bene: è facile ', description: 'Sette abitudini per la sera' });
    expect(guide).toMatchObject({ section: 'guide', kind: 'file', title: 'Dormire bene: è facile', description: 'Sette abitudini per la sera', bytes: 2048 });
    const link = await coach.client.post<ResourceItem>(linksPath(cohortId), { section: 'strumenti', title: 'Diario settimanale', url: 'https://esempio.it/diario' });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ section: 'strumenti', kind: 'link', url: 'https://esempio.it/diario' });
    expect(link.body.description).toBeUndefined();

    const read = await list(member.client, cohortId);
    expect(read.guide.map((item) => item.title)).toEqual(['Dormire bene: è facile']);
    expect(read.strumenti.map((item) => item.url)).toEqual(['https://esempio.it/diario']);
    // The page is one document.
    expect(Object.keys((await readDoc(app, `cohorts/${cohortId}/resources/items`)) ?? {}).sort()).toEqual(['guide', 'strumenti']);

    const download = await member.client.get<string>(filePath(cohortId, guide.id));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename=dormire-bene-e-facile.pdf');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.body.startsWith('%PDF-1.7')).toBe(true);
    expect(download.body.length).toBe(2048);
    // The coach reads the same page and file.
    expect((await coach.client.get(filePath(cohortId, guide.id))).status).toBe(200);
    // A link has no file.
    expect((await member.client.get(filePath(cohortId, link.body.id))).status).toBe(404);
  });

  test('coaches reorder a section and remove items (a file leaves the bucket too)', async () => {
    const { coach, cohortId, member } = await world();
    const first = await uploaded(coach.client, cohortId, { section: 'strumenti', title: 'Primo' });
    const second = await uploaded(coach.client, cohortId, { section: 'strumenti', title: 'Secondo' });
    const third = (await coach.client.post<ResourceItem>(linksPath(cohortId), { section: 'strumenti', title: 'Terzo', url: 'https://esempio.it/3' })).body;

    const order = `/api/coach/cohorts/${cohortId}/resources/order`;
    const moved = await coach.client.put<CohortResources>(order, { section: 'strumenti', ids: [third.id, first.id, second.id] });
    expect(moved.status).toBe(200);
    expect((await list(member.client, cohortId)).strumenti.map((item) => item.title)).toEqual(['Terzo', 'Primo', 'Secondo']);
    // An order that leaves one out, names one twice or another section's is refused, and nothing moves.
    for (const ids of [[third.id, first.id], [third.id, first.id, first.id], [third.id, first.id, 'a'.repeat(24)]]) {
      const refused = await coach.client.put(order, { section: 'strumenti', ids });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: resourceMessages.badOrder });
    }
    expect((await coach.client.put(order, { section: 'guide', ids: [first.id] })).status).toBe(400);
    expect((await list(member.client, cohortId)).strumenti.map((item) => item.title)).toEqual(['Terzo', 'Primo', 'Secondo']);

    expect(await bucketFiles(cohortId)).toHaveLength(2);
    const removed = await coach.client.request('DELETE', `/api/coach/cohorts/${cohortId}/resources/${first.id}`);
    expect(removed.status).toBe(204);
    expect(await bucketFiles(cohortId)).toEqual([`${second.id}.pdf`]);
    expect((await member.client.get(filePath(cohortId, first.id))).status).toBe(404);
    expect((await coach.client.request('DELETE', `/api/coach/cohorts/${cohortId}/resources/${first.id}`)).status).toBe(404);
    expect((await coach.client.request('DELETE', `/api/coach/cohorts/${cohortId}/resources/${third.id}`)).status).toBe(204);
    expect((await list(member.client, cohortId)).strumenti.map((item) => item.title)).toEqual(['Secondo']);
  });

  test('bad input is refused in Italian and nothing is stored', async () => {
    const { coach, cohortId, member } = await world();
    const refusals: Array<[Promise<{ status: number; body: unknown }>, number, string]> = [
      // 25 MB: refused by its declared length, before it is read.
      [upload(coach.client, cohortId, Buffer.concat([pdf(), Buffer.alloc(25 * 1024 * 1024 - 2048)])), 413, resourceMessages.tooLarge],
      // A renamed .exe, sent as a PDF: the bytes say otherwise.
      [upload(coach.client, cohortId, Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(4096)]), { section: 'guide', title: 'programma.pdf' }), 400, resourceMessages.notPdf],
      [upload(coach.client, cohortId, Buffer.alloc(0)), 400, resourceMessages.empty],
      [upload(coach.client, cohortId, pdf(), { section: 'guide' }), 400, resourceMessages.titleRequired],
      [upload(coach.client, cohortId, pdf(), { section: 'guide', title: '   ' }), 400, resourceMessages.titleRequired],
      [upload(coach.client, cohortId, pdf(), { section: 'guide', title: 'Due', description: 'riga uno\nriga due' }), 400, visibleTextMessages.control],
      [coach.client.post(linksPath(cohortId), { section: 'guide', title: 'Vecchio', url: 'http://esempio.it' }), 400, resourceMessages.invalidLink],
      [coach.client.post(linksPath(cohortId), { section: 'guide', title: 'Script', url: 'javascript:alert(1)' }), 400, resourceMessages.invalidLink],
      [coach.client.post(linksPath(cohortId), { section: 'guide', title: 'Relativo', url: '/risorse' }), 400, resourceMessages.invalidLink],
      [coach.client.post(linksPath(cohortId), { section: 'guide', url: 'https://esempio.it' }), 400, resourceMessages.titleRequired],
      [coach.client.post(linksPath(cohortId), { section: 'altro', title: 'Sezione', url: 'https://esempio.it' }), 400, 'Scegli la sezione: Guide Pratiche o Strumenti'],
    ];
    for (const [reply, status, message] of refusals) {
      const answer = await reply;
      expect(answer.status, message).toBe(status);
      expect(answer.body).toEqual({ message });
    }
    expect(await list(member.client, cohortId)).toEqual({ guide: [], strumenti: [] });
    expect(await bucketFiles(cohortId)).toEqual([]);
  });

  test(`a section holds at most ${MAX_RESOURCES_PER_SECTION} items: one more is refused, its file not kept`, async () => {
    const { coach, cohortId } = await world();
    for (let i = 0; i < MAX_RESOURCES_PER_SECTION; i++) {
      expect((await coach.client.post(linksPath(cohortId), { section: 'guide', title: `Link ${i}`, url: `https://esempio.it/${i}` })).status).toBe(201);
    }
    const link = await coach.client.post(linksPath(cohortId), { section: 'guide', title: 'Uno di troppo', url: 'https://esempio.it/x' });
    expect(link.status).toBe(409);
    expect(link.body).toEqual({ message: resourceMessages.sectionFull });
    const file = await upload(coach.client, cohortId, pdf());
    expect(file.status).toBe(409);
    expect(await bucketFiles(cohortId)).toEqual([]);
    // The other section still has room.
    expect((await upload(coach.client, cohortId, pdf(), { section: 'strumenti', title: 'Ancora spazio' })).status).toBe(201);
  });

  test('an archived cohort keeps its resources readable and refuses changes', async () => {
    const { coach, cohortId, member } = await world();
    const item = await uploaded(coach.client, cohortId);
    await cohortRef(app.deps.db, cohortId).update({ archivedAt: '2025-12-01T10:00:00.000Z' });
    const added = await coach.client.post(linksPath(cohortId), { section: 'guide', title: 'Tardi', url: 'https://esempio.it' });
    expect(added.status).toBe(409);
    expect(added.body).toEqual({ message: cohortSettingsMessages.archived });
    expect((await upload(coach.client, cohortId, pdf())).status).toBe(409);
    expect((await coach.client.request('DELETE', `/api/coach/cohorts/${cohortId}/resources/${item.id}`)).status).toBe(409);
    expect((await coach.client.put(`/api/coach/cohorts/${cohortId}/resources/order`, { section: 'guide', ids: [item.id] })).status).toBe(409);
    expect((await list(member.client, cohortId)).guide.map((entry) => entry.id)).toEqual([item.id]);
    expect((await member.client.get(filePath(cohortId, item.id))).status).toBe(200);
    expect(await bucketFiles(cohortId)).toEqual([`${item.id}.pdf`]);
  });

  test('a withdrawn participant no longer reads them', async () => {
    const { coach, cohortId, member } = await world();
    const item = await uploaded(coach.client, cohortId);
    await userRef(app.deps.db, member.user.id).update({ withdrawnAt: '2025-10-01T10:00:00.000Z' });
    expect((await member.client.get(listPath(cohortId))).status).toBe(403);
    expect((await member.client.get(filePath(cohortId, item.id))).status).toBe(403);
  });
});

describe('the authorization matrix', () => {
  test('every resources route: signed out 401, participants read only their own cohort, only its coaches write, unknown cohort 404', async () => {
    const { coach, otherCoach, cohortId, member, stranger } = await world();
    const item = await uploaded(coach.client, cohortId);
    const signedOut = new Client(app);
    const unknown = 'coorte-inesistente';
    const link = { section: 'guide', title: 'Link', url: 'https://esempio.it' };
    const order = { section: 'guide', ids: [item.id] };

    type Call = (client: Client, cohort: string) => Promise<{ status: number }>;
    const reads: Array<[string, Call]> = [
      ['list', (client, cohort) => client.get(listPath(cohort))],
      ['file', (client, cohort) => client.get(filePath(cohort, item.id))],
    ];
    const writes: Array<[string, Call]> = [
      // The order first: it names the section's one item, before the coach's upload adds another.
      ['order', (client, cohort) => client.put(`/api/coach/cohorts/${cohort}/resources/order`, order)],
      ['edit', (client, cohort) => client.request('PATCH', `/api/coach/cohorts/${cohort}/resources/${item.id}`, { json: { title: 'Guida al sonno (nuova)' } })],
      ['delete', (client, cohort) => client.request('DELETE', `/api/coach/cohorts/${cohort}/resources/${'b'.repeat(24)}`)],
      ['upload', (client, cohort) => upload(client, cohort, pdf())],
      ['link', (client, cohort) => client.post(linksPath(cohort), link)],
    ];
    for (const [name, call] of [...reads, ...writes]) {
      expect((await call(signedOut, cohortId)).status, `${name} signed out`).toBe(401);
      expect((await call(otherCoach.client, cohortId)).status, `${name} coach of another cohort`).toBe(403);
      expect((await call(stranger.client, cohortId)).status, `${name} participant of another cohort`).toBe(403);
      expect((await call(coach.client, unknown)).status, `${name} unknown cohort`).toBe(404);
    }
    for (const [name, call] of reads) {
      expect((await call(member.client, cohortId)).status, `${name} participant`).toBe(200);
      expect((await call(coach.client, cohortId)).status, `${name} coach`).toBe(200);
    }
    const expected: Record<string, number> = { upload: 201, link: 201, order: 200, edit: 200, delete: 404 };
    for (const [name, call] of writes) {
      expect((await call(member.client, cohortId)).status, `${name} participant`).toBe(403);
      expect((await call(coach.client, cohortId)).status, `${name} coach`).toBe(expected[name]);
    }
    // A participant with a cohort they do not belong to, named in the path, reads nothing.
    expect((await member.client.get(listPath(unknown))).status).toBe(403);
    expect(await readDoc(app, `cohorts/${cohortId}/resources/items`)).toBeDefined();
    expect(resourceBlobPath(cohortId, item.id)).toBe(`resources/${cohortId}/${item.id}.pdf`);
  });

  test('reserved resources: every reader of both routes; a file and a link only to the packages that may open them', async () => {
    const { coach, otherCoach, cohortId, member: base } = await world();
    const guida = await participant(cohortId, 'Gina Guida', 'GUIDA');
    const premium = await participant(cohortId, 'Pia Premium', 'PREMIUM');
    const file = await uploaded(coach.client, cohortId, { section: 'guide', title: 'Piano Guida', access: 'GUIDA' });
    expect(file).toMatchObject({ access: 'GUIDA', mayOpen: true });
    const link = await coach.client.post<ResourceItem>(linksPath(cohortId), { section: 'strumenti', title: 'Gruppo Premium', url: 'https://esempio.it/premium', access: 'PREMIUM' });
    expect(link.body).toMatchObject({ access: 'PREMIUM', mayOpen: true, url: 'https://esempio.it/premium' });
    const open = await coach.client.post<ResourceItem>(linksPath(cohortId), { section: 'strumenti', title: 'Per tutti', url: 'https://esempio.it/tutti' });
    expect(open.body).toMatchObject({ access: 'BASE' });

    const readers = { base, guida, premium, coach };
    const mayOpenFile = { base: false, guida: true, premium: true, coach: true };
    const mayOpenLink = { base: false, guida: false, premium: true, coach: true };
    for (const [name, reader] of Object.entries(readers) as Array<[keyof typeof readers, (typeof readers)[keyof typeof readers]]>) {
      const page = await reader.client.get<CohortResources>(listPath(cohortId));
      expect(page.status, name).toBe(200);
      // Everyone sees every item, with who may open it; the whole answer names the address only to those who may.
      expect(page.body.guide).toMatchObject([{ id: file.id, access: 'GUIDA', mayOpen: mayOpenFile[name] }]);
      expect(page.body.strumenti).toMatchObject([{ access: 'PREMIUM', mayOpen: mayOpenLink[name] }, { access: 'BASE', mayOpen: true, url: 'https://esempio.it/tutti' }]);
      expect(JSON.stringify(page.body).includes('esempio.it/premium'), name).toBe(mayOpenLink[name]);
      const download = await reader.client.get<string>(filePath(cohortId, file.id));
      expect(download.status, name).toBe(mayOpenFile[name] ? 200 : 403);
      if (!mayOpenFile[name]) expect(download.body).toEqual({ message: 'Questa risorsa è riservata a un altro pacchetto' });
    }
    expect((await new Client(app).get(listPath(cohortId))).status).toBe(401);
    expect((await new Client(app).get(filePath(cohortId, file.id))).status).toBe(401);
    expect((await otherCoach.client.get(listPath(cohortId))).status).toBe(403);
    expect((await otherCoach.client.get(filePath(cohortId, file.id))).status).toBe(403);
    // Who may open what is stored with the item.
    expect(await readDoc(app, `cohorts/${cohortId}/resources/items`)).toMatchObject({ guide: [{ access: 'GUIDA' }], strumenti: [{ access: 'PREMIUM' }, { access: 'BASE' }] });
    expect(await upload(coach.client, cohortId, pdf(), { section: 'guide', title: 'X', access: 'ORO' })).toMatchObject({ status: 400, body: { message: 'Scegli chi può aprire la risorsa' } });
  });

  test('a coach changes who may open an item after adding it: from then on the file and the address follow the new access', async () => {
    const { coach, cohortId, member: base } = await world();
    const premium = await participant(cohortId, 'Pia Premium', 'PREMIUM');
    const file = await uploaded(coach.client, cohortId, { section: 'guide', title: 'Piano', description: 'Per tutti' });
    const link = (await coach.client.post<ResourceItem>(linksPath(cohortId), { section: 'strumenti', title: 'Gruppo', url: 'https://esempio.it/gruppo' })).body;
    const edit = (id: string, json: unknown) => coach.client.request<ResourceItem & { message: string }>('PATCH', `/api/coach/cohorts/${cohortId}/resources/${id}`, { json });
    expect((await base.client.get(filePath(cohortId, file.id))).status).toBe(200);

    // Reserved to Premium: the Base participant loses the file and the address, the Premium one keeps both.
    const reserved = await edit(file.id, { access: 'PREMIUM', title: 'Piano Premium', description: '' });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    expect(reserved.body).toMatchObject({ id: file.id, title: 'Piano Premium', access: 'PREMIUM', kind: 'file', mayOpen: true });
    expect(reserved.body.description).toBeUndefined();
    expect((await edit(link.id, { access: 'GUIDA' })).status).toBe(200);
    expect((await base.client.get(filePath(cohortId, file.id))).status).toBe(403);
    expect((await premium.client.get(filePath(cohortId, file.id))).status).toBe(200);
    const seen = await list(base.client, cohortId);
    expect(seen.guide).toMatchObject([{ id: file.id, title: 'Piano Premium', access: 'PREMIUM', mayOpen: false }]);
    expect(seen.strumenti[0]).toMatchObject({ id: link.id, access: 'GUIDA', mayOpen: false });
    expect(JSON.stringify(seen).includes('esempio.it/gruppo')).toBe(false);
    expect((await list(premium.client, cohortId)).strumenti[0]).toMatchObject({ url: 'https://esempio.it/gruppo', mayOpen: true });

    // Opened to everyone again; what was not named stays as it was, the order and the file too.
    expect((await edit(file.id, { access: 'BASE' })).body).toMatchObject({ title: 'Piano Premium', access: 'BASE' });
    expect((await base.client.get(filePath(cohortId, file.id))).status).toBe(200);
    expect(await bucketFiles(cohortId)).toEqual([`${file.id}.pdf`]);
    // Bad input and unknown items are refused in Italian, and nothing changes.
    expect(await edit(file.id, { access: 'ORO' })).toMatchObject({ status: 400, body: { message: resourceMessages.invalidAccess } });
    expect(await edit(file.id, { title: '  ' })).toMatchObject({ status: 400, body: { message: resourceMessages.titleRequired } });
    expect(await edit('c'.repeat(24), { title: 'Altro' })).toMatchObject({ status: 404, body: { message: resourceMessages.notFound } });
    expect((await list(coach.client, cohortId)).guide).toMatchObject([{ id: file.id, title: 'Piano Premium', access: 'BASE' }]);
  });
});
