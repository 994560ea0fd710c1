import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, submitCheckIn, toggleHabit } from '@sfida/core/tracker-actions';
import { userRef } from '../../shared/user-repository';
import { Client, PASSWORD, registerParticipant, startTestApp, type TestApp } from '../../test-support/api-harness';
import { must, signedInCoach } from '../../test-support/cohort-fixtures';
import { pdfText } from '../../test-support/pdf-text';
import { certificateMessages } from './service';

let app: TestApp;
/** Monday 2 March 2026: the eight weeks end on Sunday 26 April. */
const START = '2026-03-02';
/** Friday 24 April 2026, 12:00 in Rome: week 8. */
const WEEK_8 = new Date('2026-04-24T10:00:00Z');
/** Tuesday 28 April 2026: the challenge is over. */
const AFTER = new Date('2026-04-28T10:00:00Z');

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function download(client: Client) {
  const response = await fetch(`${app.baseUrl}/api/me/certificate.pdf`, { headers: client.cookie ? { cookie: `__session=${client.cookie}` } : {} });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('the certificate of completion', () => {
  test('signed out 401, a coach 403, a participant 409 until the eight weeks are over, then their own figures in Italian', async () => {
    app.setNow(WEEK_8);
    const { client, user, email } = await registerParticipant(app, 'Paola Neri 🌟');
    await userRef(app.deps.db, user.id).update({ challengeStartDate: START, timeZone: 'Europe/Rome' });
    let tracker: TrackerData = must(addHabit(emptyTracker('Europe/Rome', WEEK_8, START), 'Camminare 30 minuti', WEEK_8));
    tracker = must(toggleHabit(tracker, tracker.habits[0]!.id, '2026-04-24', WEEK_8));
    tracker = must(submitCheckIn(tracker, { mood: 4, reflection: 'Una bella settimana' }, WEEK_8));
    const synced = await client.put('/api/users/me/progress', tracker);
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);

    expect((await download(new Client(app))).response.status).toBe(401);
    const coach = await signedInCoach(app);
    expect((await download(coach.client)).response.status).toBe(403);
    const early = await download(client);
    expect(early.response.status).toBe(409);
    expect(JSON.parse(Buffer.from(early.bytes).toString())).toEqual({ message: certificateMessages.notYet('26 aprile 2026') });

    app.setNow(AFTER);
    const again = new Client(app);
    expect((await again.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    const { response, bytes } = await download(again);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="certificato-sfida-8-settimane.pdf"');
    expect(response.headers.get('cache-control')).toMatch(/no-store/);

    const doc = await PDFDocument.load(bytes);
    // The document's properties are Unicode: the name as written.
    expect(doc.getTitle()).toBe('Certificato di completamento - Paola Neri 🌟');
    const text = await pdfText(bytes);
    expect(text).toContain('Certificato di completamento');
    // The emoji is not in the PDF's standard font: it prints as a stand-in, never breaks the file.
    expect(text).toContain('Paola Neri ? ha portato a termine la Sfida 8 settimane');
    expect(text.replace(/\s+/g, ' ')).toContain('dal 2 marzo 2026 al 26 aprile 2026');
    expect(text).toContain('1 giorno completati su 3 (33%)');
    expect(text).toContain('Check-in');
    expect(text).toContain('1 su 8');
    expect(text).toContain('4/5');
    expect(text).toContain('Rilasciato il 28 aprile 2026');
  });

  test('a participant with no start date is told to choose one first', async () => {
    app.setNow(AFTER);
    const { client } = await registerParticipant(app, 'Luca Verdi');
    const { response, bytes } = await download(client);
    expect(response.status).toBe(409);
    expect(JSON.parse(Buffer.from(bytes).toString())).toEqual({ message: certificateMessages.noStart });
  });
});
