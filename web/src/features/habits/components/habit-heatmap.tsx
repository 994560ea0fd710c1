import { Box, chakra, VisuallyHidden } from '@chakra-ui/react';
import type { IsoDate } from '@sfida/core/iso-date';
import type { Habit, TrackerData } from '@sfida/core/tracker';
import type { HabitDayStatus } from '@sfida/core/habit-rules';
import { formatItalianShortDate, italianWeekday } from '@sfida/core/dates';
import { habitHeatmap } from '@sfida/core/habit-heatmap';
import { ShieldIcon } from '../../../components/icons';

/** What a day was, in words: the cell's text for screen readers and its tooltip. */
const STATUS_TEXT: Record<HabitDayStatus, string> = {
  done: 'fatto',
  jolly: 'Jolly usato',
  missed: 'non fatto',
  free: 'non previsto',
  open: 'da fare',
  before: 'prima dell’abitudine',
};

const squareStyles: Record<HabitDayStatus, object> = {
  done: { bg: 'brand.solid', borderColor: 'brand.solid' },
  jolly: { bg: 'brand.subtle', borderColor: 'brand.solid', color: 'brand.fg' },
  missed: { bg: 'bg.emphasized', borderColor: 'border.emphasized' },
  free: { bg: 'transparent', borderColor: 'border', borderStyle: 'dashed' },
  open: { bg: 'bg', borderColor: 'border.emphasized', borderStyle: 'dotted' },
  before: { bg: 'transparent', borderColor: 'transparent' },
};

const Cell = chakra('td', { base: { p: '0.5', textAlign: 'center' } });
const RowHead = chakra('th', { base: { pr: '2', fontSize: 'xs', fontWeight: 'semibold', textAlign: 'start', whiteSpace: 'nowrap' } });

/** "lunedì 2 mar: fatto". */
export function heatmapDayLabel(date: IsoDate, status: HabitDayStatus): string {
  return `${italianWeekday(date, 'long')} ${formatItalianShortDate(date)}: ${STATUS_TEXT[status]}`;
}

/**
 * The whole challenge of a habit: a row per challenge week (8, and more once the challenge is
 * over and the habit goes on), a column per day. A table, so a screen reader reads it by week and
 * day; each cell says its day and what it was, and each row ends with the week's count.
 */
export function HabitHeatmap({ tracker, habit, today }: { tracker: TrackerData; habit: Habit; today: IsoDate }) {
  const weeks = habitHeatmap(tracker, habit, today);
  if (weeks.length === 0) return null;
  const columns = weeks[0]!.days.map((day) => day.date);
  return (
    <Box overflowX="auto">
      <chakra.table borderCollapse="collapse" fontSize="xs" mx="auto">
        <chakra.caption textAlign="start" fontSize="sm" fontWeight="semibold" pb="2">
          Tutta la sfida: {habit.name}
        </chakra.caption>
        <thead>
          <tr>
            <th scope="col">
              <VisuallyHidden>Settimana</VisuallyHidden>
            </th>
            {columns.map((date) => (
              <chakra.th key={date} scope="col" fontWeight="normal" textTransform="capitalize" px="0.5">
                {italianWeekday(date)}
              </chakra.th>
            ))}
            <chakra.th scope="col" fontWeight="normal" pl="2">
              Fatti
            </chakra.th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.number}>
              <RowHead scope="row">Sett. {week.number}</RowHead>
              {week.days.map(({ date, status }) => (
                <Cell key={date} title={heatmapDayLabel(date, status)} data-status={status}>
                  <Box
                    aria-hidden="true"
                    w={{ base: '6', sm: '7' }}
                    h={{ base: '6', sm: '7' }}
                    mx="auto"
                    borderWidth="2px"
                    borderRadius="md"
                    display="flex"
                    alignItems="center"
                    justifyContent="center"
                    {...squareStyles[status]}
                  >
                    {status === 'jolly' && <ShieldIcon />}
                  </Box>
                  <VisuallyHidden>{heatmapDayLabel(date, status)}</VisuallyHidden>
                </Cell>
              ))}
              <Cell pl="2" whiteSpace="nowrap">
                <span aria-hidden="true">
                  {week.done}/{week.asked}
                </span>
                <VisuallyHidden>
                  Settimana {week.number}: {week.done} {week.done === 1 ? 'giorno' : 'giorni'} su {week.asked}
                </VisuallyHidden>
              </Cell>
            </tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  );
}
