import { Box } from '@chakra-ui/react';
import type { PlannerAction } from '@sfida/core/tracker';
import { toggleAction } from '@sfida/core/tracker-actions';
import { notify } from '../../../lib/notices';
import { noticeDone } from '../../../lib/points-notice';
import { useTracker } from '../../../tracker/use-tracker';
import { NativeCheckbox } from '../../../components/native-checkbox';

/** Completes or un-completes a planner action (+10 / −10); an action without text cannot be completed. */
export function ActionCheckbox({ week, action, label }: { week: number; action: PlannerAction; label: string }) {
  const { tracker, apply } = useTracker();
  const empty = action.text.trim() === '';
  // A 44 px target (a finger's) around the 24 px box, taking no more room than the box.
  return (
    <Box as="label" display="inline-flex" alignItems="center" justifyContent="center" boxSize="11" m="-2.5" flexShrink="0" cursor={empty ? 'not-allowed' : 'pointer'}>
      <NativeCheckbox
        type="checkbox"
        width="6"
        height="6"
        checked={action.completed}
        disabled={empty}
        aria-label={label}
        title={empty ? "Scrivi prima il testo dell'azione" : undefined}
        onChange={() => {
          const result = apply(toggleAction(tracker, week, action.id, new Date()));
          if (!result.ok) notify({ type: 'warning', title: result.message });
          else if (result.awarded > 0) noticeDone('Azione completata!', result.awarded, action.text.trim());
        }}
      />
    </Box>
  );
}
