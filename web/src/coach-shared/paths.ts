import { coachConversationPath } from '@sfida/core/conversations';

/** The console's pages. */
export function cohortPagePath(cohortId: string): string {
  return `/coach/${encodeURIComponent(cohortId)}`;
}

export function participantPagePath(cohortId: string, userId: string): string {
  return `${cohortPagePath(cohortId)}/partecipanti/${encodeURIComponent(userId)}`;
}

/** The coach's conversations, unread first. */
export function conversationsPath(): string {
  return '/coach/conversazioni';
}

/** One participant's conversation (the triage's "Scrivi" opens it). */
export function conversationPath(cohortId: string, userId: string): string {
  // The server names the same page in its push notifications.
  return coachConversationPath(cohortId, userId);
}

/** "Coorti": the coach's cohorts, their invite codes, a new one. */
export function cohortsListPath(): string {
  return '/coach/coorti';
}

/** "Eventi": the events of every cohort of the coach. */
export function coachEventsPath(): string {
  return '/coach/eventi';
}
