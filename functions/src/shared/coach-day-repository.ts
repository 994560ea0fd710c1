import { FieldValue, type Firestore } from 'firebase-admin/firestore';

// `coachDays/{coachId}_{day}`: what a coach did on one of their days (their own zone), for the
// triage's "what changed since yesterday". Counted by the triage and by the check-ins, so it
// lives below both.

export type CoachAction = 'contacted' | 'snoozed' | 'checkInsRead';

export interface CoachDayDoc {
  contacted?: number;
  snoozed?: number;
  checkInsRead?: number;
  /** Open triage items at the coach's first look of the day. */
  openAtFirstLook?: number;
}

function coachDayRef(db: Firestore, coachId: string, day: string) {
  return db.collection('coachDays').doc(`${coachId}_${day}`);
}

/** Adds `count` to what the coach did of `action` on `day`. */
export async function countCoachAction(db: Firestore, coachId: string, day: string, action: CoachAction, count = 1): Promise<void> {
  if (count <= 0) return;
  await coachDayRef(db, coachId, day).set({ [action]: FieldValue.increment(count) }, { merge: true });
}

/** The coach's `days` (one read). */
export async function coachDays(db: Firestore, coachId: string, days: string[]): Promise<Map<string, CoachDayDoc>> {
  const snaps = await db.getAll(...days.map((day) => coachDayRef(db, coachId, day)));
  return new Map(snaps.map((snap, i) => [days[i]!, (snap.data() ?? {}) as CoachDayDoc]));
}

/** Keeps the open items of the coach's first look of `day`. */
export async function recordFirstLook(db: Firestore, coachId: string, day: string, open: number): Promise<void> {
  await coachDayRef(db, coachId, day).set({ openAtFirstLook: open }, { merge: true });
}
