import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyTracker } from '@sfida/core/tracker';
import { json, mockApi } from '../testing/test-utils';
import { fetchMyTracker } from './server-copy';

afterEach(() => vi.unstubAllGlobals());

describe('fetchMyTracker', () => {
  it('is null before the first sync (204), and for an API from before that change (404)', async () => {
    mockApi({ 'GET /api/users/me/progress': () => new Response(null, { status: 204 }) });
    expect(await fetchMyTracker()).toBeNull();
    mockApi({ 'GET /api/users/me/progress': () => json({ message: 'Nessun progresso salvato' }, 404) });
    expect(await fetchMyTracker()).toBeNull();
  });

  it('gives the copy\'s date at once and checks the copy only when it is read, once', async () => {
    const copy = { ...emptyTracker('Europe/Rome', new Date('2026-03-10T09:00:00Z')), habits: 'rotto' };
    mockApi({ 'GET /api/users/me/progress': () => json(copy) });
    const remote = await fetchMyTracker();
    expect(remote?.updatedAt).toBe('2026-03-10T09:00:00.000Z');
    const first = remote?.read();
    expect(first).toMatchObject({ repaired: true, tracker: { habits: [], updatedAt: '2026-03-10T09:00:00.000Z' } });
    expect(remote?.read()).toBe(first);
  });

  it('throws on a failure, so that a broken server never passes for an empty copy', async () => {
    mockApi({ 'GET /api/users/me/progress': () => json({ message: 'Errore interno del server' }, 500) });
    await expect(fetchMyTracker()).rejects.toThrow('Errore interno del server');
  });
});
