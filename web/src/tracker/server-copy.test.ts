import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyTracker } from '@sfida/core/tracker';
import { fakeUser } from '../testing/fake-user';
import { fakeServer, json, trackerSaved, trackerStale } from '../testing/test-utils';
import { fetchMyTracker, putMyTracker } from './server-copy';

afterEach(() => vi.unstubAllGlobals());

describe('fetchMyTracker', () => {
  it('is null before the first sync (204), and for an API from before that change (404)', async () => {
    fakeServer(fakeUser(), { 'GET /api/users/me/progress': () => new Response(null, { status: 204 }) });
    expect(await fetchMyTracker()).toBeNull();
    fakeServer(fakeUser(), { 'GET /api/users/me/progress': () => json({ message: 'Nessun progresso salvato' }, 404) });
    expect(await fetchMyTracker()).toBeNull();
  });

  it('reads the copy tolerantly and keeps its revision tag', async () => {
    const copy = { ...emptyTracker('Europe/Rome', new Date('2026-03-10T09:00:00Z')), habits: 'rotto' };
    fakeServer(fakeUser(), { 'GET /api/users/me/progress': () => new Response(JSON.stringify(copy), { headers: { 'Content-Type': 'application/json', ETag: '"r4"' } }) });
    const remote = await fetchMyTracker();
    expect(remote).toMatchObject({ repaired: true, tag: '"r4"', tracker: { habits: [], updatedAt: '2026-03-10T09:00:00.000Z' } });
  });

  it('throws on a failure, so that a broken server never passes for an empty copy', async () => {
    fakeServer(fakeUser(), { 'GET /api/users/me/progress': () => json({ message: 'Errore interno del server' }, 500) });
    await expect(fetchMyTracker()).rejects.toThrow('Errore interno del server');
  });
});

describe('putMyTracker', () => {
  const mine = emptyTracker('Europe/Rome', new Date('2026-03-10T09:00:00Z'));
  const theirs = { ...mine, updatedAt: '2026-03-10T10:00:00.000Z' };

  it('names the base revision in If-Match and takes the stored copy and its new tag', async () => {
    const calls = fakeServer(fakeUser(), { 'PUT /api/users/me/progress': () => trackerSaved(theirs, '"r5"') });
    const outcome = await putMyTracker(mine, '"r4"');
    expect(calls[0]!.headers['if-match']).toBe('"r4"');
    expect(outcome).toMatchObject({ stored: true, copy: { tag: '"r5"', tracker: theirs } });
  });

  it('sends no If-Match before the first copy exists', async () => {
    const calls = fakeServer(fakeUser(), { 'PUT /api/users/me/progress': () => trackerSaved(mine, '"r1"') });
    await putMyTracker(mine, null);
    expect('if-match' in calls[0]!.headers).toBe(false);
  });

  it('a 412 gives the stored copy to merge with, not an error', async () => {
    fakeServer(fakeUser(), { 'PUT /api/users/me/progress': () => trackerStale(theirs, '"r9"') });
    expect(await putMyTracker(mine, '"r4"')).toMatchObject({ stored: false, copy: { tag: '"r9"', tracker: theirs } });
  });
});
