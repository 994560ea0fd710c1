import { useState } from 'react';
import { Field, Input, Stack } from '@chakra-ui/react';
import { MAX_TAG_LENGTH, normaliseTag } from '@sfida/core/participant-notes';
import { countOf } from '@sfida/core/plural';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notices';
import { useBulkTag } from '../api/people-bulk';
import { reportBulk } from '../bulk-report';
import { ConfirmInline } from './confirm-inline';

/** One tag for every selected person of a cohort, behind one confirmation that says how many. */
export function TagSelected({ cohortId, selected, names, onDone }: { cohortId: string; selected: ReadonlySet<string>; names: ReadonlyMap<string, string>; onDone: () => void }) {
  const tagging = useBulkTag(cohortId);
  const [tag, setTag] = useState('');
  const people = countOf(selected.size, 'persona', 'persone');
  return (
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
            reportBulk(answer, names, `Etichetta aggiunta a ${countOf(answer.done, 'persona', 'persone')}`);
            setTag('');
            onDone();
          } catch (caught) {
            notify({ type: 'error', title: 'Etichetta non aggiunta', description: errorMessage(caught, 'Riprova tra poco.') });
            throw caught;
          }
        }}
      />
    </Stack>
  );
}
