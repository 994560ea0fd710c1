/** The console's pages. */
export function cohortPagePath(cohortId: string): string {
  return `/coach/${encodeURIComponent(cohortId)}`;
}

export function participantPagePath(cohortId: string, userId: string): string {
  return `${cohortPagePath(cohortId)}/partecipanti/${encodeURIComponent(userId)}`;
}

/** "Conversazioni": the coach's one-to-one threads with the participants. */
export function conversationsPath(): string {
  return '/coach/conversazioni';
}

/** The conversation with one participant of a cohort. */
export function conversationPath(cohortId: string, userId: string): string {
  return `${conversationsPath()}/${encodeURIComponent(cohortId)}/${encodeURIComponent(userId)}`;
}

/** "Coorti": the coach's cohorts, their invite codes, a new one. */
export function cohortsListPath(): string {
  return '/coach/coorti';
}

/** "Eventi": the events of every cohort of the coach. */
export function coachEventsPath(): string {
  return '/coach/eventi';
}
