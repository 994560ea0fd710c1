import { useId, useState } from 'react';
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatItalianDate } from '@sfida/core/dates';
import { countOf } from '@sfida/core/plural';
import { MAX_BULK, bulkMessages } from '@sfida/core/bulk';
import type { TriageItem } from '@sfida/core/triage';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { ConfirmInline } from '../../../coach-shared/components/confirm-inline';
import { PostponeSelected } from '../../../coach-shared/components/postpone-selected';
import { PackageSelected } from '../../../coach-shared/components/package-selected';
import { TagSelected } from '../../../coach-shared/components/tag-selected';
import { reportBulk } from '../../../coach-shared/bulk-report';
import { messageToPath } from '../../../coach-shared/paths';
import { useBulkTriageAction } from '../api/triage';

/** "Segnare 3 persone come contattate?" */
export function contactedQuestion(count: number): string {
  return count === 1 ? 'Segnare 1 persona come contattata?' : `Segnare ${count} persone come contattate?`;
}


const contactedText = (n: number) => (n === 1 ? '1 persona segnata come contattata' : `${n} persone segnate come contattate`);

/**
 * The sticky bar of the triage's selection: how many are chosen, "Contattato" and "Rimanda a…" for
 * all of them, each behind one confirmation that says the count, and, when they are of one cohort,
 * a message to them, a tag and a package. Its buttons are 44 px tall: it is
 * the phone's way through a morning's list.
 */
export function TriageBulkBar({ selected, items, onDone }: { selected: ReadonlySet<string>; items: readonly TriageItem[]; onDone: () => void }) {
  const bulk = useBulkTriageAction();
  // The sticky bar stays short on a phone: the tag and the package open on request, and the bar
  // then stays in the page (a sticky bar taller than the screen would hide its own end).
  const [more, setMore] = useState(false);
  const moreId = useId();
  const names = new Map(items.map((item) => [item.userId, item.name]));
  const count = selected.size;
  // A message goes to one cohort: offered when everyone chosen is in the same one.
  const cohorts = new Set(items.filter((item) => selected.has(item.userId)).map((item) => item.cohortId));
  const writeTo = cohorts.size === 1 ? [...cohorts][0]! : null;

  async function run(action: 'contacted' | 'snooze', until?: string) {
    try {
      const answer = await bulk.mutateAsync({ action, userIds: [...selected], ...(until ? { until } : {}) });
      reportBulk(answer, names, action === 'contacted' ? contactedText(answer.done) : `${countOf(answer.done, 'persona rimandata', 'persone rimandate')} al ${formatItalianDate(until!)}`);
      onDone();
    } catch (caught) {
      notify({ type: 'error', title: 'Operazione non riuscita', description: errorMessage(caught, 'Riprova tra poco.') });
      throw caught;
    }
  }

  return (
    <Box role="region" aria-label="Azioni sui selezionati" position={more ? 'static' : 'sticky'} bottom="0" zIndex="docked" bg="bg" borderWidth="1px" borderColor="border.emphasized" rounded="lg" shadow="md" p="3">
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
                Per scrivere, etichettare o impostare il pacchetto a più persone insieme, scegline di una sola coorte.
              </Text>
            )}
            <Button size="sm" variant="ghost" minH="11" onClick={onDone}>
              Deseleziona
            </Button>
          </Flex>
        )}
        {count <= MAX_BULK && writeTo && (
          <Button size="sm" variant="outline" minH="11" alignSelf="flex-start" aria-expanded={more} aria-controls={moreId} onClick={() => setMore(!more)}>
            {more ? 'Chiudi etichetta e pacchetto' : 'Etichetta o pacchetto…'}
          </Button>
        )}
        {count <= MAX_BULK && writeTo && more && (
          <Flex id={moreId} gap="6" wrap="wrap" align="flex-start">
            <TagSelected cohortId={writeTo} selected={selected} names={names} onDone={onDone} />
            <PackageSelected cohortId={writeTo} selected={selected} onDone={onDone} />
          </Flex>
        )}
      </Stack>
    </Box>
  );
}
