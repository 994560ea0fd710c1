import { describe, expect, test } from 'vitest';
import { deleteAccountAnswerSchema, deleteAccountRequestSchema, privacyTexts } from './privacy';

function firstMessage(input: unknown): string | undefined {
  const parsed = deleteAccountRequestSchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('the request to delete an account', () => {
  test('takes ELIMINA with a password, or with the ID token of a Google sign-in', () => {
    expect(deleteAccountRequestSchema.parse({ confirm: 'ELIMINA', password: 'segreta-123' })).toEqual({
      confirm: 'ELIMINA',
      password: 'segreta-123',
    });
    expect(deleteAccountRequestSchema.parse({ confirm: 'ELIMINA', googleIdToken: 'token' })).toEqual({
      confirm: 'ELIMINA',
      googleIdToken: 'token',
    });
  });

  test('refuses a missing or different confirmation, in Italian', () => {
    expect(firstMessage({ password: 'segreta-123' })).toBe(privacyTexts.confirmRequired);
    expect(firstMessage({ confirm: 'elimina', password: 'segreta-123' })).toBe(privacyTexts.confirmRequired);
    expect(firstMessage({ confirm: ' ELIMINA', password: 'segreta-123' })).toBe(privacyTexts.confirmRequired);
    expect(privacyTexts.confirmRequired).toContain('ELIMINA');
  });

  test('needs a proof of identity: an empty password or none at all is refused', () => {
    expect(firstMessage({ confirm: 'ELIMINA' })).toBe(privacyTexts.proofRequired);
    expect(firstMessage({ confirm: 'ELIMINA', password: '' })).toBe(privacyTexts.passwordRequired);
    expect(firstMessage({ confirm: 'ELIMINA', password: 'x'.repeat(129) })).toBe(privacyTexts.passwordTooLong);
    expect(firstMessage({ confirm: 'ELIMINA', googleIdToken: '' })).toBe(privacyTexts.googleTokenInvalid);
  });
});

test('the answer to a deletion says it is done', () => {
  expect(deleteAccountAnswerSchema.parse({ deleted: true })).toEqual({ deleted: true });
  expect(deleteAccountAnswerSchema.safeParse({ deleted: false }).success).toBe(false);
});
