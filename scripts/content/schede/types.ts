/**
 * Structured content of a training sheet ("scheda"). The data is rendered to
 * PDF by ../render-pdf.ts; keep every string plain text (no markup).
 */

/** One exercise line of a workout. */
export interface Exercise {
  /** Optional label used to group supersets or circuits, e.g. "A1", "A2". */
  label?: string;
  name: string;
  /** Number of working sets (warm-up sets excluded). */
  sets: number;
  /** Repetitions or time per set, e.g. "10-12", "30 s", "8 per lato". */
  reps: string;
  /** Rest after the set (or after the superset), e.g. "60 s". */
  rest: string;
  /** Short technique cue. */
  notes?: string;
}

/** One training day, e.g. "Allenamento A". */
export interface Workout {
  id: string;
  title: string;
  /** What the session trains, one line. */
  focus: string;
  /** How the session is organised (circuit, supersets...), optional. */
  format?: string;
  exercises: Exercise[];
}

/** An item of the warm-up or cool-down routine. */
export interface RoutineItem {
  name: string;
  /** Duration or repetitions, e.g. "1 min", "10 per lato". */
  dose: string;
  notes?: string;
}

export interface Routine {
  title: string;
  /** Total duration, e.g. "8-10 minuti". */
  duration: string;
  items: RoutineItem[];
}

/** Guidance for one week of the eight. */
export interface WeekProgression {
  week: number;
  /** Short name of the phase, e.g. "Adattamento", "Scarico". */
  phase: string;
  /** What changes this week: sets, reps, rest, load. */
  instructions: string;
}

export interface SchedaContent {
  /** Title shown in the PDF, e.g. "Scheda Principiante – Casa". */
  title: string;
  subtitle: string;
  intro: {
    /** Who the plan is for. */
    forWhom: string;
    /** Sessions per week and how to place them, e.g. "3 sedute a settimana". */
    frequency: string;
    /** Approximate length of one session. */
    sessionLength: string;
    equipment: string[];
    /** Further introductory paragraphs (how to read the sheet, effort scale...). */
    paragraphs: string[];
  };
  /** Suggested weekly calendar, one line per day with training. */
  weeklySchedule: string[];
  warmup: Routine;
  workouts: Workout[];
  progression: WeekProgression[];
  cooldown: Routine;
  safety: string[];
}
