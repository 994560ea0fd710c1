import { userSchema, type OnboardingRequest, type User } from '@sfida/core/user';
import { apiFetch } from '../../../lib/api-client';

/** Saves the onboarding's answers; the server answers with the updated user (the scheda assigned). */
export function completeOnboarding(answers: OnboardingRequest): Promise<User> {
  return apiFetch('/api/onboarding', { method: 'POST', body: answers, schema: userSchema });
}
