import type * as UserModuleNs from '@sfida/core/user';
import type { User } from '@sfida/core/user';

/** What the app takes from core's user module (named, so that the rest of it can be left out). */
type UserModule = Pick<typeof UserModuleNs, 'userSchema' | 'needsOnboarding'>;
let userModule: UserModule | null = null;

/**
 * Core's user module: its schema pulls in zod, which the landing page must not carry, so it is
 * loaded on its own chunk once the API has actually answered with a user, and checks every one.
 * Every user in the session cache went through it: its rules are there whenever a user is.
 */
export async function loadUserModule(): Promise<UserModule> {
  if (!userModule) {
    const { userSchema, needsOnboarding } = await import('@sfida/core/user');
    userModule = { userSchema, needsOnboarding };
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
