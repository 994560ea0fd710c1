import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkInQueueQuerySchema, ownCheckInParamsSchema } from './check-in-threads';
import { rosterQuerySchema } from './coach';
import { leaderboardQuerySchema } from './leaderboard-summary';
import { weekStartQuerySchema } from './query-params';

const messageOf = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('query parameters', () => {
  it('fall back when absent or empty, ignore other keys', () => {
    expect(z.parse(rosterQuerySchema, {})).toEqual({ cursor: null, limit: 100, tag: null, package: null });
    expect(z.parse(rosterQuerySchema, { cursor: '', limit: '', other: 'x' })).toEqual({ cursor: null, limit: 100, tag: null, package: null });
    expect(z.parse(leaderboardQuerySchema, {})).toEqual({ page: 1, scope: 'week', weekStart: null });
    expect(z.parse(weekStartQuerySchema, { weekStart: '' })).toEqual({ weekStart: null });
    expect(z.parse(checkInQueueQuerySchema, {})).toEqual({ view: 'queue', cohortId: null, mood: null });
  });

  it('read the values they accept', () => {
    expect(z.parse(rosterQuerySchema, { cursor: 'u1', limit: '200' })).toEqual({ cursor: 'u1', limit: 200, tag: null, package: null });
    expect(z.parse(rosterQuerySchema, { package: 'premium' })).toMatchObject({ package: 'PREMIUM' });
    expect(z.parse(leaderboardQuerySchema, { page: '20', scope: 'final' })).toEqual({ page: 20, scope: 'final', weekStart: null });
    expect(z.parse(checkInQueueQuerySchema, { view: 'recent', cohortId: 'c1' })).toEqual({ view: 'recent', cohortId: 'c1', mood: null });
    expect(z.parse(checkInQueueQuerySchema, { mood: 'low' })).toEqual({ view: 'queue', cohortId: null, mood: 'low' });
    expect(z.parse(ownCheckInParamsSchema, { week: '8' })).toEqual({ week: 8 });
  });

  it('refuse the rest, a repeated key included, with their Italian message', () => {
    expect(messageOf(rosterQuerySchema, { limit: '0' })).toBe('limit deve essere un numero intero tra 1 e 200');
    expect(messageOf(rosterQuerySchema, { limit: ['1', '2'] })).toBe('limit deve essere un numero intero tra 1 e 200');
    expect(messageOf(rosterQuerySchema, { cursor: 'a/b', limit: '0' })).toBe('Cursore non valido');
    expect(messageOf(leaderboardQuerySchema, { page: '21' })).toBe('page deve essere un numero intero da 1 a 20');
    expect(messageOf(leaderboardQuerySchema, { page: '01' })).toBe('page deve essere un numero intero da 1 a 20');
    expect(messageOf(leaderboardQuerySchema, { scope: 'month' })).toMatch(/^scope deve essere week/);
    expect(messageOf(checkInQueueQuerySchema, { view: 'tutti' })).toBe('view deve essere "queue" o "recent"');
    expect(messageOf(checkInQueueQuerySchema, { cohortId: '__x__' })).toBe('Coorte non valida');
    expect(messageOf(checkInQueueQuerySchema, { mood: 'triste' })).toBe('mood deve essere "low", "mid" o "high"');
    expect(messageOf(ownCheckInParamsSchema, { week: '22' })).toBe('Il check-in deve essere di una settimana da 1 a 8 o di un mese di mantenimento (fino a 21)');
    expect(messageOf(ownCheckInParamsSchema, { week: '09' })).toBe('Il check-in deve essere di una settimana da 1 a 8 o di un mese di mantenimento (fino a 21)');
  });
});

describe('weekStart', () => {
  it('is a Monday as YYYY-MM-DD', () => {
    expect(z.parse(weekStartQuerySchema, { weekStart: '2025-09-15' })).toEqual({ weekStart: '2025-09-15' });
  });

  it.each(['2025-09-16', '2025-9-15', '2025-02-30', ['2025-09-15']])('refuses %j in Italian', (value) => {
    expect(messageOf(weekStartQuerySchema, { weekStart: value })).toBe('weekStart deve essere un lunedì nel formato AAAA-MM-GG');
    expect(messageOf(leaderboardQuerySchema, { weekStart: value })).toBe('weekStart deve essere un lunedì nel formato AAAA-MM-GG');
  });
});
