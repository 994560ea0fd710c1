import { useState } from 'react';
import { Button, Field, Flex, Input, Link, Stack, Text } from '@chakra-ui/react';
import { formatItalianDate, localDateOf } from '@sfida/core/dates';
import { FormError } from '../../components/form-error';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notices';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './api/calendar-feed';

/** The same address for calendar apps that subscribe through their own scheme (Apple Calendar, Outlook). */
function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    notify({ type: 'success', title: 'Link copiato', description: 'Incollalo nella tua app di calendario.' });
  } catch {
    notify({ type: 'error', title: 'Copia non riuscita', description: 'Seleziona il link e copialo a mano.' });
  }
}

/**
 * "Calendario degli eventi": the participant's private link to their cohort's events, for the
 * calendar apps that follow it. The server keeps only a hash of it, so the link is shown once,
 * when made; after that it can be replaced or revoked.
 */
export function CalendarFeedSettings({ timeZone }: { timeZone: string }) {
  const status = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function makeLink() {
    setError(null);
    try {
      setUrl((await create.mutateAsync()).url);
      setConfirming(false);
    } catch (caught) {
      setError(errorMessage(caught, 'Creazione del link non riuscita'));
    }
  }

  async function revokeLink() {
    setError(null);
    try {
      await revoke.mutateAsync();
      setUrl(null);
      setConfirming(false);
      notify({ type: 'success', title: 'Link revocato', description: 'I calendari collegati non riceveranno più gli eventi.' });
    } catch (caught) {
      setError(errorMessage(caught, 'Revoca del link non riuscita'));
    }
  }

  return (
    <Stack gap="4">
      <Text>
        Collega gli eventi della tua coorte al calendario del telefono o del computer (Google Calendar, Apple Calendar, Outlook): si
        aggiornano da soli quando il coach li aggiunge o li modifica.
      </Text>
      <FormError message={error} />
      {status.error ? <Text color="fg.muted">{errorMessage(status.error, 'Impossibile leggere il link del calendario')}</Text> : null}
      {status.isPending ? (
        <Text role="status" color="fg.muted">
          Caricamento...
        </Text>
      ) : null}

      {url ? (
        <Stack gap="3" bg="brand.subtle" rounded="xl" p="4">
          <Field.Root>
            <Field.Label>Link del calendario</Field.Label>
            <Input readOnly value={url} onFocus={(event) => event.currentTarget.select()} fontFamily="mono" fontSize="sm" />
            <Field.HelperText>
              È personale: chi lo ha vede gli eventi della tua coorte. Per sicurezza lo vedi solo ora; se lo perdi, creane uno nuovo.
            </Field.HelperText>
          </Field.Root>
          <Flex gap="2" wrap="wrap" align="center">
            <Button size="sm" onClick={() => void copyLink(url)}>
              Copia link
            </Button>
            <Link href={webcalUrl(url)} color="brand.fg" fontWeight="600">
              Apri nell’app Calendario
            </Link>
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            In Google Calendar: Altri calendari → Da URL, e incolla il link.
          </Text>
        </Stack>
      ) : status.data?.active ? (
        <Text>
          Il tuo link privato è attivo dal {formatItalianDate(localDateOf(status.data.createdAt ?? new Date().toISOString(), timeZone))}.
        </Text>
      ) : status.data ? (
        <Text color="fg.muted">Non hai ancora un link del calendario.</Text>
      ) : null}

      {status.data ? (
        confirming ? (
          <Stack gap="2" role="group" aria-label="Revoca del link">
            <Text>Revocare il link? I calendari collegati smetteranno di ricevere gli eventi.</Text>
            <Flex gap="2" wrap="wrap">
              <Button size="sm" colorPalette="red" loading={revoke.isPending} loadingText="Revoca..." onClick={() => void revokeLink()}>
                Conferma revoca
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Annulla
              </Button>
            </Flex>
          </Stack>
        ) : (
          <Flex gap="2" wrap="wrap">
            <Button size="sm" variant={status.data.active ? 'outline' : 'solid'} loading={create.isPending} loadingText="Creazione..." onClick={() => void makeLink()}>
              {status.data.active ? 'Crea un nuovo link' : 'Crea il link del calendario'}
            </Button>
            {status.data.active ? (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
                Revoca il link
              </Button>
            ) : null}
          </Flex>
        )
      ) : null}
      {status.data?.active && !url ? (
        <Text fontSize="sm" color="fg.muted">
          Un nuovo link sostituisce il precedente: i calendari collegati col vecchio smettono di aggiornarsi.
        </Text>
      ) : null}
    </Stack>
  );
}
