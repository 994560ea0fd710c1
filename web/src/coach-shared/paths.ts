import { coachConversationPath } from '@sfida/core/conversations';

/** The console's pages. */
export function cohortPagePath(cohortId: string): string {
  return `/coach/${encodeURIComponent(cohortId)}`;
}

/** The parts of a cohort, each a screen of its own under its page ('' is its overview, "Oggi"). */
export const COHORT_TABS = ['', 'partecipanti', 'andamento', 'messaggi', 'eventi', 'risorse', 'squadre', 'impostazioni'] as const;
export type CohortTab = (typeof COHORT_TABS)[number];

/** One part of a cohort's page (its overview without `tab`). */
export function cohortTabPath(cohortId: string, tab: CohortTab = ''): string {
  return tab === '' ? cohortPagePath(cohortId) : `${cohortPagePath(cohortId)}/${tab}`;
}

/** The query parameter of the cohort's "Messaggi" that picks its recipients (their ids, by commas). */
export const RECIPIENTS_PARAM = 'destinatari';

/** A message to these participants of the cohort: its "Messaggi" with them picked (a selection's "Scrivi"). */
export function messageToPath(cohortId: string, userIds: Iterable<string>): string {
  return `${cohortTabPath(cohortId, 'messaggi')}?${new URLSearchParams({ [RECIPIENTS_PARAM]: [...userIds].join(',') }).toString()}`;
}

export function participantPagePath(cohortId: string, userId: string): string {
  return `${cohortTabPath(cohortId, 'partecipanti')}/${encodeURIComponent(userId)}`;
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

/** "Eventi": the events of one of the coach's cohorts at a time (the chosen one). */
export function coachEventsPath(): string {
  return '/coach/eventi';
}

/** "Check-in": the check-ins to read, the reply templates, the latest replies. */
export function coachCheckInsPath(): string {
  return '/coach/check-in';
}

/** The query parameter that carries the console's chosen cohort on its pages about one or all cohorts. */
export const COHORT_PARAM = 'coorte';
