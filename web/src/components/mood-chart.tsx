import { chartedPeriods } from '@sfida/core/maintenance';
import type { CheckIn } from '@sfida/core/tracker';
import { moodColor, moodOf } from '../lib/moods';
import { WeekBarChart } from './week-bar-chart';

/**
 * The mood of each period's check-in (empty periods stay flat): the eight weeks, and in
 * maintenance the eight latest periods, monthly ones included. The participant reads each mood as
 * its emoji, the coach as its number.
 */
export function MoodChart({ checkIns, currentPeriod, marks }: { checkIns: CheckIn[]; currentPeriod: number; marks: 'emoji' | 'number' }) {
  const bars = chartedPeriods(
    currentPeriod,
    checkIns.map((checkIn) => checkIn.weekNumber),
  ).map((weekNumber) => {
    const checkIn = checkIns.find((c) => c.weekNumber === weekNumber);
    const mood = checkIn ? moodOf(checkIn.mood) : null;
    return {
      weekNumber,
      ratio: checkIn ? checkIn.mood / 5 : 0,
      label: mood && checkIn ? (marks === 'emoji' ? mood.emoji : String(checkIn.mood)) : '–',
      text: mood && checkIn ? `${mood.label} (${checkIn.mood}/5)` : 'nessun check-in',
      color: checkIn ? moodColor(checkIn.mood) : 'bg.emphasized',
      current: weekNumber === currentPeriod,
    };
  });
  return <WeekBarChart caption="Umore per settimana" valueHeader="Umore" bars={bars} />;
}
