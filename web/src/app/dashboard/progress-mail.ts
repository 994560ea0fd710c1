import { COACH_EMAIL } from './support-links';

export interface ProgressMail {
  name: string | null;
  weekLabel: string;
  totalPoints: number;
  streakDays: number;
  habitsToday: string;
  actions: string;
}

/** A mailto: link to the coach team with this week's numbers already written in. */
export function mailtoProgress(mail: ProgressMail): string {
  const subject = `I miei progressi · ${mail.weekLabel}`;
  const body = [
    'Ciao team dei coach,',
    '',
    'ecco i miei progressi nella Sfida 8 settimane:',
    `- ${mail.weekLabel}`,
    `- Punti totali: ${mail.totalPoints}`,
    `- Costanza (serie migliore): ${mail.streakDays} giorni`,
    `- Abitudini di oggi: ${mail.habitsToday}`,
    `- Azioni della settimana: ${mail.actions}`,
    '',
    'Come mi sento / cosa mi serve:',
    '',
    '',
    mail.name ?? '',
  ].join('\n');
  return `mailto:${COACH_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
