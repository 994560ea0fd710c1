import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { isAlreadyExists } from '../../shared/firestore';
import { participantFrom, type Participant } from '../../shared/participant-repository';
import { teamRef, teamsCollection, type StoredTeam, type TeamDoc } from '../../shared/team-repository';
import { weeklyScoresCollection } from '../../shared/tracker-repository';
import { userRef } from '../../shared/user-repository';

// The teams feature's own collection, `highFives/{day}_{from}_{to}` ("Dai il cinque": one per
// sender, receiver and real day, `day` being the sender's calendar day), and its reads and writes
// of the teams (shared/team-repository.ts) and of the week's scores.

/** What `highFives/{day}_{from}_{to}` holds. */
export interface HighFiveDoc {
  cohortId: string;
  from: string;
  to: string;
  /** The sender's name as the leaderboard shows it, kept so the receiver's list reads no users. */
  fromName: string;
  /** The sender's calendar day. */
  day: string;
  sentAt: string;
  /** The sender's zone then (missing on older ones: read as the sender's zone now). */
  timeZone?: string;
}

function highFivesCollection(db: Firestore) {
  return db.collection('highFives');
}

const highFiveRef = (db: Firestore, day: string, from: string, to: string) => highFivesCollection(db).doc(`${day}_${from}_${to}`);

/**
 * Stores a high five unless one that sender gave that receiver on one of `days` is `sameDay` (then
 * false). One transaction reads those few documents by id and creates the new one: in production two
 * at once are serialised; on the emulator, which takes no locks, the id still makes a second one on
 * the same sender's day impossible.
 */
export async function createHighFive(db: Firestore, highFive: HighFiveDoc, days: string[], sameDay: (earlier: HighFiveDoc) => boolean): Promise<boolean> {
  try {
    return await db.runTransaction(async (tx) => {
      const earlier = await tx.getAll(...days.map((day) => highFiveRef(db, day, highFive.from, highFive.to)));
      if (earlier.some((snap) => snap.exists && sameDay(snap.data() as HighFiveDoc))) return false;
      tx.create(highFiveRef(db, highFive.day, highFive.from, highFive.to), highFive);
      return true;
    });
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}

/** Whom `from` gave a high five on `day`. */
export async function highFivesSentOn(db: Firestore, from: string, day: string): Promise<Set<string>> {
  const snap = await highFivesCollection(db).where('from', '==', from).where('day', '==', day).get();
  return new Set(snap.docs.map((doc) => doc.get('to') as string));
}

/** The latest high fives `to` received on `fromDay` or later, newest day first. */
export async function highFivesReceived(db: Firestore, to: string, fromDay: string, limit: number) {
  const snap = await highFivesCollection(db).where('to', '==', to).where('day', '>=', fromDay).orderBy('day', 'desc').limit(limit).get();
  return snap.docs.map((doc) => ({ id: doc.id, ...(doc.data() as HighFiveDoc) }));
}

/** An active participant of the cohort (not withdrawn, not disabled). */
function isActiveMember(snap: DocumentSnapshot, cohortId: string): boolean {
  return (
    snap.exists &&
    snap.get('cohortId') === cohortId &&
    snap.get('role') === 'PARTICIPANT' &&
    snap.get('withdrawnAt') === undefined &&
    snap.get('disabled') !== true
  );
}

/** Of `uids`, the active participants of the cohort, in one read and in that order. */
export async function activeMembersOf(db: Firestore, cohortId: string, uids: string[]): Promise<Participant[]> {
  if (uids.length === 0) return [];
  const snaps = await db.getAll(...uids.map((uid) => userRef(db, uid)));
  return snaps.filter((snap) => isActiveMember(snap, cohortId)).map(participantFrom);
}

/** Whether `uid` is an active participant of the cohort. */
export async function isActiveMemberOf(db: Firestore, cohortId: string, uid: string): Promise<boolean> {
  return (await activeMembersOf(db, cohortId, [uid])).length > 0;
}

/** Each member's points in the calendar week `weekStart`: only members who earned some have a weekly score. */
export async function weekPointsOfCohort(db: Firestore, cohortId: string, weekStart: string): Promise<Map<string, number>> {
  const snap = await weeklyScoresCollection(db).where('cohortId', '==', cohortId).where('weekStart', '==', weekStart).select('userId', 'points').get();
  return new Map(snap.docs.map((doc) => [doc.get('userId') as string, doc.get('points') as number]));
}

/** Replaces the cohort's teams with `teams` (by id) in one batch: every old one goes, the new ones are created. */
export async function replaceTeams(db: Firestore, cohortId: string, teams: Array<Omit<TeamDoc, 'cohortId'>>): Promise<void> {
  const old = await teamsCollection(db).where('cohortId', '==', cohortId).select().get();
  const batch = db.batch();
  for (const doc of old.docs) batch.delete(doc.ref);
  for (const team of teams) batch.create(teamsCollection(db).doc(), { cohortId, ...team });
  await batch.commit();
}

export function renameTeamDoc(db: Firestore, teamId: string, name: string) {
  return teamRef(db, teamId).update({ name });
}

/**
 * Moves `uid` from the teams in `from` (normally one) into `to`, in one batch of atomic array
 * changes: a newcomer placed in one of them at the same moment is kept.
 */
export async function moveToTeam(db: Firestore, uid: string, from: StoredTeam[], to: StoredTeam): Promise<void> {
  const batch = db.batch();
  for (const team of from) if (team.id !== to.id) batch.update(teamRef(db, team.id), { memberIds: FieldValue.arrayRemove(uid) });
  batch.update(teamRef(db, to.id), { memberIds: FieldValue.arrayUnion(uid) });
  await batch.commit();
}
