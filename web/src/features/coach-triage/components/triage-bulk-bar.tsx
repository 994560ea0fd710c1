import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatItalianDate } from '@sfida/core/dates';
import { countOf } from '@sfida/core/plural';
import { MAX_BULK, bulkMessages, type BulkAnswer } from '@sfida/core/bulk';
import type { TriageItem } from '@sfida/core/triage';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { ConfirmInline } from '../../../coach-shared/components/confirm-inline';
import { PostponeSelected } from '../../../coach-shared/components/postpone-selected';
import { messageToPath } from '../../../coach-shared/paths';
import { useBulkTriageAction } from '../api/triage';

/** "Segnare 3 persone come contattate?" */
export function contactedQuestion(count: number): string {
  return count === 1 ? 'Segnare 1 persona come contattata?' : `Segnare ${count} persone come contattate?`;
}


/** What a bulk action's notice says: how many were done, and who was not, with the server's reason. */
function reportOf(answer: BulkAnswer, items: readonly TriageItem[], doneText: (n: number) => string) {
  const names = new Map(items.map((item) => [item.userId, item.name]));
  const failed = answer.results.filter((r) => !r.ok);
  if (failed.length === 0) {
    notify({ type: 'success', title: doneText(answer.done) });
    return;
  }
  notify({
    type: 'warning',
    title: `${doneText(answer.done)}; ${countOf(failed.length, 'non riuscita', 'non riuscite')}`,
    description: failed.map((r) => `${names.get(r.userId) ?? r.userId}: ${r.message ?? 'non riuscito'}`).join(' · '),
  });
}

const contactedText = (n: number) => (n === 1 ? '1 persona segnata come contattata' : `${n} persone segnate come contattate`);

/**
 * The sticky bar of the triage's selection: how many are chosen, "Contattato" and "Rimanda a…" for
 * all of them, each behind one confirmation that says the count, and a message to them when they
 * are of one cohort. Its buttons are 44 px tall: it is
 * the phone's way through a morning's list.
 */
export function TriageBulkBar({ selected, items, onDone }: { selected: ReadonlySet<string>; items: readonly TriageItem[]; onDone: () => void }) {
  const bulk = useBulkTriageAction();
  const count = selected.size;
  // A message goes to one cohort: offered when everyone chosen is in the same one.
  const cohorts = new Set(items.filter((item) => selected.has(item.userId)).map((item) => item.cohortId));
  const writeTo = cohorts.size === 1 ? [...cohorts][0]! : null;

  async function run(action: 'contacted' | 'snooze', until?: string) {
    try {
      const answer = await bulk.mutateAsync({ action, userIds: [...selected], ...(until ? { until } : {}) });
      reportOf(answer, items, action === 'contacted' ? contactedText : (n) => `${countOf(n, 'persona rimandata', 'persone rimandate')} al ${formatItalianDate(until!)}`);
      onDone();
    } catch (caught) {
      notify({ type: 'error', title: 'Operazione non riuscita', description: errorMessage(caught, 'Riprova tra poco.') });
      throw caught;
    }
  }

  return (
    <Box role="region" aria-label="Azioni sui selezionati" position="sticky" bottom="0" zIndex="docked" bg="bg" borderWidth="1px" borderColor="border.emphasized" rounded="lg" shadow="md" p="3">
      <Stack gap="3">
        <Text fontWeight="600" role="status">
          {countOf(count, 'persona selezionata', 'persone selezionate')}
        </Text>
        {count > MAX_BULK ? (
          <Text color="fg.error">{bulkMessages.tooMany}</Text>
        ) : (
          <Flex gap="3" wrap="wrap" align="flex-start">
            <ConfirmInline
              label="Contattato"
              accessibleLabel="Contattato (i selezionati)"
              question={contactedQuestion(count)}
              confirmLabel={count === 1 ? 'Segna come contattata' : `Segna ${count} come contattate`}
              pending={bulk.isPending}
              tall
              onConfirm={() => run('contacted')}
            />
            <PostponeSelected count={count} pending={bulk.isPending} onPostpone={(until) => run('snooze', until)} />
            {writeTo ? (
              <Button asChild size="sm" variant="outline" minH="11">
                <RouterLink to={messageToPath(writeTo, selected)}>Scrivi ai selezionati</RouterLink>
              </Button>
            ) : (
              <Text fontSize="sm" color="fg.muted" maxW="16rem">
                Per scrivere a più persone insieme, scegline di una sola coorte.
              </Text>
            )}
            <Button size="sm" variant="ghost" minH="11" onClick={onDone}>
              Deseleziona
            </Button>
          </Flex>
        )}
      </Stack>
    </Box>
  );
}
