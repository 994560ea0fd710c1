import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { plannedActionText } from '@sfida/core/planned-actions';
import { plannerProgress, weekActions } from '@sfida/core/tracker-actions';
import { ProgressBar } from '../../../components/progress-bar';
import { SectionCard } from '../../../components/section-card';
import { stackedList } from '../../../components/stacked-list';
import { useTracker } from '../../../tracker/use-tracker';
import { ActionCheckbox } from './action-checkbox';

/** The rows' styles, set once on the list: its rows are plain elements (docs/decisions/014). */
const ACTION_ROWS = stackedList('2', {
  '& > li': { display: 'flex', alignItems: 'center', gap: '3' },
  '& > li > span': { color: 'fg', overflowWrap: 'anywhere' },
  '& > li > span[data-completed]': { color: 'fg.muted', textDecoration: 'line-through' },
});

/** This week's planner actions with the progress bar and a checkbox each. */
export function WeekActionsCard({ week }: { week: number }) {
  const { tracker } = useTracker();
  const link = (
    <Link asChild fontSize="sm" fontWeight="semibold" color="brand.fg">
      <RouterLink to="/planner">Apri il planner</RouterLink>
    </Link>
  );

  if (week === 0) {
    return (
      <SectionCard title="Azioni della settimana" action={link}>
        <Text color="fg.muted">Challenge non ancora iniziata.</Text>
      </SectionCard>
    );
  }

  const actions = weekActions(tracker, week).filter((action) => action.text.trim() !== '');
  const progress = plannerProgress(actions);

  return (
    <SectionCard title="Azioni della settimana" action={link}>
      {actions.length === 0 ? (
        <Text color="fg.muted">Nessuna azione pianificata: scrivi da 3 a 5 azioni nel planner.</Text>
      ) : (
        <Stack gap="3">
          <ProgressBar value={progress.percent} label={`${progress.completed} di ${progress.planned} completate (${progress.percent}%)`} />
          <Box as="ul" css={ACTION_ROWS}>
            {actions.map((action) => (
              <li key={action.id}>
                <ActionCheckbox week={week} action={action} label={action.text} />
                <span data-completed={action.completed ? '' : undefined}>{plannedActionText(action)}</span>
              </li>
            ))}
          </Box>
        </Stack>
      )}
    </SectionCard>
  );
}
