import { describe, expect, it } from 'vitest';
import { emptyTracker, parseStoredTracker, storedUpdatedAt, trackerDataSchema } from './tracker';
import type { TrackerData } from './tracker';

const now = new Date('2026-03-10T09:00:00Z');

function sample(): TrackerData {
  return {
    ...emptyTracker('Europe/Rome', now, '2026-03-02'),
    habits: [
      { id: 'h1', name: 'Camminare', createdAt: '2026-03-02T08:00:00.000Z' },
      { id: 'h2', name: 'Leggere', createdAt: '2026-03-02T08:00:00.000Z', archivedAt: '2026-03-05T08:00:00.000Z' },
    ],
    completions: { h1: { '2026-03-09': 'late', '2026-03-10': 'onTime' } },
    weeklyActions: {
      '2': [
        { id: 'a1', text: 'Correre', completed: true },
        { id: 'a2', text: '', completed: false },
        { id: 'a3', text: 'Dormire', completed: false },
      ],
    },
    savedPlannerWeeks: [2],
    checkIns: [],
    pointsHistory: [
      {
        points: 10,
        reason: 'Azione completata: Correre',
        timestamp: '2026-03-10T09:00:00.000Z',
        weekNumber: 2,
        kind: 'action',
        ref: 'action:2:a1',
      },
    ],
  };
}

describe('tracker schema', () => {
  it('accepts an empty and a filled tracker', () => {
    expect(trackerDataSchema.safeParse(emptyTracker('Europe/Rome', now)).success).toBe(true);
    expect(trackerDataSchema.safeParse(sample()).success).toBe(true);
  });

  it('refuses broken fields', () => {
    const bad = (patch: Partial<Record<keyof TrackerData, unknown>>) =>
      trackerDataSchema.safeParse({ ...sample(), ...patch }).success;
    expect(bad({ timeZone: 'Nowhere/Land' })).toBe(false);
    expect(bad({ version: 3 })).toBe(false);
    expect(bad({ challengeStartDate: '2026-02-30' })).toBe(false);
    expect(bad({ habits: [{ id: 'h', name: '   ', createdAt: now.toISOString() }] })).toBe(false);
    expect(bad({ completions: { h1: { '2026-3-1': 'onTime' } } })).toBe(false);
    expect(bad({ completions: { h1: { '2026-03-01': true } } })).toBe(false);
    expect(bad({ weeklyActions: { '9': [] } })).toBe(false);
    // Fewer than 3 slots is a week two devices emptied while apart: kept, shown filled up to 3.
    expect(bad({ weeklyActions: { '1': [{ id: 'a', text: 'x', completed: false }] } })).toBe(true);
    const six = Array.from({ length: 6 }, (_, i) => ({ id: `a${i}`, text: '', completed: false }));
    expect(bad({ weeklyActions: { '1': six } })).toBe(false);
    expect(bad({ savedPlannerWeeks: [1, 1] })).toBe(false);
    expect(bad({ savedPlannerWeeks: [9] })).toBe(false);
    expect(bad({ habits: Array.from({ length: 21 }, (_, i) => ({ id: `h${i}`, name: 'x', createdAt: now.toISOString() })) })).toBe(false);
    expect(bad({ updatedAt: 'ieri' })).toBe(false);
  });

  it('trims habit names and reflections', () => {
    const parsed = trackerDataSchema.parse({
      ...sample(),
      habits: [{ id: 'h1', name: '  Camminare  ', createdAt: now.toISOString() }],
    });
    expect(parsed.habits[0]?.name).toBe('Camminare');
  });
});

describe('parseStoredTracker', () => {
  it('keeps a valid tracker untouched', () => {
    expect(parseStoredTracker(JSON.stringify(sample()))).toEqual({ data: sample(), repaired: false });
    expect(parseStoredTracker(sample())).toEqual({ data: sample(), repaired: false });
  });

  it('never throws and falls back to an empty tracker on garbage', () => {
    for (const raw of [undefined, null, 42, '{not json', '[]', { version: 'x' }]) {
      const { data, repaired } = parseStoredTracker(raw, { timeZone: 'UTC' });
      expect(repaired).toBe(true);
      expect(trackerDataSchema.safeParse(data).success).toBe(true);
      expect(data.timeZone).toBe('UTC');
      expect(data.habits).toEqual([]);
    }
  });

  it('drops only the broken pieces', () => {
    const stored = sample() as unknown as Record<string, unknown>;
    stored.habits = [...sample().habits, { id: 'h3', name: '' }, 'rotto'];
    stored.completions = { h1: { '2026-03-09': 'late', '2026-03-10': 'onTime', domani: 'onTime', '2026-03-08': 1 }, ghost: { '2026-03-09': 'late' } };
    stored.weeklyActions = { '2': [{ id: 'a1', text: 'Correre', completed: true }, { id: 'a2' }], '9': [] };
    stored.savedPlannerWeeks = [2, 2, 'tre'];
    stored.pointsHistory = [...sample().pointsHistory, { points: 'tanti' }];
    const { data, repaired } = parseStoredTracker(stored);
    expect(repaired).toBe(true);
    expect(trackerDataSchema.safeParse(data).success).toBe(true);
    expect(data.habits.map((h) => h.id)).toEqual(['h1', 'h2']);
    expect(data.completions).toEqual({ h1: { '2026-03-09': 'late', '2026-03-10': 'onTime' } });
    expect(data.weeklyActions['2']?.map((a) => a.id)).toEqual(['a1', 'w2-a1', 'w2-a2']);
    // Week 2 kept one written action of three: it can no longer count as saved.
    expect(data.savedPlannerWeeks).toEqual([]);
    expect(data.pointsHistory).toEqual(sample().pointsHistory);
    expect(data.challengeStartDate).toBe('2026-03-02');
  });

  it('keeps a saved planner whose three written actions survive the repair', () => {
    const stored = sample() as unknown as Record<string, unknown>;
    stored.weeklyActions = {
      '2': [
        { id: 'a1', text: 'Correre', completed: true },
        { id: 'a2', text: 'Leggere', completed: false },
        { id: 'a3', text: 'Meditare', completed: false },
        { id: 'a4', text: 42 },
      ],
    };
    stored.savedPlannerWeeks = [2];
    const { data, repaired } = parseStoredTracker(stored);
    expect(repaired).toBe(true);
    expect(data.weeklyActions['2']?.map((a) => a.id)).toEqual(['a1', 'a2', 'a3']);
    expect(data.savedPlannerWeeks).toEqual([2]);
  });
});

describe('storedUpdatedAt', () => {
  it('reads the date exactly as parseStoredTracker does, whatever the rest of the copy', () => {
    const copies: unknown[] = [
      sample(),
      { ...sample(), habits: 'rotto' },
      { updatedAt: '2026-03-10T09:00:00.000Z' },
      { ...sample(), updatedAt: 'ieri' },
      { ...sample(), updatedAt: undefined },
      null,
      'testo',
      [],
    ];
    for (const copy of copies) expect(storedUpdatedAt(copy)).toBe(parseStoredTracker(copy).data.updatedAt);
    expect(storedUpdatedAt(sample())).toBe(sample().updatedAt);
    expect(storedUpdatedAt({ updatedAt: 'ieri' })).toBe('1970-01-01T00:00:00.000Z');
  });
});
