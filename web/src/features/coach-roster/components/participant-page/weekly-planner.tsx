import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { CHALLENGE_WEEKS } from '@sfida/core/dates';
import type { TrackerData, WeekKey } from '@sfida/core/tracker';
import { plannerProgress } from '@sfida/core/tracker-actions';

const WEEKS = Array.from({ length: CHALLENGE_WEEKS }, (_, i) => i + 1);

/** Every week's planned actions, ticked or not, the current week marked. */
export function WeeklyPlanner({ tracker, currentWeek }: { tracker: TrackerData; currentWeek: number }) {
  return (
    <Stack as="ol" gap="3" p="0" m="0" listStyleType="none">
      {WEEKS.map((week) => {
        const actions = (tracker.weeklyActions[String(week) as WeekKey] ?? []).filter((action) => action.text.trim() !== '');
        const progress = plannerProgress(actions);
        const saved = tracker.savedPlannerWeeks.includes(week);
        return (
          <Box as="li" key={week} borderWidth="1px" borderColor={week === currentWeek ? 'accent.400' : 'border'} rounded="lg" p="3">
            <Flex justify="space-between" gap="2" wrap="wrap">
              <Text fontWeight="bold">
                Settimana {week}
                {week === currentWeek ? ' (in corso)' : ''}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {saved ? 'Planner salvato' : 'Planner non salvato'}
                {progress.planned > 0 && ` · ${progress.completed}/${progress.planned} completate (${progress.percent}%)`}
              </Text>
            </Flex>
            {actions.length > 0 ? (
              <Stack as="ul" gap="1" mt="2" p="0" listStyleType="none" fontSize="sm">
                {actions.map((action) => (
                  <Flex as="li" key={action.id} gap="2">
                    <span aria-hidden="true">{action.completed ? '✅' : '⬜'}</span>
                    <Text overflowWrap="anywhere">
                      <Text as="span" srOnly>
                        {action.completed ? 'Completata: ' : 'Da completare: '}
                      </Text>
                      {action.text}
                    </Text>
                  </Flex>
                ))}
              </Stack>
            ) : (
              <Text fontSize="sm" color="fg.muted" mt="1">
                Nessuna azione pianificata.
              </Text>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
