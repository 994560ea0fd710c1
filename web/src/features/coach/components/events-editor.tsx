import { useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { isPastEvent, type CohortEvent, type EventInput } from '@sfida/core/events';
import { HOME_TIME_ZONE } from '@sfida/core/dates';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { formatEventDayTime } from '../../../lib/day-time';
import { useCohortEvents } from '../../../lib/events';
import { notify } from '../../../lib/notices';
import { useSaveEvent } from '../api/events';
import { ConfirmInline } from './confirm-inline';

/** "YYYY-MM-DDTHH:mm" as a datetime-local input shows it, in the browser's zone, for an instant. */
function localInputValue(instant: string): string {
  const date = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a datetime-local value means in the browser's zone, with its offset (what the API takes). */
function instantOf(local: string): string | null {
  const date = new Date(local);
  if (!local || Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  return `${local}:00${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

interface Draft {
  startsAt: string;
  title: string;
  speaker: string;
  description: string;
  link: string;
}

const EMPTY: Draft = { startsAt: '', title: '', speaker: '', description: '', link: '' };

function EventForm({ cohortId, event, onDone }: { cohortId: string; event?: CohortEvent; onDone: () => void }) {
  const save = useSaveEvent(cohortId);
  const [draft, setDraft] = useState<Draft>(
    event ? { startsAt: localInputValue(event.startsAt), title: event.title, speaker: event.speaker, description: event.description, link: event.link ?? '' } : EMPTY,
  );
  const [error, setError] = useState<string | null>(null);
  const field = (name: keyof Draft) => ({ value: draft[name], onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }) });

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const startsAt = instantOf(draft.startsAt);
    if (startsAt === null) return setError("Indica data e ora dell'evento");
    if (draft.title.trim() === '') return setError("Inserisci il titolo dell'evento");
    setError(null);
    const input: EventInput = { startsAt, title: draft.title, speaker: draft.speaker, description: draft.description, link: draft.link };
    try {
      await save.mutateAsync({ eventId: event?.id, input });
      notify({ type: 'success', title: event ? 'Evento aggiornato' : 'Evento aggiunto', description: draft.title.trim() });
      onDone();
    } catch (caught) {
      setError(errorMessage(caught, 'Salvataggio dell’evento non riuscito'));
    }
  }

  return (
    <Stack asChild gap="3">
      <form onSubmit={submit} noValidate aria-label={event ? `Modifica ${event.title}` : 'Nuovo evento'}>
        <FormError message={error} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field.Root required>
            <Field.Label>Data e ora</Field.Label>
            <Input type="datetime-local" {...field('startsAt')} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Titolo</Field.Label>
            <Input maxLength={120} {...field('title')} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Relatore</Field.Label>
            <Input maxLength={120} {...field('speaker')} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Link per collegarsi</Field.Label>
            <Input type="url" inputMode="url" placeholder="https://" maxLength={500} {...field('link')} />
          </Field.Root>
        </SimpleGrid>
        <Field.Root>
          <Field.Label>Descrizione</Field.Label>
          <Textarea rows={3} maxLength={1000} {...field('description')} />
        </Field.Root>
        <Flex gap="2" wrap="wrap">
          <Button type="submit" size="sm" loading={save.isPending} loadingText="Salvataggio...">
            {event ? 'Salva modifiche' : 'Aggiungi evento'}
          </Button>
          {event ? (
            <Button type="button" size="sm" variant="ghost" onClick={onDone}>
              Annulla
            </Button>
          ) : null}
        </Flex>
      </form>
    </Stack>
  );
}

/** The cohort's calendar for its coaches: add, edit, delete. Participants see it on /eventi, at the same times. */
export function EventsEditor({ cohortId }: { cohortId: string }) {
  const events = useCohortEvents(cohortId);
  const save = useSaveEvent(cohortId);
  const zone = useAuth().user?.timeZone ?? HOME_TIME_ZONE;
  const [editing, setEditing] = useState<string | null>(null);
  // A new, empty form after each event added.
  const [added, setAdded] = useState(0);
  const now = new Date();

  return (
    <Stack gap="5">
      {events.error ? <FormError message={errorMessage(events.error, 'Impossibile caricare gli eventi')} /> : null}
      {events.data?.length === 0 ? <Text color="fg.muted">Nessun evento: i partecipanti vedono un calendario vuoto.</Text> : null}
      <Stack as="ul" listStyleType="none" gap="3" aria-label="Eventi della coorte">
        {(events.data ?? []).map((event) => (
          <Box as="li" key={event.id} borderWidth="1px" borderColor="border" rounded="lg" p="3">
            {editing === event.id ? (
              <EventForm cohortId={cohortId} event={event} onDone={() => setEditing(null)} />
            ) : (
              <Stack gap="1">
                <Text fontWeight="700">{event.title}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatEventDayTime(event.startsAt, zone)}
                  {isPastEvent(event, now, zone) ? ' · Evento concluso' : ''}
                  {event.speaker ? ` · ${event.speaker}` : ''}
                </Text>
                <Flex gap="2" wrap="wrap" mt="1">
                  <Button size="sm" variant="outline" onClick={() => setEditing(event.id)} aria-label={`Modifica ${event.title}`}>
                    Modifica
                  </Button>
                  <ConfirmInline
                    label="Elimina"
                    question={`Eliminare "${event.title}"? I partecipanti non lo vedranno più.`}
                    confirmLabel="Elimina evento"
                    colorPalette="red"
                    pending={save.isPending}
                    onConfirm={() => save.mutateAsync({ eventId: event.id, input: null })}
                  />
                </Flex>
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
      <Box>
        <Text fontWeight="700" mb="2">
          Nuovo evento
        </Text>
        <EventForm key={added} cohortId={cohortId} onDone={() => setAdded((count) => count + 1)} />
      </Box>
    </Stack>
  );
}
