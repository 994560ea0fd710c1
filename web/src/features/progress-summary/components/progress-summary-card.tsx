import { useMemo } from 'react';
import { SimpleGrid, type SystemStyleObject } from '@chakra-ui/react';
import type { IsoDate } from '@sfida/core/iso-date';
import { summarizeTracker } from '@sfida/core/progress-summary';
import { SectionCard } from '../../../components/section-card';
import { useTracker } from '../../../tracker/use-tracker';

/** The figures' styles, set once on the grid: each figure is plain elements (docs/decisions/014). */
const FIGURES: SystemStyleObject = {
  '& [data-part="value"]': { display: 'block', fontSize: '2xl', fontWeight: 'bold', color: 'brand.fg', lineHeight: 'shorter' },
  '& [data-part="label"]': { display: 'block', fontSize: 'sm', color: 'fg.muted' },
};

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <span data-part="value">{value}</span>
      <span data-part="label">{label}</span>
    </div>
  );
}

/**
 * The week's figures (the points and the streak are the dashboard's tiles, the rank its ranking:
 * each figure once), from this device's tracker with the rules the server applies to the synced
 * copy (what the coach sees once it is sent): they follow every change at once, made here or in
 * another tab, as the points above them do.
 */
export function ProgressSummaryCard({ today, weekStart }: { today: IsoDate; weekStart: IsoDate }) {
  const { tracker } = useTracker();
  const kpi = useMemo(
    () => summarizeTracker(tracker, { challengeStartDate: tracker.challengeStartDate, today, weekStart }),
    [tracker, today, weekStart],
  );
  return (
    <SectionCard title="Riepilogo della settimana">
      <SimpleGrid columns={{ base: 2, sm: 3 }} gap="4" css={FIGURES}>
        <Figure label="Abitudini completate" value={kpi.habitCompletionsThisWeek} />
        <Figure label="Azioni completate" value={`${kpi.actionsCompleted}/${kpi.actionsPlanned}`} />
        <Figure label="Check-in" value={kpi.checkInThisWeek ? 'Fatto' : 'Da fare'} />
        <Figure label="Badge" value={kpi.badgesEarned.length} />
      </SimpleGrid>
    </SectionCard>
  );
}
