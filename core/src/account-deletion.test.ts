import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { deleteAccountRequestSchema, deletionMessages, isRecentSignIn } from './account-deletion';

describe('deleteAccountRequestSchema', () => {
  test('takes the confirmation with a password or a Google token', () => {
    expect(z.parse(deleteAccountRequestSchema, { confirm: 'ELIMINA', password: 'x' })).toEqual({ confirm: 'ELIMINA', password: 'x' });
    expect(z.parse(deleteAccountRequestSchema, { confirm: ' ELIMINA ', idToken: 't' })).toEqual({ confirm: ' ELIMINA ', idToken: 't' });
  });

  test.each([{}, { confirm: 'elimina', password: 'x' }, { confirm: 'SI', password: 'x' }, { confirm: 1, password: 'x' }, { password: 'x' }])(
    'refuses a wrong or missing confirmation: %j',
    (body) => {
      const result = z.safeParse(deleteAccountRequestSchema, body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(deletionMessages.confirmationMissing);
    },
  );

  test('refuses a confirmation without a password or token', () => {
    const result = z.safeParse(deleteAccountRequestSchema, { confirm: 'ELIMINA', password: '' });
    expect(result.error?.issues[0]?.message).toBe(deletionMessages.credentialMissing);
  });
});

describe('isRecentSignIn', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  const seconds = (iso: string) => Date.parse(iso) / 1000;
  test('within five minutes only', () => {
    expect(isRecentSignIn(seconds('2026-03-01T09:55:00Z'), now)).toBe(true);
    expect(isRecentSignIn(seconds('2026-03-01T09:54:59Z'), now)).toBe(false);
    expect(isRecentSignIn(seconds('2026-03-01T10:00:30Z'), now)).toBe(true);
    expect(isRecentSignIn(seconds('2026-03-01T10:05:00Z'), now)).toBe(false);
    expect(isRecentSignIn(Number.NaN, now)).toBe(false);
  });
});
