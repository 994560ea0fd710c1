import { schedaSchema, type Scheda } from '@sfida/core/user';
import { avanzatoCasa } from './avanzato-casa';
import { avanzatoPalestra } from './avanzato-palestra';
import { principianteCasa } from './principiante-casa';
import { principiantePalestra } from './principiante-palestra';
import type { SchedaContent } from './types';

export type { Exercise, Routine, RoutineItem, SchedaContent, WeekProgression, Workout } from './types';

export interface SchedaEntry {
  id: Scheda;
  /** Short human title, e.g. "Principiante – Casa". */
  title: string;
  /** Suggested file name when the user downloads the sheet. */
  downloadFileName: string;
  content: SchedaContent;
}

export const schede: Record<Scheda, SchedaEntry> = {
  PRINCIPIANTE_CASA: {
    id: 'PRINCIPIANTE_CASA',
    title: 'Principiante – Casa',
    downloadFileName: 'scheda-principiante-casa.pdf',
    content: principianteCasa,
  },
  PRINCIPIANTE_PALESTRA: {
    id: 'PRINCIPIANTE_PALESTRA',
    title: 'Principiante – Palestra',
    downloadFileName: 'scheda-principiante-palestra.pdf',
    content: principiantePalestra,
  },
  AVANZATO_CASA: {
    id: 'AVANZATO_CASA',
    title: 'Avanzato – Casa',
    downloadFileName: 'scheda-avanzato-casa.pdf',
    content: avanzatoCasa,
  },
  AVANZATO_PALESTRA: {
    id: 'AVANZATO_PALESTRA',
    title: 'Avanzato – Palestra',
    downloadFileName: 'scheda-avanzato-palestra.pdf',
    content: avanzatoPalestra,
  },
};

/** All sheet ids, in the order the core enum declares them. */
export const schedaIds: readonly Scheda[] = schedaSchema.options;
