import type { User } from '@sfida/core/user';
import { parseUser } from './user-module';

/** Where the last signed-in user is kept for an offline start (removed at sign-out and when the server says signed out). */
export const REMEMBERED_USER_KEY = 'sfida8:session-user';

/** Keeps `user` for the next offline start (null forgets it); returns it. */
export function remembered(user: User | null): User | null {
  try {
    if (user) localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(REMEMBERED_USER_KEY);
  } catch {
    // Storage full or blocked: only the offline start is lost.
  }
  return user;
}

/** The user this browser last signed in, checked with the same schema as the server's answer; null if none. */
export async function rememberedUser(): Promise<User | null> {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(REMEMBERED_USER_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    return await parseUser(JSON.parse(raw));
  } catch {
    return null;
  }
}
