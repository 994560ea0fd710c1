import { SimpleGrid, Text } from '@chakra-ui/react';
import { useProgressSummary } from '../api/progress-summary';
import { SectionCard } from './section-card';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text fontSize="2xl" fontWeight="bold" color="brand.fg" lineHeight="shorter">
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
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
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="4">
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
