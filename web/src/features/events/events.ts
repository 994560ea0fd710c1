export interface ProgramEvent {
  id: string;
  /** Local start time, ISO without zone (Italian time). */
  startsAt: string;
  title: string;
  speaker: string;
  description: string;
}

/** The cohort's live sessions, autumn 2025 (the calendar is static). */
export const events: ProgramEvent[] = [
  {
    id: 'kick-off',
    startsAt: '2025-09-11T19:00',
    title: 'Kick-off: come funzionano le otto settimane',
    speaker: 'Martina Ferri, head coach',
    description: 'Presentazione del percorso, degli strumenti dell’app e di come fissare obiettivi realistici.',
  },
  {
    id: 'abitudini',
    startsAt: '2025-09-25T19:00',
    title: 'Abitudini che restano: la scienza della costanza',
    speaker: 'Dott.ssa Chiara Lombardi, psicologa',
    description: 'Perché la motivazione non basta e come costruire abitudini piccole che durano nel tempo.',
  },
  {
    id: 'alimentazione',
    startsAt: '2025-10-09T19:00',
    title: 'Mangiare bene senza complicarsi la vita',
    speaker: 'Dott. Luca Bianchi, biologo nutrizionista',
    description: 'Fare la spesa, organizzare i pasti della settimana e leggere le etichette senza stress.',
  },
  {
    id: 'allenamento',
    startsAt: '2025-10-23T19:00',
    title: 'Allenarsi a casa e in palestra: tecnica e sicurezza',
    speaker: 'Andrea Galli, personal trainer',
    description: 'Gli errori più comuni negli esercizi delle schede e come progredire senza farsi male.',
  },
  {
    id: 'recupero',
    startsAt: '2025-11-06T19:00',
    title: 'Stress, sonno e recupero',
    speaker: 'Dott.ssa Elena Moretti, psicoterapeuta',
    description: 'Gestire lo stress quotidiano e dormire meglio, per avere energia durante la sfida.',
  },
  {
    id: 'traguardo',
    startsAt: '2025-11-20T19:00',
    title: 'Traguardo: celebrare i risultati e pianificare il dopo',
    speaker: 'Martina Ferri, head coach',
    description: 'Guardiamo insieme la strada fatta e prepariamo un piano per mantenere i risultati.',
  },
];

/** An event is past once its day is over. */
export function isPastEvent(event: ProgramEvent, now: Date): boolean {
  const [datePart = ''] = event.startsAt.split('T');
  const [y = 0, m = 1, d = 1] = datePart.split('-').map(Number);
  return new Date(y, m - 1, d + 1) <= now;
}
