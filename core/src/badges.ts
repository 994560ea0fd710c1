import * as z from 'zod/mini';
import type { IsoDate } from './iso-date';
import type { TrackerData } from './tracker';
import { CHALLENGE_WEEKS, DAYS_PER_WEEK, daysBetween } from './dates';
import { totalPoints } from './points';
import { WEEK_KEYS } from './tracker';

export const badgeIdSchema = z.enum([
  'collection-point',
  'habit-pro',
  'determinazione-forte',
  'guerriero-della-mente',
  'winner',
  'extra-collection-point',
]);
export type BadgeId = z.infer<typeof badgeIdSchema>;

/** A badge as shown in the Vittorie grid. */
export const badgeSchema = z.object({
  id: badgeIdSchema,
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  earned: z.boolean(),
});
export type Badge = z.infer<typeof badgeSchema>;

/** The counts the badge thresholds look at. */
export interface BadgeProgress {
  totalPoints: number;
  habitCompletions: number;
  completedActions: number;
  checkIns: number;
  daysSinceStart: number | null;
}

/** The badges, in display order. */
export const BADGES = [
  {
    id: 'collection-point',
    name: 'Collection Point',
    description: 'Raggiungi 80 punti totali',
    icon: '🪙',
    isEarned: (p: BadgeProgress) => p.totalPoints >= 80,
  },
  {
    id: 'habit-pro',
    name: 'Habit Pro',
    description: 'Completa 50 volte le tue abitudini',
    icon: '🔥',
    isEarned: (p: BadgeProgress) => p.habitCompletions >= 50,
  },
  {
    id: 'determinazione-forte',
    name: 'Determinazione Forte',
    description: 'Completa 20 azioni del planner',
    icon: '🎯',
    isEarned: (p: BadgeProgress) => p.completedActions >= 20,
  },
  {
    id: 'guerriero-della-mente',
    name: 'Guerriero della Mente',
    description: 'Completa il tuo primo check-in settimanale',
    icon: '🧠',
    isEarned: (p: BadgeProgress) => p.checkIns >= 1,
  },
  {
    id: 'winner',
    name: 'Winner',
    description: 'Porta a termine le 8 settimane della challenge',
    icon: '🏆',
    isEarned: (p: BadgeProgress) => p.daysSinceStart !== null && p.daysSinceStart >= CHALLENGE_WEEKS * DAYS_PER_WEEK,
  },
  {
    id: 'extra-collection-point',
    name: 'Extra Collection Point',
    description: 'Raggiungi 300 punti totali',
    icon: '💎',
    isEarned: (p: BadgeProgress) => p.totalPoints >= 300,
  },
] as const satisfies ReadonlyArray<{
  id: BadgeId;
  name: string;
  description: string;
  icon: string;
  isEarned: (p: BadgeProgress) => boolean;
}>;

/** The counts behind the badges; the Winner badge reads the tracker's stored start date. */
export function badgeProgress(data: TrackerData, today: IsoDate): BadgeProgress {
  let habitCompletions = 0;
  for (const habit of data.habits) habitCompletions += Object.keys(data.completions[habit.id] ?? {}).length;
  let completedActions = 0;
  for (const week of WEEK_KEYS) {
    for (const action of data.weeklyActions[week] ?? []) {
      if (action.completed && action.text.trim() !== '') completedActions++;
    }
  }
  return {
    totalPoints: totalPoints(data.pointsHistory),
    habitCompletions,
    completedActions,
    checkIns: data.checkIns.length,
    daysSinceStart: data.challengeStartDate === null ? null : daysBetween(data.challengeStartDate, today),
  };
}

/** Every badge with whether it is earned. */
export function evaluateBadges(data: TrackerData, today: IsoDate): Badge[] {
  const progress = badgeProgress(data, today);
  return BADGES.map(({ id, name, description, icon, isEarned }) => ({ id, name, description, icon, earned: isEarned(progress) }));
}
