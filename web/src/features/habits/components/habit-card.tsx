import { useRef, useState } from 'react';
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { IsoDate } from '@sfida/core/iso-date';
import type { Habit } from '@sfida/core/tracker';
import { completionsOf } from '@sfida/core/tracker';
import { currentStreak } from '@sfida/core/streaks';
import { archiveHabit, habitDayState, newStreakBonuses, toggleHabit } from '@sfida/core/tracker-actions';
import { DayStrip } from '../../../components/day-strip';
import { FlameIcon } from '../../../components/icons';
import { notify } from '../../../lib/notices';
import { noticeHabitDone } from '../../../lib/points-notice';
import { useTracker } from '../../../tracker/use-tracker';

/** One habit: today's toggle, its streak, the week strip and delete (confirmed in the page). */
export function HabitCard({ habit, today, stripDays }: { habit: Habit; today: IsoDate; stripDays: IsoDate[] }) {
  const { tracker, apply, firstDay } = useTracker();
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const streak = currentStreak(completionsOf(tracker, habit.id), today);
  const todayState = habitDayState(tracker, habit.id, today, today);

  function toggle(date: IsoDate) {
    const result = apply(toggleHabit(tracker, habit.id, date, new Date(), firstDay));
    if (!result.ok) notify({ type: 'warning', title: result.message });
    else if (result.awarded > 0) noticeHabitDone(habit.name, result.awarded, newStreakBonuses(tracker, result.data));
  }

  function remove() {
    const result = apply(archiveHabit(tracker, habit.id, new Date()));
    if (result.ok) notify({ type: 'info', title: 'Abitudine eliminata', description: habit.name });
    else notify({ type: 'error', title: result.message });
  }

  return (
    <Box as="li" layerStyle="card" p="4" listStyleType="none" borderColor={todayState.done ? 'brand.border' : 'border'}>
      <Stack gap="3">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Box minW="0">
            <Heading as="h3" size="md" overflowWrap="anywhere">
              {habit.name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              <FlameIcon /> Serie: {streak} {streak === 1 ? 'giorno' : 'giorni'}
            </Text>
          </Box>
          <Button
            size="sm"
            flexShrink="0"
            variant={todayState.done ? 'solid' : 'outline'}
            aria-pressed={todayState.done}
            disabled={!todayState.editable}
            onClick={() => toggle(today)}
          >
            {todayState.done ? '✓ Fatto oggi' : 'Segna come fatto'}
          </Button>
        </Flex>
        {stripDays.length > 0 && (
          <DayStrip
            subject={habit.name}
            days={stripDays.map((date) => ({ date, ...habitDayState(tracker, habit.id, date, today, firstDay) }))}
            onToggle={toggle}
          />
        )}
        {confirming ? (
          <Flex role="group" aria-label="Conferma eliminazione" gap="2" align="center" wrap="wrap" bg="bg.error" p="2" borderRadius="md">
            <Text fontSize="sm" flex="1" minW="40">
              Eliminare &quot;{habit.name}&quot;? I punti già guadagnati restano.
            </Text>
            <Button size="sm" colorPalette="red" onClick={remove} autoFocus>
              Elimina
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setConfirming(false);
                requestAnimationFrame(() => deleteButton.current?.focus());
              }}
            >
              Annulla
            </Button>
          </Flex>
        ) : (
          <Button ref={deleteButton} size="xs" variant="ghost" colorPalette="red" alignSelf="flex-end" onClick={() => setConfirming(true)} aria-label={`Elimina ${habit.name}`}>
            Elimina
          </Button>
        )}
      </Stack>
    </Box>
  );
}
