import type { Firestore } from 'firebase-admin/firestore';
import { HOME_TIME_ZONE, addDays } from '@sfida/core/dates';
import type { EventInput } from '@sfida/core/events';
import type { IsoDate } from '@sfida/core/iso-date';
import { instantAt } from '@sfida/core/reminders';
import { cohortRef, type CohortDoc } from '../../functions/src/shared/cohort-repository';
import { eventsCollection, type EventDoc } from '../../functions/src/features/events/repository';

/** A seeded session: what it is, and when, as days after the cohort's Monday at a time on Rome's clock. */
interface SeedEvent extends Omit<EventInput, 'startsAt'> {
  id: string;
  /** 0 is the cohort's first Monday. */
  day: number;
  time: string;
}

/**
 * The programme's six live sessions, on Thursdays at 19:00 through the eight weeks: the local
 * cohort's calendar until a coach edits it. Dated from the cohort's start, so a fresh stack shows
 * them ahead, whatever the day.
 */
export const SEED_EVENTS: SeedEvent[] = [
  {
    id: 'kick-off',
    day: 3,
    time: '19:00',
    title: 'Kick-off: come funzionano le otto settimane',
    speaker: 'Martina Ferri, head coach',
    description: 'Presentazione del percorso, degli strumenti dell’app e di come fissare obiettivi realistici.',
  },
  {
    id: 'abitudini',
    day: 10,
    time: '19:00',
    title: 'Abitudini che restano: la scienza della costanza',
    speaker: 'Dott.ssa Chiara Lombardi, psicologa',
    description: 'Perché la motivazione non basta e come costruire abitudini piccole che durano nel tempo.',
  },
  {
    id: 'alimentazione',
    day: 17,
    time: '19:00',
    title: 'Mangiare bene senza complicarsi la vita',
    speaker: 'Dott. Luca Bianchi, biologo nutrizionista',
    description: 'Fare la spesa, organizzare i pasti della settimana e leggere le etichette senza stress.',
  },
  {
    id: 'allenamento',
    day: 24,
    time: '19:00',
    title: 'Allenarsi a casa e in palestra: tecnica e sicurezza',
    speaker: 'Andrea Galli, personal trainer',
    description: 'Gli errori più comuni negli esercizi delle schede e come progredire senza farsi male.',
  },
  {
    id: 'recupero',
    day: 38,
    time: '19:00',
    title: 'Stress, sonno e recupero',
    speaker: 'Dott.ssa Elena Moretti, psicoterapeuta',
    description: 'Gestire lo stress quotidiano e dormire meglio, per avere energia durante la sfida.',
  },
  {
    id: 'traguardo',
    day: 52,
    time: '19:00',
    title: 'Traguardo: celebrare i risultati e pianificare il dopo',
    speaker: 'Martina Ferri, head coach',
    description: 'Guardiamo insieme la strada fatta e prepariamo un piano per mantenere i risultati.',
  },
];

/** The seeded sessions of a cohort that starts on `startDate`, as stored (no edit yet). */
export function seedEventDocs(startDate: IsoDate, now: Date): Array<EventDoc & { id: string }> {
  return SEED_EVENTS.map(({ id, day, time, ...event }) => ({
    id,
    ...event,
    startsAt: instantAt(addDays(startDate, day), time, HOME_TIME_ZONE).toISOString(),
    sequence: 0,
    updatedAt: now.toISOString(),
  }));
}

/** Fills an empty calendar once: after that, what coaches add, edit or delete stays as they left it. */
export async function seedEvents(db: Firestore, cohortId: string): Promise<void> {
  const events = eventsCollection(db, cohortId);
  const existing = await events.limit(1).get();
  if (!existing.empty) return;
  const cohort = await cohortRef(db, cohortId).get();
  if (!cohort.exists) return;
  const batch = db.batch();
  for (const { id, ...event } of seedEventDocs((cohort.data() as CohortDoc).startDate, new Date())) batch.set(events.doc(id), event);
  await batch.commit();
}
