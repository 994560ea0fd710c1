import { useState, type FormEvent } from 'react';
import { Button, Field, Flex, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import type { CoachCohort } from '@sfida/core/coach';
import { FormError } from '../../../components/form-error';
import { NativeCheckbox } from '../../../components/native-checkbox';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useUpdateCohort } from '../api/cohort-changes';

/** What a new "Eventi riservati" text starts from: the programme's own terms, for the coach to adapt. */
const SUGGESTED_RESERVED_TEXT =
  'La partecipazione agli eventi è riservata a chi ha acquistato il pacchetto Guida o Premium. Il link per collegarti arriva via email il giorno dell’incontro.';

/**
 * "Community ed eventi": the cohort's community group link (the participants' dashboard shows it
 * only when set) and whether its events are reserved, with the notice its participants read on
 * /eventi instead of the links. The server checks both (https only, lengths) and says what is wrong.
 */
export function CohortCommunitySettings({ cohort }: { cohort: CoachCohort }) {
  const update = useUpdateCohort(cohort.id);
  const [link, setLink] = useState(cohort.communityLink ?? '');
  const [reserved, setReserved] = useState(cohort.reservedEventsText !== null);
  const [reservedText, setReservedText] = useState(cohort.reservedEventsText ?? SUGGESTED_RESERVED_TEXT);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const communityLink = link.trim() === '' ? null : link.trim();
    try {
      const saved = await update.mutateAsync({ communityLink, reservedEventsText: reserved ? reservedText : null });
      setLink(saved.communityLink ?? '');
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
        <Stack gap="2">
          <Flex as="label" gap="3" align="flex-start" cursor="pointer">
            <NativeCheckbox type="checkbox" mt="0.5" checked={reserved} onChange={(e) => setReserved(e.target.checked)} />
            <Stack as="span" gap="0">
              <Text as="span" fontWeight="600">
                Eventi riservati
              </Text>
              <Text as="span" fontSize="sm" color="fg.muted">
                I partecipanti leggono questo avviso nella pagina Eventi e non vedono i link per collegarsi: li mandi tu a chi può partecipare.
              </Text>
            </Stack>
          </Flex>
          {reserved ? (
            <Field.Root>
              <Field.Label>Testo sugli eventi riservati</Field.Label>
              <Textarea rows={3} maxLength={300} value={reservedText} onChange={(e) => setReservedText(e.target.value)} />
            </Field.Root>
          ) : null}
        </Stack>
        <Flex>
          <Button type="submit" size="sm" loading={update.isPending} loadingText="Salvataggio...">
            Salva impostazioni
          </Button>
        </Flex>
      </form>
    </Stack>
  );
}
