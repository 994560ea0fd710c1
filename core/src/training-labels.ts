import type { LivelloAllenamento, LuogoAllenamento, Scheda, TempoAllenamento } from './user';

// How the onboarding answers and the training sheet read in Italian: on the participant's profile,
// in the coach's roster and in the cohort's CSV export.

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

/** The onboarding answers, each null until given. */
export interface OnboardingAnswers {
  tempoAllenamento: TempoAllenamento | null;
  luogoAllenamento: LuogoAllenamento | null;
  livelloAllenamento: LivelloAllenamento | null;
}

/**
 * The answers in one short line, level first (it and the place decide the sheet), e.g.
 * "Principiante · Casa · esperienza: più di un anno"; null when none was given.
 */
export function onboardingSummary({ tempoAllenamento, luogoAllenamento, livelloAllenamento }: OnboardingAnswers): string | null {
  const parts = [
    livelloAllenamento && livelloLabels[livelloAllenamento],
    luogoAllenamento && luogoLabels[luogoAllenamento],
    tempoAllenamento && `esperienza: ${tempoLabels[tempoAllenamento].toLowerCase()}`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : parts.join(' · ');
}
