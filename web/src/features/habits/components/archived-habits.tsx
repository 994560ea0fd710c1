import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { archivedHabits } from '@sfida/core/tracker';
import { restoreHabit } from '@sfida/core/tracker-actions';
import { notify } from '../../../lib/notices';
import { useTracker } from '../../../tracker/use-tracker';

/** "Archiviate": the habits put aside, their history kept, each with "Ripristina". Nothing when there are none. */
export function ArchivedHabits() {
  const { tracker, apply } = useTracker();
  const habits = archivedHabits(tracker);
  if (habits.length === 0) return null;

  function restore(habitId: string, name: string) {
    const result = apply(restoreHabit(tracker, habitId, new Date()));
    if (result.ok) notify({ type: 'success', title: 'Abitudine ripristinata', description: name });
    else notify({ type: 'error', title: result.message });
  }

  return (
    <Box as="section" aria-labelledby="archived-habits" layerStyle="card" p="4">
      <Heading as="h2" size="sm" id="archived-habits" mb="1">
        Archiviate
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        La loro storia resta. Ripristinate, ripartono da oggi: i giorni in cui erano archiviate contano come non fatti.
      </Text>
      <Stack as="ul" gap="2" p="0" m="0" listStyleType="none">
        {habits.map((habit) => (
          <Flex as="li" key={habit.id} justify="space-between" align="center" gap="3">
            <Text overflowWrap="anywhere">{habit.name}</Text>
            <Button size="sm" variant="outline" flexShrink="0" aria-label={`Ripristina ${habit.name}`} onClick={() => restore(habit.id, habit.name)}>
              Ripristina
            </Button>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}
