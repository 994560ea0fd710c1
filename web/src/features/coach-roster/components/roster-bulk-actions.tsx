import { useState } from 'react';
import { Button, Field, Flex, Input, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { BulkAnswer } from '@sfida/core/bulk';
import { formatItalianDate } from '@sfida/core/dates';
import { MAX_TAG_LENGTH, normaliseTag } from '@sfida/core/participant-notes';
import { countOf } from '@sfida/core/plural';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { ConfirmInline } from '../../../coach-shared/components/confirm-inline';
import { PostponeSelected } from '../../../coach-shared/components/postpone-selected';
import { messageToPath } from '../../../coach-shared/paths';
import { useBulkTag, useBulkTriage } from '../api/tags';

/** The notice of a bulk action: how many were done, and who was not, with the server's reason. */
function report(answer: BulkAnswer, names: ReadonlyMap<string, string>, done: string) {
  const failed = answer.results.filter((r) => !r.ok);
  notify({
    type: failed.length === 0 ? 'success' : 'warning',
    title: failed.length === 0 ? done : `${done}; ${countOf(failed.length, 'non riuscita', 'non riuscite')}`,
    ...(failed.length > 0 ? { description: failed.map((r) => `${names.get(r.userId) ?? r.userId}: ${r.message ?? 'non riuscito'}`).join(' · ') } : {}),
  });
}

/**
 * The roster's other actions on its selection (beside "Imposta pacchetto"): "Contattato", "Rimanda
 * a…" and one tag for all of them, each behind one confirmation that says how many, and a message to them (the
 * cohort's "Messaggi" with them picked).
 */
export function RosterBulkActions({ cohortId, selected, names, onDone }: { cohortId: string; selected: ReadonlySet<string>; names: ReadonlyMap<string, string>; onDone: () => void }) {
  const triage = useBulkTriage();
  const tagging = useBulkTag(cohortId);
  const [tag, setTag] = useState('');
  const count = selected.size;
  const people = countOf(count, 'persona', 'persone');

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
            report(answer, names, answer.done === 1 ? '1 persona segnata come contattata' : `${answer.done} persone segnate come contattate`);
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
            report(answer, names, `${countOf(answer.done, 'persona rimandata', 'persone rimandate')} al ${formatItalianDate(until)}`);
            onDone();
          } catch (caught) {
            notify({ type: 'error', title: 'Operazione non riuscita', description: errorMessage(caught, 'Riprova tra poco.') });
            throw caught;
          }
        }}
      />
      <Stack gap="2">
        <Field.Root>
          <Field.Label fontSize="sm">Etichetta da aggiungere</Field.Label>
          <Input value={tag} maxLength={MAX_TAG_LENGTH} onChange={(e) => setTag(e.target.value)} minH="11" maxW="14rem" />
        </Field.Root>
        <ConfirmInline
          label="Aggiungi etichetta"
          accessibleLabel="Aggiungi etichetta (i selezionati)"
          question={`Aggiungere l’etichetta «${normaliseTag(tag)}» a ${people}?`}
          confirmLabel={`Aggiungi a ${people}`}
          pending={tagging.isPending}
          tall
          onConfirm={async () => {
            try {
              const answer = await tagging.mutateAsync({ tag, userIds: [...selected] });
              report(answer, names, `Etichetta aggiunta a ${countOf(answer.done, 'persona', 'persone')}`);
              setTag('');
              onDone();
            } catch (caught) {
              notify({ type: 'error', title: 'Etichetta non aggiunta', description: errorMessage(caught, 'Riprova tra poco.') });
              throw caught;
            }
          }}
        />
      </Stack>
      <Button asChild size="sm" variant="outline" minH="11">
        <RouterLink to={messageToPath(cohortId, selected)}>Scrivi ai selezionati</RouterLink>
      </Button>
    </Flex>
  );
}
