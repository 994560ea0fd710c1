import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { profileUpdateSchema, userAnswer, userSchema, type User } from './user';

function firstMessage(value: unknown): string | undefined {
  const result = z.safeParse(profileUpdateSchema, value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('profileUpdateSchema', () => {
  test('takes the name, the time zone or both', () => {
    expect(z.parse(profileUpdateSchema, { name: ' Anna ' })).toEqual({ name: 'Anna' });
    expect(z.parse(profileUpdateSchema, { timeZone: 'Asia/Tokyo' })).toEqual({ timeZone: 'Asia/Tokyo' });
    expect(z.parse(profileUpdateSchema, { name: 'Anna', timeZone: 'Europe/Rome' })).toEqual({ name: 'Anna', timeZone: 'Europe/Rome' });
  });

  test('refuses an empty update', () => {
    expect(firstMessage({})).toBe('Indica il nome o il fuso orario da modificare');
  });

  test.each(['Mars/Olympus', '+01:00', '', 'Europe/' + 'x'.repeat(64), 5])('refuses the time zone %j', (timeZone) => {
    expect(firstMessage({ timeZone })).toBe('Fuso orario non valido');
  });

  test('refuses any other key', () => {
    expect(firstMessage({ timeZone: 'Asia/Tokyo', role: 'OWNER' })).toBe('Puoi modificare solo il nome e il fuso orario');
  });
});

describe('userAnswer', () => {
  const user: User = {
    id: 'u1',
    name: 'Anna',
    email: 'anna@example.it',
    role: 'PARTICIPANT',
    createdAt: '2025-01-01T00:00:00.000Z',
    cohortId: 'c1',
    challengeStartDate: null,
    onboardingCompletato: false,
    tempoAllenamento: null,
    luogoAllenamento: null,
    livelloAllenamento: null,
    schedaAssegnata: null,
    timeZone: 'Europe/Rome',
  };

  test("keeps the schema's fields and drops what a stored document holds besides them", () => {
    const stored = { ...user, rosterDigest: '{}', triageDueAt: '2025-01-01T00:00:00.000Z', disabled: false, weekStats: null };
    expect(userAnswer(stored)).toEqual(user);
    expect(Object.keys(userAnswer(stored)).every((key) => key in userSchema.shape)).toBe(true);
  });

  test('keeps optional fields that are set and leaves out the ones that are not', () => {
    expect(userAnswer({ ...user, season: 2, challengeJoinedOn: undefined })).toEqual({ ...user, season: 2 });
    expect('challengeJoinedOn' in userAnswer({ ...user, challengeJoinedOn: undefined })).toBe(false);
  });
});
