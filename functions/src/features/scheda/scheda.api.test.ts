import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureAccount } from '../account/admin';
import { Client, PASSWORD, registerParticipant, startTestApp, uniqueEmail, type TestApp } from '../../test-support/api-harness';

let app: TestApp;
const pdfOf = (name: string) => Buffer.from(`%PDF-1.7\n% ${name}\n%%EOF\n`);

beforeAll(async () => {
  app = await startTestApp();
  for (const name of ['PRINCIPIANTE_CASA', 'AVANZATO_PALESTRA', 'AVANZATO_CASA']) {
    await app.deps.blobStore.write(`schede/${name}.pdf`, pdfOf(name), 'application/pdf');
  }
});
afterAll(async () => {
  await app.close();
});

async function participantWithSheet() {
  const { client, user } = await registerParticipant(app);
  await client.post('/api/onboarding', { tempoAllenamento: 'MENO_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' });
  return { client, user };
}

describe('GET /api/scheda/:scheda', () => {
  test('streams the participant\'s own sheet as a PDF download', async () => {
    const { client } = await participantWithSheet();
    const response = await fetch(`${app.baseUrl}/api/scheda/PRINCIPIANTE_CASA`, { headers: { cookie: `__session=${client.cookie}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="scheda-principiante-casa.pdf"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdfOf('PRINCIPIANTE_CASA'));
  });

  test("another participant's sheet: 403", async () => {
    const { client } = await participantWithSheet();
    expect(await client.get('/api/scheda/AVANZATO_PALESTRA')).toMatchObject({ status: 403, body: { message: 'Puoi scaricare solo la scheda che ti è stata assegnata' } });
  });

  test('before onboarding no sheet is downloadable: 403', async () => {
    const { client } = await registerParticipant(app);
    expect((await client.get('/api/scheda/PRINCIPIANTE_CASA')).status).toBe(403);
  });

  test('unknown sheet name: 404', async () => {
    const { client } = await participantWithSheet();
    for (const name of ['SCONOSCIUTA', 'principiante_casa', '..%2F..%2Fetc%2Fpasswd']) {
      expect(await client.get(`/api/scheda/${name}`)).toMatchObject({ status: 404, body: { message: 'Scheda non trovata' } });
    }
  });

  test('an OWNER may download any sheet; a missing file is 404', async () => {
    const email = uniqueEmail('coach');
    await ensureAccount(app.deps, { email, password: PASSWORD, name: 'Coach', role: 'OWNER', cohortId: app.deps.config.inviteCohortId });
    const coach = new Client(app);
    await coach.post('/api/auth/login', { email, password: PASSWORD });
    const reply = await coach.get('/api/scheda/AVANZATO_CASA');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="scheda-avanzato-casa.pdf"');
    expect(await coach.get('/api/scheda/PRINCIPIANTE_PALESTRA')).toMatchObject({ status: 404, body: { message: 'La scheda non è ancora disponibile. Riprova più tardi.' } });
  });

  test('not signed in: 401', async () => {
    expect((await new Client(app).get('/api/scheda/PRINCIPIANTE_CASA')).status).toBe(401);
  });
});
