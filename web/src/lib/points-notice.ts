import type { StreakBonus } from '@sfida/core/tracker-actions';
import { COMEBACK_BONUS_POINTS } from '@sfida/core/points';
import { notify, type Notice } from './notices';

/** "+10 punti" / "-2 punti" for a change in the total. */
export function pointsText(points: number): string {
  const sign = points > 0 ? '+' : points < 0 ? '−' : '';
  return `${sign}${Math.abs(points)} ${Math.abs(points) === 1 ? 'punto' : 'punti'}`;
}

/** A success notice for something done, with the points it earned when there were any. */
export function noticeDone(title: string, awarded: number, description?: string): void {
  const parts = [awarded !== 0 ? pointsText(awarded) : null, description ?? null].filter(Boolean);
  notify({ type: awarded < 0 ? 'info' : 'success', title, description: parts.join(' · ') || undefined });
}

/** "7 giorni di fila!", or "7 e 14 giorni di fila!" when one change reaches two thresholds. */
function streakText(bonuses: readonly StreakBonus[]): string {
  const days = bonuses.map((bonus) => bonus.days);
  const last = days.pop();
  return `${days.length > 0 ? `${days.join(', ')} e ` : ''}${last} giorni di fila!`;
}

/** The title of a tick that came back after missed days ("Bentornato"). */
export const COMEBACK_TITLE = `Ti diamo il bentornato! ${pointsText(COMEBACK_BONUS_POINTS)} per aver ripreso`;

/**
 * The notice for a habit tick that earned `awarded` points: a streak bonus among them is named,
 * apart from the day's own points, so "+7 punti" never reads as a bare number; a return after
 * missed days (`comebacks`, a "Bentornato" each) is its title, the rest of the points below it.
 */
export function habitDoneNotice(habitName: string, awarded: number, bonuses: readonly StreakBonus[], comebacks = 0): Omit<Notice, 'id'> {
  if (comebacks > 0) {
    const rest = habitDoneNotice(habitName, awarded - comebacks * COMEBACK_BONUS_POINTS, bonuses);
    return { ...rest, title: COMEBACK_TITLE };
  }
  const bonusPoints = bonuses.reduce((sum, bonus) => sum + bonus.points, 0);
  if (bonusPoints === 0) return { type: 'success', title: 'Abitudine completata!', description: `${pointsText(awarded)} · ${habitName}` };
  const dayPoints = awarded - bonusPoints;
  const points =
    dayPoints > 0
      ? `${pointsText(awarded)}: ${dayPoints} per oggi e ${bonusPoints} di bonus per ${streakText(bonuses)}`
      : `${pointsText(awarded)} di bonus per ${streakText(bonuses)}`;
  return { type: 'success', title: 'Abitudine completata!', description: `${points} · ${habitName}` };
}

/** Shows the notice of a habit tick that earned points (see habitDoneNotice). */
export function noticeHabitDone(habitName: string, awarded: number, bonuses: readonly StreakBonus[], comebacks = 0): void {
  notify(habitDoneNotice(habitName, awarded, bonuses, comebacks));
}
