import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import { CHALLENGE_WEEKS, challengeWeekDays, italianWeekday } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import type { TrackerData } from '@sfida/core/tracker';
import { completionsOf } from '@sfida/core/tracker';
import type { Habit } from '@sfida/core/tracker';
import { habitDayState } from '@sfida/core/tracker-actions';
import { habitDayStatus } from '@sfida/core/habit-rules';
import { scheduleLabel, scheduleOf } from '@sfida/core/habit-schedule';

const WEEKS = Array.from({ length: CHALLENGE_WEEKS }, (_, i) => i + 1);

/** The cells' styles, set once on each table rather than per cell (docs/decisions/014). */
const GRID = {
  borderCollapse: 'separate',
  borderSpacing: '3px',
  fontSize: 'xs',
  '& th': { fontWeight: 'semibold', color: 'fg.muted', textAlign: 'center', px: '1' },
  '& th[scope=row]': { textAlign: 'start', whiteSpace: 'nowrap' },
  '& td[data-state]': { w: '7', h: '7', textAlign: 'center', rounded: 'sm', borderWidth: '1px', borderColor: 'border' },
  '& td[data-state=done]': { bg: 'green.600', color: 'white', borderColor: 'green.600' },
  '& td[data-state=late]': { bg: 'green.subtle', color: 'green.fg', borderColor: 'green.border' },
  '& td[data-state=past]': { bg: 'bg.muted' },
  '& td[data-state=future]': { borderStyle: 'dashed' },
  '& td[data-state=free]': { borderStyle: 'dotted', color: 'fg.subtle' },
  '& td[data-part=count]': { textAlign: 'end', fontWeight: 'semibold', pl: '2', whiteSpace: 'nowrap' },
} as const;

type Cell = { state: 'done' | 'late' | 'past' | 'today' | 'future' | 'free'; symbol: string; text: string };

function cellOf(tracker: TrackerData, habit: Habit, date: IsoDate, today: IsoDate): Cell {
  const kind = completionsOf(tracker, habit.id)[date];
  if (kind === 'late') return { state: 'late', symbol: '✓', text: 'fatto in ritardo' };
  if (kind) return { state: 'done', symbol: '✓', text: 'fatto' };
  // A day the habit's schedule does not ask for is neither missed nor to do.
  if (habitDayStatus(tracker, habit, date, today) === 'free') return { state: 'free', symbol: '–', text: 'non previsto' };
  const { state } = habitDayState(tracker, habit.id, date, today);
  if (state === 'future') return { state: 'future', symbol: '', text: 'da venire' };
  return { state: state === 'today' ? 'today' : 'past', symbol: '·', text: state === 'today' ? 'oggi, non ancora' : 'non fatto' };
}

/**
 * Each habit's 8 weeks × 7 days, as one table per habit: a row per week, a column per weekday,
 * the week's count at the end. Cells carry their state in words for screen readers.
 */
export function HabitGrid({ tracker, startDate, today }: { tracker: TrackerData; startDate: IsoDate; today: IsoDate }) {
  if (tracker.habits.length === 0) return <Text color="fg.muted">Nessuna abitudine impostata.</Text>;
  const weekdays = challengeWeekDays(startDate, 1).map((day) => italianWeekday(day));
  return (
    <Stack gap="6">
      {tracker.habits.map((habit) => (
        <Box key={habit.id} overflowX="auto">
          <chakra.table css={GRID}>
            <chakra.caption textAlign="start" fontWeight="bold" fontSize="md" mb="1" captionSide="top">
              {habit.name}
              {habit.schedule !== undefined && (
                <Text as="span" fontWeight="normal" color="fg.muted">
                  {' '}
                  · {scheduleLabel(habit.schedule)}
                </Text>
              )}
              {habit.archivedAt !== undefined && (
                <Text as="span" fontWeight="normal" color="fg.muted">
                  {' '}
                  (archiviata)
                </Text>
              )}
            </chakra.caption>
            <thead>
              <tr>
                <th scope="col">Settimana</th>
                {weekdays.map((day, i) => (
                  <th key={i} scope="col">
                    {day}
                  </th>
                ))}
                <th scope="col">Fatti</th>
              </tr>
            </thead>
            <tbody>
              {WEEKS.map((week) => {
                const cells = challengeWeekDays(startDate, week).map((date) => ({ date, ...cellOf(tracker, habit, date, today) }));
                const done = cells.filter((cell) => cell.state === 'done' || cell.state === 'late').length;
                const schedule = scheduleOf(habit);
                const asked = schedule.kind === 'timesPerWeek' ? schedule.times : cells.filter((cell) => cell.state !== 'free').length;
                return (
                  <tr key={week}>
                    <th scope="row">S{week}</th>
                    {cells.map((cell) => (
                      <td key={cell.date} data-state={cell.state} title={cell.date}>
                        <span aria-hidden="true">{cell.symbol}</span>
                        <chakra.span srOnly>{cell.text}</chakra.span>
                      </td>
                    ))}
                    <td data-part="count">
                      {done}/{asked}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </chakra.table>
        </Box>
      ))}
    </Stack>
  );
}
