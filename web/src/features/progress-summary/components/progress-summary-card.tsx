import { SimpleGrid, Text, type SystemStyleObject } from '@chakra-ui/react';
import { SectionCard } from '../../../components/section-card';
import { useProgressSummary } from '../api/progress-summary';

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

/** The week as the server computed it from the synced tracker (what the coach sees too). */
export function ProgressSummaryCard({ userId, cohortId, weekStart }: { userId: string; cohortId: string; weekStart: string }) {
  const { data: kpi, isPending } = useProgressSummary(userId, cohortId, weekStart);
  return (
    <SectionCard title="Riepilogo della settimana">
      {isPending ? (
        <Text color="fg.muted" role="status">
          Caricamento...
        </Text>
      ) : !kpi ? (
        <Text color="fg.muted">Riepilogo non disponibile al momento: i tuoi progressi sono comunque salvati.</Text>
      ) : (
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="4" css={FIGURES}>
          <Figure label="Punti questa settimana" value={kpi.weekPoints} />
          <Figure label="Giorni di costanza" value={kpi.streakDays} />
          <Figure label="Abitudini completate" value={kpi.habitCompletionsThisWeek} />
          <Figure label="Azioni completate" value={`${kpi.actionsCompleted}/${kpi.actionsPlanned}`} />
          <Figure label="Check-in" value={kpi.checkInThisWeek ? 'Fatto' : 'Da fare'} />
          <Figure label="Badge" value={kpi.badgesEarned.length} />
        </SimpleGrid>
      )}
    </SectionCard>
  );
}
