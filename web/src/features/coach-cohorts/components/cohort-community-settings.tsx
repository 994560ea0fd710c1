import { useState, type FormEvent } from 'react';
import { Button, Field, Flex, Input, Stack, Textarea } from '@chakra-ui/react';
import type { CoachCohort } from '@sfida/core/coach';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useUpdateCohort } from '../api/cohort-changes';

/**
 * "Community ed eventi": the cohort's community group link (the participants' dashboard shows it
 * only when set) and, in the coach's words, what it takes to join a reserved event: who may join
 * is each event's own (the events editor), and a participant who may not reads this text on the
 * event's page. The server checks both (https only, lengths) and says what is wrong.
 */
export function CohortCommunitySettings({ cohort }: { cohort: CoachCohort }) {
  const update = useUpdateCohort(cohort.id);
  const [link, setLink] = useState(cohort.communityLink ?? '');
  const [reservedText, setReservedText] = useState(cohort.reservedEventsText ?? '');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const communityLink = link.trim() === '' ? null : link.trim();
    try {
      const saved = await update.mutateAsync({ communityLink, reservedEventsText: reservedText.trim() === '' ? null : reservedText });
      setLink(saved.communityLink ?? '');
      setReservedText(saved.reservedEventsText ?? '');
      notify({ type: 'success', title: 'Impostazioni salvate', description: 'I partecipanti le vedono da subito.' });
    } catch (caught) {
      setError(errorMessage(caught, 'Salvataggio delle impostazioni non riuscito'));
    }
  }

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate aria-label="Community ed eventi">
        <FormError message={error} />
        <Field.Root>
          <Field.Label>Link della community</Field.Label>
          <Input type="url" inputMode="url" placeholder="https://chat.whatsapp.com/…" maxLength={500} value={link} onChange={(e) => setLink(e.target.value)} />
          <Field.HelperText>
            Il gruppo (WhatsApp, Telegram…) dove si ritrovano i partecipanti: lo vedono nella dashboard. Vuoto: nessun pulsante.
          </Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Come partecipare agli eventi riservati</Field.Label>
          <Textarea
            rows={3}
            maxLength={300}
            placeholder="Per esempio: scrivici su WhatsApp per passare al pacchetto Guida."
            value={reservedText}
            onChange={(e) => setReservedText(e.target.value)}
          />
          <Field.HelperText>
            Chi non ha il pacchetto di un evento lo vede senza link, con il pacchetto che serve e questo testo. Chi può partecipare lo scegli
            per ogni evento. Vuoto: nessun testo.
          </Field.HelperText>
        </Field.Root>
        <Flex>
          <Button type="submit" size="sm" loading={update.isPending} loadingText="Salvataggio...">
            Salva impostazioni
          </Button>
        </Flex>
      </form>
    </Stack>
  );
}
