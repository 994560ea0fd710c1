import type { PasswordResetRequest } from '@sfida/core/user';
import { apiFetch, noContent } from '../../../lib/api-client';

/** Asks for a reset email (204 whether or not the address has an account). */
export async function requestPasswordReset(email: string): Promise<void> {
  const body: PasswordResetRequest = { email };
  await apiFetch('/api/auth/password-reset', { method: 'POST', body, schema: noContent });
}
