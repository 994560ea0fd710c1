import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../testing/render-route';
import { fetchMyTracker } from './my-progress';

afterEach(() => vi.unstubAllGlobals());

describe('fetchMyTracker', () => {
  it('is null before the first sync (204), and for an API from before that change (404)', async () => {
    mockApi({ 'GET /api/users/me/progress': () => new Response(null, { status: 204 }) });
    expect(await fetchMyTracker()).toBeNull();
    mockApi({ 'GET /api/users/me/progress': () => json({ message: 'Nessun progresso salvato' }, 404) });
    expect(await fetchMyTracker()).toBeNull();
  });

  it('throws on a failure, so that a broken server never passes for an empty copy', async () => {
    mockApi({ 'GET /api/users/me/progress': () => json({ message: 'Errore interno del server' }, 500) });
    await expect(fetchMyTracker()).rejects.toThrow('Errore interno del server');
  });
});
