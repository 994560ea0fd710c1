import type { Firestore } from 'firebase-admin/firestore';
import type { EventInput } from '@sfida/core/events';
import { eventsCollection } from '../../functions/src/features/events/repository';

/** The programme's six live sessions (autumn 2025), the local cohort's calendar until a coach edits it. */
export const SEED_EVENTS: Array<EventInput & { id: string }> = [
  {
    id: 'kick-off',
    startsAt: '2025-09-11T17:00:00.000Z',
    title: 'Kick-off: come funzionano le otto settimane',
    speaker: 'Martina Ferri, head coach',
    description: 'Presentazione del percorso, degli strumenti dell’app e di come fissare obiettivi realistici.',
  },
  {
    id: 'abitudini',
    startsAt: '2025-09-25T17:00:00.000Z',
    title: 'Abitudini che restano: la scienza della costanza',
    speaker: 'Dott.ssa Chiara Lombardi, psicologa',
    description: 'Perché la motivazione non basta e come costruire abitudini piccole che durano nel tempo.',
  },
  {
    id: 'alimentazione',
    startsAt: '2025-10-09T17:00:00.000Z',
    title: 'Mangiare bene senza complicarsi la vita',
    speaker: 'Dott. Luca Bianchi, biologo nutrizionista',
    description: 'Fare la spesa, organizzare i pasti della settimana e leggere le etichette senza stress.',
  },
  {
    id: 'allenamento',
    startsAt: '2025-10-23T17:00:00.000Z',
    title: 'Allenarsi a casa e in palestra: tecnica e sicurezza',
    speaker: 'Andrea Galli, personal trainer',
    description: 'Gli errori più comuni negli esercizi delle schede e come progredire senza farsi male.',
  },
  {
    id: 'recupero',
    startsAt: '2025-11-06T18:00:00.000Z',
    title: 'Stress, sonno e recupero',
    speaker: 'Dott.ssa Elena Moretti, psicoterapeuta',
    description: 'Gestire lo stress quotidiano e dormire meglio, per avere energia durante la sfida.',
  },
  {
    id: 'traguardo',
    startsAt: '2025-11-20T18:00:00.000Z',
    title: 'Traguardo: celebrare i risultati e pianificare il dopo',
    speaker: 'Martina Ferri, head coach',
    description: 'Guardiamo insieme la strada fatta e prepariamo un piano per mantenere i risultati.',
  },
];

/** Fills an empty calendar once: after that, what coaches add, edit or delete stays as they left it. */
export async function seedEvents(db: Firestore, cohortId: string): Promise<void> {
  const events = eventsCollection(db, cohortId);
  const existing = await events.get();
  if (!existing.empty) return;
  const batch = db.batch();
  for (const { id, ...event } of SEED_EVENTS) batch.set(events.doc(id), event);
  await batch.commit();
}
