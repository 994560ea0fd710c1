import { useState, type FormEvent } from 'react';
import { Button, Field, Flex, Input, Stack } from '@chakra-ui/react';
import { formatItalianDate } from '@sfida/core/dates';
import { isIsoDate } from '@sfida/core/iso-date';
import type { IsoDate } from '@sfida/core/iso-date';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useStartChallenge } from '../api/start-challenge';

/** Failure text: the server's message, else a fallback that tells a refusal from a failed call. */
function startErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? 'Non è possibile iniziare la challenge';
  return 'Errore durante inizio della challenge';
}

/** "Giorno di inizio:" with Conferma / Annulla; the date starts as today. */
export function StartChallengeForm({ today, onDone }: { today: IsoDate; onDone: () => void }) {
  const [date, setDate] = useState<IsoDate>(today);
  const startChallenge = useStartChallenge();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isIsoDate(date)) {
      notify({ type: 'error', title: 'Errore', description: 'Scegli una data valida.' });
      return;
    }
    startChallenge
      .start(date)
      .then(({ challengeStartDate }) => {
        notify({
          type: 'success',
          title: 'Challenge iniziata!',
          description: `La tua challenge di 8 settimane inizia il ${formatItalianDate(challengeStartDate)}.`,
        });
        onDone();
      })
      .catch((error: unknown) => notify({ type: 'error', title: 'Errore', description: startErrorText(error) }));
  }

  return (
    <Stack as="form" onSubmit={submit} gap="3" aria-label="Inizia la challenge">
      <Field.Root>
        <Field.Label>Giorno di inizio:</Field.Label>
        <Input type="date" value={date} min={today} onChange={(event) => setDate(event.target.value)} required maxW="xs" />
      </Field.Root>
      <Flex gap="2" wrap="wrap">
        <Button type="submit" loading={startChallenge.pending} loadingText="Avvio...">
          Conferma
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={startChallenge.pending}>
          Annulla
        </Button>
      </Flex>
    </Stack>
  );
}
