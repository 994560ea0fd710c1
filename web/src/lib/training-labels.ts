import type { LivelloAllenamento, LuogoAllenamento, Scheda, TempoAllenamento } from '@sfida/core/user';

/** How the onboarding answers and the training sheet read in Italian. */
export const tempoLabels: Record<TempoAllenamento, string> = {
  MENO_UN_ANNO: 'Meno di un anno',
  PIU_UN_ANNO: 'Più di un anno',
  PIU_TRE_ANNI: 'Più di tre anni',
};

export const luogoLabels: Record<LuogoAllenamento, string> = {
  CASA: 'Casa',
  PALESTRA: 'Palestra',
};

export const livelloLabels: Record<LivelloAllenamento, string> = {
  PRINCIPIANTE: 'Principiante',
  AVANZATO: 'Avanzato',
};

export const schedaLabels: Record<Scheda, string> = {
  PRINCIPIANTE_CASA: 'Principiante – Casa',
  PRINCIPIANTE_PALESTRA: 'Principiante – Palestra',
  AVANZATO_CASA: 'Avanzato – Casa',
  AVANZATO_PALESTRA: 'Avanzato – Palestra',
};

/** Where the assigned sheet's PDF is served. */
export function schedaDownloadUrl(scheda: Scheda): string {
  return `/api/scheda/${scheda}`;
}
