import type { User } from '@sfida/core/user';

/** Where a signed-in user starts: a coach's work is the console, a participant's the dashboard. */
export function homePathFor(user: Pick<User, 'role'> | null): string {
  return user?.role === 'OWNER' ? '/coach' : '/dashboard';
}
