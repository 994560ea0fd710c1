import { todayIn } from '@sfida/core/dates';
import { rankEntries, type LeaderboardEntry } from '@sfida/core/progress-summary';
import type { User } from '@sfida/core/user';
import type { Firestore } from 'firebase-admin/firestore';
import { forbidden } from '../../shared/http-error';
import { usersCollection } from '../accounts/repository';
import { summariesOfCohort } from '../progress/repository';
import { liveStreak } from '../progress/summary';

export const LEADERBOARD_SIZE = 50;
export const leaderboardMessages = {
  notMember: 'Puoi vedere solo la classifica della tua coorte',
} as const;

/**
 * The cohort's ranking for a calendar week: every participant of the cohort
 * (with zeros when they have not synced yet), top 50 plus the caller's own row.
 * Two equality queries, run in parallel; no cursors.
 */
export async function cohortLeaderboard(
  db: Firestore,
  viewer: User,
  cohortId: string,
  context: { weekStart: string; timeZone: string; now: Date },
): Promise<LeaderboardEntry[]> {
  if (viewer.cohortId !== cohortId) throw forbidden(leaderboardMessages.notMember);
  const [members, summaries] = await Promise.all([
    usersCollection(db).where('cohortId', '==', cohortId).select('name', 'role', 'disabled').get(),
    summariesOfCohort(db, cohortId),
  ]);
  const today = todayIn(context.timeZone, context.now);
  const rows = members.docs
    .filter((doc) => doc.get('role') !== 'OWNER' && doc.get('disabled') !== true)
    .map((doc) => {
      const summary = summaries.get(doc.id);
      const name: unknown = doc.get('name');
      return {
        userId: doc.id,
        displayName: typeof name === 'string' && name.trim() !== '' ? name : 'Partecipante',
        weekPoints: summary?.pointsByWeek?.[context.weekStart] ?? 0,
        totalPoints: summary?.totalPoints ?? 0,
        streakDays: summary ? liveStreak(summary, today) : 0,
        isMe: doc.id === viewer.id,
      };
    });
  const ranked = rankEntries(rows);
  const top = ranked.slice(0, LEADERBOARD_SIZE);
  const mine = ranked.find((row) => row.isMe);
  if (mine && !top.includes(mine)) top.push(mine);
  return top;
}
