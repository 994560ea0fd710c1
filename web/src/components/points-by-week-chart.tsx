import { countOf } from '@sfida/core/plural';
import type { PointsEntry } from '@sfida/core/tracker';
import { pointsByChallengeWeek } from '@sfida/core/points';
import { WeekBarChart } from './week-bar-chart';

/** Points earned in each of the 8 challenge weeks. */
export function PointsByWeekChart({ history, currentWeek }: { history: PointsEntry[]; currentWeek: number }) {
  const weeks = pointsByChallengeWeek(history);
  const max = Math.max(10, ...weeks.map((week) => week.points));
  return (
    <WeekBarChart
      caption="Punti per settimana della challenge"
      valueHeader="Punti"
      bars={weeks.map((week) => ({
        weekNumber: week.weekNumber,
        ratio: Math.max(0, week.points) / max,
        label: String(week.points),
        text: countOf(week.points, 'punto', 'punti'),
        current: week.weekNumber === currentWeek,
      }))}
    />
  );
}
