import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { profileUpdateSchema } from './user';

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
