import type { LivelloAllenamento, LuogoAllenamento, TempoAllenamento } from '@sfida/core/user';

export interface OnboardingAnswers {
  tempoAllenamento: TempoAllenamento | null;
  luogoAllenamento: LuogoAllenamento | null;
  livelloAllenamento: LivelloAllenamento | null;
}

export interface Question<K extends keyof OnboardingAnswers = keyof OnboardingAnswers> {
  key: K;
  title: string;
  hint: string;
  options: { value: NonNullable<OnboardingAnswers[K]>; label: string; description: string }[];
}

/** The three onboarding questions, in order; level and place decide the training sheet. */
export const questions: [Question<'tempoAllenamento'>, Question<'luogoAllenamento'>, Question<'livelloAllenamento'>] = [
  {
    key: 'tempoAllenamento',
    title: 'Da quanto tempo ti alleni con costanza?',
    hint: 'Conta solo i periodi in cui ti allenavi almeno due volte a settimana.',
    options: [
      { value: 'MENO_UN_ANNO', label: 'Da meno di un anno', description: 'Sto iniziando adesso o ricomincio dopo una pausa.' },
      { value: 'PIU_UN_ANNO', label: 'Da più di un anno', description: 'Mi alleno con una certa regolarità.' },
      { value: 'PIU_TRE_ANNI', label: 'Da più di tre anni', description: 'L’allenamento fa parte della mia routine da tempo.' },
    ],
  },
  {
    key: 'luogoAllenamento',
    title: 'Dove ti allenerai durante la sfida?',
    hint: 'Scegli il posto in cui potrai allenarti più spesso.',
    options: [
      { value: 'CASA', label: 'A casa', description: 'Esercizi a corpo libero e con poca attrezzatura.' },
      { value: 'PALESTRA', label: 'In palestra', description: 'Con pesi, macchine e attrezzi a disposizione.' },
    ],
  },
  {
    key: 'livelloAllenamento',
    title: 'Come valuti il tuo livello attuale?',
    hint: 'Rispondi con sincerità: la scheda giusta è quella che riesci a seguire.',
    options: [
      { value: 'PRINCIPIANTE', label: 'Principiante', description: 'Preferisco partire con gradualità e imparare la tecnica.' },
      { value: 'AVANZATO', label: 'Avanzato', description: 'Conosco gli esercizi e voglio un programma impegnativo.' },
    ],
  },
];
