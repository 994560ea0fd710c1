import type * as UserModuleNs from '@sfida/core/user';
import type { SessionAnswer, SignInAnswer, User } from '@sfida/core/user';
import type { AnswerSchema } from './api-client';

/** What the app takes from core's user module (named, so that the rest of it can be left out). */
type UserModule = Pick<typeof UserModuleNs, 'userSchema' | 'sessionAnswerSchema' | 'signInAnswerSchema' | 'needsOnboarding'>;
let userModule: UserModule | null = null;

/**
 * Core's user module: its schema pulls in zod, which the landing page must not carry, so it is
 * loaded on its own chunk once the API has actually answered with a user, and checks every one.
 * Every user in the session cache went through it: its rules are there whenever a user is.
 */
export async function loadUserModule(): Promise<UserModule> {
  if (!userModule) {
    const { userSchema, sessionAnswerSchema, signInAnswerSchema, needsOnboarding } = await import('@sfida/core/user');
    userModule = { userSchema, sessionAnswerSchema, signInAnswerSchema, needsOnboarding };
  }
  return userModule;
}

export function loadedUserModule(): UserModule {
  if (!userModule) throw new Error('A user reached the session before core/user was loaded (see loadUserModule)');
  return userModule;
}

export async function parseUser(data: unknown): Promise<User> {
  return (await loadUserModule()).userSchema.parse(data);
}

/** An answer that is the user (`PUT /api/auth/profile`), checked once it has arrived. */
export const userAnswer: AnswerSchema<User> = { parse: parseUser };

/** The answer of a login or a registration, checked once it has arrived. */
export const signInAnswer: AnswerSchema<SignInAnswer> = {
  parse: async (data) => (await loadUserModule()).signInAnswerSchema.parse(data),
};

/**
 * `GET /api/auth/session`. Signed out (`{ user: null }`) needs no module: a signed-out visitor's
 * pages never load core and zod for it. An answer with a user goes through core's schema.
 */
export const sessionAnswer: AnswerSchema<SessionAnswer> = {
  parse: async (data) => {
    if (typeof data === 'object' && data !== null && 'user' in data && data.user === null) return { user: null };
    return (await loadUserModule()).sessionAnswerSchema.parse(data);
  },
};
