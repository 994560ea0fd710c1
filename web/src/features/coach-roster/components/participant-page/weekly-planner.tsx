import { Box, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { CHALLENGE_WEEKS } from '@sfida/core/dates';
import type { TrackerData, WeekKey } from '@sfida/core/tracker';
import { plannerProgress } from '@sfida/core/tracker-actions';

const WEEKS = Array.from({ length: CHALLENGE_WEEKS }, (_, i) => i + 1);

/**
 * The weeks' planned actions, ticked or not, the current week marked: the weeks up to this one
 * (later ones are still empty), the current and the one before shown, older ones behind a
 * disclosure so the page stays short as the challenge goes on.
 */
export function WeeklyPlanner({ tracker, currentWeek }: { tracker: TrackerData; currentWeek: number }) {
  const planned = WEEKS.filter((week) => (tracker.weeklyActions[String(week) as WeekKey] ?? []).some((action) => action.text.trim() !== ''));
  const last = Math.max(1, Math.min(currentWeek, WEEKS.length), ...planned);
  const shown = WEEKS.filter((week) => week <= last);
  const older = shown.filter((week) => week < last - 1);
  const recent = shown.filter((week) => week >= last - 1);
  return (
    <Stack gap="3">
      {older.length > 0 && (
        <chakra.details>
          <chakra.summary cursor="pointer" fontWeight="600" color="brand.fg" minH="11" display="flex" alignItems="center">
            Settimane precedenti ({older.length})
          </chakra.summary>
          <Box mt="2">
            <PlannerWeeks tracker={tracker} weeks={older} currentWeek={currentWeek} />
          </Box>
        </chakra.details>
      )}
      <PlannerWeeks tracker={tracker} weeks={recent} currentWeek={currentWeek} />
    </Stack>
  );
}

function PlannerWeeks({ tracker, weeks, currentWeek }: { tracker: TrackerData; weeks: number[]; currentWeek: number }) {
  return (
    <Stack as="ol" gap="3" p="0" m="0" listStyleType="none">
      {weeks.map((week) => {
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
