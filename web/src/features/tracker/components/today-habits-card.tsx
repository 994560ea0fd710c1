import { Button, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { IsoDate } from '@sfida/core/iso-date';
import { activeHabits } from '@sfida/core/tracker';
import { habitDayState, toggleHabit } from '@sfida/core/tracker-actions';
import { useTracker } from '../storage/use-tracker';
import { noticeDone } from './points-notice';
import { SectionCard } from './section-card';
import { notify } from './tracker-toaster';

/** Today's habits with their done / to-do state and a toggle each. */
export function TodayHabitsCard({ today }: { today: IsoDate }) {
  const { data, apply } = useTracker();
  const habits = activeHabits(data);

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
        <Stack as="ul" gap="2" p="0" m="0" listStyleType="none">
          {habits.map((habit) => {
            const day = habitDayState(data, habit.id, today, today);
            return (
              <Flex as="li" key={habit.id} align="center" justify="space-between" gap="3" borderBottomWidth="1px" borderColor="border" pb="2">
                <Text overflowWrap="anywhere">{habit.name}</Text>
                <Button
                  size="sm"
                  flexShrink="0"
                  variant={day.done ? 'solid' : 'outline'}
                  aria-pressed={day.done}
                  aria-label={`${habit.name}: ${day.done ? 'fatto' : 'da fare'}`}
                  disabled={!day.editable}
                  onClick={() => {
                    const result = apply(toggleHabit(data, habit.id, today, new Date()));
                    if (!result.ok) notify({ type: 'warning', title: result.message });
                    else if (result.awarded > 0) noticeDone('Abitudine completata!', result.awarded, habit.name);
                  }}
                >
                  {day.done ? '✓ Fatto' : 'Da fare'}
                </Button>
              </Flex>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
