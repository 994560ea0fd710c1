import { countOf } from '@sfida/core/plural';
import type { ChallengeSummary } from '@sfida/core/challenge-summary';
import { formatItalianDate } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { colors, Layout } from '../../shared/pdf-layout';

const daysLabel = (days: number) => countOf(days, 'giorno', 'giorni');

/** The certificate of a challenge completed: an A4 PDF in Italian with the participant's own figures. */
export async function renderCertificate(input: { name: string; summary: ChallengeSummary; issuedOn: IsoDate }): Promise<Uint8Array> {
  const { name, summary, issuedOn } = input;
  const layout = await Layout.create('Certificato di completamento');
  layout.setMetadata(`Certificato di completamento - ${name}`, `${name} ha completato la Sfida 8 settimane`, [
    'Sfida 8 settimane',
    'certificato',
    name,
  ]);
  layout.titleBand('Certificato di completamento', `${name} ha portato a termine la Sfida 8 settimane`);
  layout.paragraph(
    `Si attesta che ${name} ha completato le otto settimane della Sfida 8 settimane, ` +
      `dal ${formatItalianDate(summary.startDate)} al ${formatItalianDate(summary.lastDay)}.`,
    { size: 12 },
  );

  layout.heading('I risultati', 2);
  const best = summary.bestStreak;
  layout.definitions([
    ['Abitudini', `${daysLabel(summary.habitDaysDone)} completati su ${summary.habitDaysPossible} (${summary.habitPercent}%)`],
    ['Serie migliore', best ? `${daysLabel(best.days)} di fila: ${best.habit}` : 'nessuna'],
    ['Azioni del planner', `${summary.actionsCompleted} completate su ${summary.actionsPlanned}`],
    ['Planner salvati', `${countOf(summary.plannerWeeksSaved, 'settimana', 'settimane')} su 8`],
    ['Check-in', `${summary.checkIns} su 8`],
    ['Punti', String(summary.points)],
    ['Badge', summary.badges.map((badge) => badge.name).join(', ') || 'nessuno'],
  ]);

  if (summary.habits.length > 0) {
    layout.heading('Le abitudini', 2);
    layout.table(
      [
        { header: 'Abitudine', weight: 5 },
        { header: 'Giorni', weight: 2, align: 'center' },
        { header: 'Serie migliore', weight: 2, align: 'center' },
      ],
      summary.habits.map((habit) => [habit.name, `${habit.daysDone} su ${habit.daysPossible}`, daysLabel(habit.bestStreak)]),
    );
  }

  layout.heading('L’umore, settimana per settimana', 2);
  layout.table(
    summary.moods.map((week) => ({ header: `Sett. ${week.weekNumber}`, weight: 1, align: 'center' as const })),
    [summary.moods.map((week) => (week.mood === null ? '-' : `${week.mood}/5`))],
  );

  layout.space(8);
  layout.paragraph(
    'Un’abitudine diventa automatica in tempi diversi per ognuno: da 18 a 254 giorni secondo gli studi (Lally e colleghi, 2010). ' +
      'Le otto settimane sono finite, le tue abitudini no: continua così.',
    { font: 'italic' },
  );
  layout.paragraph(`Rilasciato il ${formatItalianDate(issuedOn)}`, { color: colors.muted, size: 10 });
  return layout.save();
}
