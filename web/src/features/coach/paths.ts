/** The console's pages. */
export function cohortPagePath(cohortId: string): string {
  return `/coach/${encodeURIComponent(cohortId)}`;
}

export function participantPagePath(cohortId: string, userId: string): string {
  return `${cohortPagePath(cohortId)}/partecipanti/${encodeURIComponent(userId)}`;
}
