import { CHALLENGE_WEEKS } from '@sfida/core/dates';
import type { CheckIn } from '@sfida/core/tracker';
import { WeekBarChart } from '../../../components/week-bar-chart';
import { moodColor, moodOf } from '../../../lib/moods';

/** The mood of each week's check-in across the 8 weeks (empty weeks stay flat). */
export function MoodChart({ checkIns, currentWeek }: { checkIns: CheckIn[]; currentWeek: number }) {
  const bars = Array.from({ length: CHALLENGE_WEEKS }, (_, i) => {
    const weekNumber = i + 1;
    const checkIn = checkIns.find((c) => c.weekNumber === weekNumber);
    const mood = checkIn ? moodOf(checkIn.mood) : null;
    return {
      weekNumber,
      ratio: checkIn ? checkIn.mood / 5 : 0,
      label: mood ? mood.emoji : '–',
      text: mood ? `${mood.label} (${checkIn?.mood}/5)` : 'nessun check-in',
      color: checkIn ? moodColor(checkIn.mood) : 'bg.emphasized',
      current: weekNumber === currentWeek,
    };
  });
  return <WeekBarChart caption="Umore per settimana" valueHeader="Umore" bars={bars} />;
}
