import { Box, Button, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { IsoDate } from '@sfida/core/iso-date';
import { activeHabits } from '@sfida/core/tracker';
import { habitDayState, newComebackBonuses, newStreakBonuses, toggleHabit } from '@sfida/core/tracker-actions';
import { habitDayStatus, scheduleDaysOf } from '@sfida/core/habit-rules';
import { scheduleOf, weekTicks } from '@sfida/core/habit-schedule';
import { SectionCard } from '../../../components/section-card';
import { stackedList } from '../../../components/stacked-list';
import { notify } from '../../../lib/notices';
import { noticeHabitDone } from '../../../lib/points-notice';
import { useTracker } from '../../../tracker/use-tracker';

/** The rows' styles, set once on the list: its rows are plain elements (docs/decisions/014). */
const HABIT_ROWS = stackedList('2', {
  '& > li': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', borderBottomWidth: '1px', borderColor: 'border', pb: '2' },
  '& > li > span': { overflowWrap: 'anywhere' },
});

/** Today's habits with their done / to-do state and a toggle each. */
export function TodayHabitsCard({ today }: { today: IsoDate }) {
  const { tracker, apply } = useTracker();
  const habits = activeHabits(tracker);

  return (
    <SectionCard
      title="Abitudini di oggi"
      action={
        <Link asChild fontSize="sm" fontWeight="semibold" color="brand.fg">
          <RouterLink to="/abitudini">Gestisci</RouterLink>
        </Link>
      }
    >
      {habits.length === 0 ? (
        <Text color="fg.muted">
          Nessuna abitudine ancora.{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/abitudini">Aggiungi la prima</RouterLink>
          </Link>
        </Text>
      ) : (
        <Box as="ul" css={HABIT_ROWS}>
          {habits.map((habit) => {
            const day = habitDayState(tracker, habit.id, today, today);
            // A day the schedule does not ask for is said so, muted, never "da fare"; it can still be ticked.
            const free = !day.done && habitDayStatus(tracker, habit, today, today) === 'free';
            const week = weekTicks(scheduleOf(habit), today, scheduleDaysOf(tracker, habit));
            return (
              <li key={habit.id}>
                <span>
                  {habit.name}
                  {week.target !== null && (
                    <Text as="span" display="block" fontSize="xs" color="fg.muted">
                      {week.ticked} di {week.target} questa settimana
                    </Text>
                  )}
                </span>
                <Button
                  size="sm"
                  flexShrink="0"
                  variant={day.done ? 'solid' : free ? 'ghost' : 'outline'}
                  aria-pressed={day.done}
                  aria-label={`${habit.name}: ${day.done ? 'fatto' : free ? 'non previsto oggi' : 'da fare'}`}
                  disabled={!day.editable}
                  onClick={() => {
                    const result = apply(toggleHabit(tracker, habit.id, today, new Date()));
                    if (!result.ok) notify({ type: 'warning', title: result.message });
                    else if (result.awarded > 0) noticeHabitDone(habit.name, result.awarded, newStreakBonuses(tracker, result.data), newComebackBonuses(tracker, result.data));
                  }}
                >
                  {day.done ? '✓ Fatto' : free ? 'Non previsto oggi' : 'Da fare'}
                </Button>
              </li>
            );
          })}
        </Box>
      )}
    </SectionCard>
  );
}
