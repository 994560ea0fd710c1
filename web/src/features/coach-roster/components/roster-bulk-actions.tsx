import { Button, Flex } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatItalianDate } from '@sfida/core/dates';
import { countOf } from '@sfida/core/plural';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { ConfirmInline } from '../../../coach-shared/components/confirm-inline';
import { PostponeSelected } from '../../../coach-shared/components/postpone-selected';
import { TagSelected } from '../../../coach-shared/components/tag-selected';
import { reportBulk } from '../../../coach-shared/bulk-report';
import { messageToPath } from '../../../coach-shared/paths';
import { useBulkTriage } from '../api/tags';

/**
 * The roster's other actions on its selection (beside "Imposta pacchetto"): "Contattato", "Rimanda
 * a…" and one tag for all of them, each behind one confirmation that says how many, and a message to them (the
 * cohort's "Messaggi" with them picked).
 */
export function RosterBulkActions({ cohortId, selected, names, onDone }: { cohortId: string; selected: ReadonlySet<string>; names: ReadonlyMap<string, string>; onDone: () => void }) {
  const triage = useBulkTriage();
  const count = selected.size;

  return (
    <Flex gap="3" wrap="wrap" align="flex-end" role="group" aria-label="Altre azioni per i selezionati">
      <ConfirmInline
        label="Contattato"
        accessibleLabel="Contattato (i selezionati)"
        question={count === 1 ? 'Segnare 1 persona come contattata?' : `Segnare ${count} persone come contattate?`}
        confirmLabel={count === 1 ? 'Segna come contattata' : `Segna ${count} come contattate`}
        pending={triage.isPending}
        tall
        onConfirm={async () => {
          try {
            const answer = await triage.mutateAsync({ action: 'contacted', userIds: [...selected] });
            reportBulk(answer, names, answer.done === 1 ? '1 persona segnata come contattata' : `${answer.done} persone segnate come contattate`);
            onDone();
          } catch (caught) {
            notify({ type: 'error', title: 'Operazione non riuscita', description: errorMessage(caught, 'Riprova tra poco.') });
            throw caught;
          }
        }}
      />
      <PostponeSelected
        count={count}
        pending={triage.isPending}
        onPostpone={async (until) => {
          try {
            const answer = await triage.mutateAsync({ action: 'snooze', until, userIds: [...selected] });
            reportBulk(answer, names, `${countOf(answer.done, 'persona rimandata', 'persone rimandate')} al ${formatItalianDate(until)}`);
            onDone();
          } catch (caught) {
            notify({ type: 'error', title: 'Operazione non riuscita', description: errorMessage(caught, 'Riprova tra poco.') });
            throw caught;
          }
        }}
      />
      <TagSelected cohortId={cohortId} selected={selected} names={names} onDone={onDone} />
      <Button asChild size="sm" variant="outline" minH="11">
        <RouterLink to={messageToPath(cohortId, selected)}>Scrivi ai selezionati</RouterLink>
      </Button>
    </Flex>
  );
}
