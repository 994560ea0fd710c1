import { chakra } from '@chakra-ui/react';
import type { PlannerAction } from '@sfida/core/tracker';
import { toggleAction } from '@sfida/core/tracker-actions';
import { notify } from '../../../lib/notices';
import { noticeDone } from '../../../lib/points-notice';
import { useTracker } from '../../../tracker/use-tracker';

const Checkbox = chakra('input', {
  base: {
    appearance: 'auto',
    width: '6',
    height: '6',
    flexShrink: 0,
    accentColor: '{colors.brand.700}',
    cursor: 'pointer',
    _disabled: { cursor: 'not-allowed' },
  },
});

/** Completes or un-completes a planner action (+10 / −10); an action without text cannot be completed. */
export function ActionCheckbox({ week, action, label }: { week: number; action: PlannerAction; label: string }) {
  const { tracker, apply } = useTracker();
  const empty = action.text.trim() === '';
  return (
    <Checkbox
      type="checkbox"
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
  );
}
