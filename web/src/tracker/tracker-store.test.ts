import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit } from '@sfida/core/tracker-actions';
import { STORAGE_KEYS } from './storage-keys';
import { resetTrackerStores, trackerStoreFor } from './tracker-store';

const NOW = new Date('2025-10-06T09:00:00.000Z');

function trackerWithHabits(...names: string[]): TrackerData {
  let data = emptyTracker('Europe/Rome', NOW, '2025-10-06');
  names.forEach((name, i) => {
    const result = addHabit(data, name, NOW, `h${i + 1}`);
    if (!result.ok) throw new Error(result.message);
    data = result.data;
  });
  return data;
}

afterEach(() => {
  resetTrackerStores();
});

describe('tracker store', () => {
  it('keys the entry by user and schema version', () => {
    expect(STORAGE_KEYS.tracker('u1')).toBe('sfida8:v2:tracker:u1');
  });

  it('moves a tracker kept by version 1 to this version, migrated, once', () => {
    const v1 = { ...trackerWithHabits('Leggere'), version: 1 } as Record<string, unknown>;
    delete v1.changedAt;
    localStorage.setItem('sfida8:v1:tracker:anna', JSON.stringify(v1));
    const snapshot = trackerStoreFor('anna').getSnapshot();
    expect(snapshot.tracker?.habits.map((h) => h.name)).toEqual(['Leggere']);
    expect(snapshot.tracker).toMatchObject({ version: 2, changedAt: { habitDays: {}, actions: {} } });
    expect(localStorage.getItem('sfida8:v1:tracker:anna')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.tracker('anna'))).not.toBeNull();
  });

  it('keeps two users of one browser apart', () => {
    trackerStoreFor('anna').write(trackerWithHabits('Leggere'));
    expect(trackerStoreFor('bruno').getSnapshot().tracker).toBeNull();
    trackerStoreFor('bruno').write(trackerWithHabits('Correre', 'Meditare'));
    expect(trackerStoreFor('anna').getSnapshot().tracker?.habits.map((h) => h.name)).toEqual(['Leggere']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker('bruno')) ?? '{}').habits).toHaveLength(2);
  });

  it('survives a hand-edited entry: drops the broken habit, keeps the rest and writes the repair back', () => {
    const data = trackerWithHabits('Leggere', 'Camminare');
    const stored = JSON.parse(JSON.stringify(data));
    stored.habits[1].name = ''; // invalid
    stored.checkIns = 'non una lista';
    const corrupt = JSON.stringify(stored);
    localStorage.setItem(STORAGE_KEYS.tracker('anna'), corrupt);

    const snapshot = trackerStoreFor('anna').getSnapshot();
    expect(snapshot.repaired).toBe(true);
    expect(snapshot.tracker?.habits.map((h) => h.name)).toEqual(['Leggere']);
    expect(snapshot.tracker?.checkIns).toEqual([]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.tracker('anna')) ?? '{}').habits).toHaveLength(1);
    // The damaged original is kept aside, not destroyed.
    expect(localStorage.getItem(STORAGE_KEYS.trackerBackup('anna'))).toBe(corrupt);
  });

  it('survives text that is not JSON at all', () => {
    localStorage.setItem(STORAGE_KEYS.tracker('anna'), '{"version":1, oops');
    const snapshot = trackerStoreFor('anna').getSnapshot();
    expect(snapshot.tracker?.habits).toEqual([]);
    expect(snapshot.repaired).toBe(true);
  });

  it('reports a full storage quota and still shows the change', () => {
    const store = trackerStoreFor('anna');
    const problems: string[] = [];
    store.onWriteProblem((problem) => problems.push(problem));
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      const result = store.write(trackerWithHabits('Leggere'));
      expect(result).toEqual({ ok: false, problem: 'quota' });
      expect(problems).toEqual(['quota']);
      expect(store.getSnapshot().tracker?.habits).toHaveLength(1);
      // The next re-read does not undo the change kept in memory.
      store.reread();
      expect(store.getSnapshot().tracker?.habits).toHaveLength(1);
    } finally {
      setItem.mockRestore();
    }
  });

  it('re-reads at no cost: listeners hear only real changes', () => {
    const store = trackerStoreFor('anna');
    store.write(trackerWithHabits('Leggere'));
    const before = store.getSnapshot();
    const listener = vi.fn();
    store.subscribe(listener);

    store.reread();
    store.reread();
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(before);

    localStorage.setItem(STORAGE_KEYS.tracker('anna'), JSON.stringify(trackerWithHabits('Leggere', 'Correre')));
    store.reread();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().tracker?.habits).toHaveLength(2);
  });

  it('picks up a change made in another tab from the storage event', () => {
    const store = trackerStoreFor('anna');
    const release = store.retain();
    try {
      expect(store.getSnapshot().tracker).toBeNull();
      const text = JSON.stringify(trackerWithHabits('Leggere'));
      localStorage.setItem(STORAGE_KEYS.tracker('anna'), text);
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.tracker('anna'), newValue: text }));
      expect(store.getSnapshot().tracker?.habits.map((h) => h.name)).toEqual(['Leggere']);
    } finally {
      release();
    }
  });
});
