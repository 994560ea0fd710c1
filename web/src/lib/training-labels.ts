import type { Scheda } from '@sfida/core/user';

// The Italian labels of the answers and sheets are in core (training-labels.ts): the server's CSV export writes them too.

/** Where the assigned sheet's PDF is served. */
export function schedaDownloadUrl(scheda: Scheda): string {
  return `/api/scheda/${scheda}`;
}
