import { useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { DEFAULT_EVENT_MINUTES, MAX_EVENT_MINUTES, MIN_EVENT_MINUTES, eventMessages, isPastEvent, type CohortEvent, type EventInput } from '@sfida/core/events';
import { accessLabels, type Access } from '@sfida/core/packages';
import { HOME_TIME_ZONE, formatItalianDate } from '@sfida/core/dates';
import { FormError } from '../../../components/form-error';
import { NativeCheckbox } from '../../../components/native-checkbox';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { formatEventDayTime } from '../../../lib/day-time';
import { currentDay } from '../../../lib/use-today';
import { eventDateWarnings } from '@sfida/core/holidays';
import { useCohortEvents } from '../../../lib/events';
import { notify } from '../../../lib/notices';
import { useCoachCohorts } from '../../../coach-shared/api/cohorts';
import { useDeleteEvent, useEventCopyPreview, useSaveEvent, useSaveEvents } from '../api/events';
import { AccessSelect } from '../../../coach-shared/components/access-select';
import { ConfirmInline } from '../../../coach-shared/components/confirm-inline';

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
  durationMinutes: string;
  access: Access;
}

const EMPTY: Draft = { startsAt: '', title: '', speaker: '', description: '', link: '', durationMinutes: String(DEFAULT_EVENT_MINUTES), access: 'BASE' };

function draftOf(event: EventInput): Draft {
  return {
    startsAt: localInputValue(event.startsAt),
    title: event.title,
    speaker: event.speaker,
    description: event.description,
    link: event.link ?? '',
    durationMinutes: String(event.durationMinutes ?? DEFAULT_EVENT_MINUTES),
    access: event.access ?? 'BASE',
  };
}

/**
 * An event's fields, checked before `onSave` (which may refuse with an Italian message). It
 * saves to the server (a new or changed event) or to a list still under review (a copy).
 */
function EventForm({
  event,
  formLabel,
  submitLabel,
  pending,
  onSave,
  onCancel,
}: {
  event?: EventInput;
  formLabel: string;
  submitLabel: string;
  pending: boolean;
  onSave: (input: EventInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(event ? draftOf(event) : EMPTY);
  const [error, setError] = useState<string | null>(null);
  const field = (name: Exclude<keyof Draft, 'access'>) => ({ value: draft[name], onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }) });

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const startsAt = instantOf(draft.startsAt);
    if (startsAt === null) return setError("Indica data e ora dell'evento");
    if (draft.title.trim() === '') return setError("Inserisci il titolo dell'evento");
    const durationMinutes = Number(draft.durationMinutes);
    if (!Number.isInteger(durationMinutes) || durationMinutes < MIN_EVENT_MINUTES || durationMinutes > MAX_EVENT_MINUTES) return setError(eventMessages.invalidDuration);
    setError(null);
    try {
      await onSave({ startsAt, title: draft.title, speaker: draft.speaker, description: draft.description, link: draft.link, durationMinutes, access: draft.access });
    } catch (caught) {
      setError(errorMessage(caught, 'Salvataggio dell’evento non riuscito'));
    }
  }

  return (
    <Stack asChild gap="3">
      <form onSubmit={submit} noValidate aria-label={formLabel}>
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
            <Field.HelperText>Chi può partecipare lo vede nella pagina dell’evento da 30 minuti prima dell’inizio alla fine.</Field.HelperText>
          </Field.Root>
          <Field.Root required>
            <Field.Label>Durata (minuti)</Field.Label>
            <Input type="number" inputMode="numeric" min={MIN_EVENT_MINUTES} max={MAX_EVENT_MINUTES} step={5} {...field('durationMinutes')} />
          </Field.Root>
          <AccessSelect
            label="Chi può partecipare"
            value={draft.access}
            onChange={(access) => setDraft({ ...draft, access })}
            helper="Gli altri vedono l’evento, con il pacchetto che serve, senza il link."
          />
        </SimpleGrid>
        <Field.Root>
          <Field.Label>Descrizione</Field.Label>
          <Textarea rows={3} maxLength={1000} {...field('description')} />
        </Field.Root>
        <Flex gap="2" wrap="wrap">
          <Button type="submit" size="sm" loading={pending} loadingText="Salvataggio...">
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
              Annulla
            </Button>
          ) : null}
        </Flex>
      </form>
    </Stack>
  );
}

/** A new event (no `event`) or a change to one, saved to the server. */
function SavedEventForm({ cohortId, event, onDone }: { cohortId: string; event?: CohortEvent; onDone: () => void }) {
  const save = useSaveEvent(cohortId);
  return (
    <EventForm
      event={event}
      formLabel={event ? `Modifica ${event.title}` : 'Nuovo evento'}
      submitLabel={event ? 'Salva modifiche' : 'Aggiungi evento'}
      pending={save.isPending}
      onCancel={event ? onDone : undefined}
      onSave={async (input) => {
        await save.mutateAsync({ eventId: event?.id, input });
        notify({ type: 'success', title: event ? 'Evento aggiornato' : 'Evento aggiunto', description: input.title.trim() });
        onDone();
      }}
    />
  );
}

/** One event of another cohort's, moved to this calendar: copied unless the coach unticks it. */
interface CopyDraft {
  key: number;
  input: EventInput;
  included: boolean;
}

/** "N giorni", "1 giorno". */
function daysText(days: number): string {
  const count = Math.abs(days);
  return `${count} ${count === 1 ? 'giorno' : 'giorni'}`;
}

function shiftText(days: number): string {
  if (days === 0) return 'Le due coorti iniziano lo stesso giorno: gli eventi restano alle stesse date.';
  return `Spostati di ${daysText(days)} ${days > 0 ? 'in avanti' : 'indietro'}, quanto distano le date di inizio delle due coorti, alla stessa ora.`;
}

/**
 * "Copia da un'altra coorte": pick one of the coach's other cohorts, review its events moved to
 * this cohort's calendar (untick, edit), then save them together, all or none.
 */
function CopyEventsPanel({ cohortId, zone, onDone }: { cohortId: string; zone: string; onDone: () => void }) {
  const others = (useCoachCohorts().data ?? []).filter((cohort) => cohort.id !== cohortId);
  const [sourceId, setSourceId] = useState<string | null>(null);
  const preview = useEventCopyPreview(cohortId, sourceId);
  const saveAll = useSaveEvents(cohortId);
  // The review of the source last picked; a new pick starts again from the server's preview.
  const [review, setReview] = useState<{ sourceId: string; drafts: CopyDraft[] } | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const drafts: CopyDraft[] | null =
    review && review.sourceId === sourceId
      ? review.drafts
      : preview.data && preview.data.sourceCohortId === sourceId
        ? preview.data.events.map((input, key) => ({ key, input, included: true }))
        : null;
  const chosen = (drafts ?? []).filter((draft) => draft.included);
  // A copy that lands in the past or on a holiday is said, not silently saved.
  const today = currentDay(zone);

  function change(key: number, update: Partial<CopyDraft>) {
    if (!drafts || sourceId === null) return;
    setReview({ sourceId, drafts: drafts.map((draft) => (draft.key === key ? { ...draft, ...update } : draft)) });
  }

  async function save() {
    setError(null);
    try {
      const { events } = await saveAll.mutateAsync(chosen.map((draft) => draft.input));
      notify({ type: 'success', title: events.length === 1 ? '1 evento copiato' : `${events.length} eventi copiati` });
      onDone();
    } catch (caught) {
      setError(errorMessage(caught, 'Copia degli eventi non riuscita'));
    }
  }

  return (
    <Stack as="section" aria-label="Copia da un’altra coorte" gap="4" borderWidth="1px" borderColor="border" rounded="lg" p="4">
      <Text fontWeight="700">Copia da un’altra coorte</Text>
      {others.length === 0 ? (
        <Text color="fg.muted">Non hai altre coorti da cui copiare.</Text>
      ) : (
        <Field.Root>
          <Field.Label>Coorte da cui copiare</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={sourceId ?? ''}
              onChange={(e) => {
                setSourceId(e.target.value || null);
                setEditing(null);
                setError(null);
              }}
            >
              <option value="">Scegli una coorte</option>
              {others.map((cohort) => (
                <option key={cohort.id} value={cohort.id}>
                  {cohort.name} (inizio {formatItalianDate(cohort.startDate)})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      {preview.error ? <FormError message={errorMessage(preview.error, 'Impossibile leggere gli eventi di quella coorte')} /> : null}
      {sourceId !== null && preview.isFetching && !drafts ? (
        <Text role="status" color="fg.muted">
          Caricamento...
        </Text>
      ) : null}
      {drafts && preview.data ? (
        drafts.length === 0 ? (
          <Text color="fg.muted">Quella coorte non ha eventi.</Text>
        ) : (
          <>
            <Text fontSize="sm" color="fg.muted">
              {shiftText(preview.data.days)} Togli la spunta a quelli da non copiare, o modificali prima di salvare.
            </Text>
            <Stack as="ul" listStyleType="none" gap="3" aria-label="Eventi da copiare">
              {drafts.map((draft) => (
                <Box as="li" key={draft.key} borderWidth="1px" borderColor="border" rounded="lg" p="3" opacity={draft.included ? 1 : 0.7}>
                  {editing === draft.key ? (
                    <EventForm
                      event={draft.input}
                      formLabel={`Modifica la copia di ${draft.input.title}`}
                      submitLabel="Applica"
                      pending={false}
                      onCancel={() => setEditing(null)}
                      onSave={async (input) => {
                        change(draft.key, { input });
                        setEditing(null);
                      }}
                    />
                  ) : (
                    <Flex gap="3" align="flex-start">
                      <NativeCheckbox
                        type="checkbox"
                        mt="1"
                        aria-label={`Copia ${draft.input.title}`}
                        checked={draft.included}
                        onChange={(e) => change(draft.key, { included: e.target.checked })}
                      />
                      <Stack gap="1" flex="1" minW="0">
                        <Text fontWeight="700">{draft.input.title}</Text>
                        <Text fontSize="sm" color="fg.muted">
                          {formatEventDayTime(draft.input.startsAt, zone)}
                          {draft.input.speaker ? ` · ${draft.input.speaker}` : ''}
                        </Text>
                        {eventDateWarnings(draft.input.startsAt, zone, today).map((warning) => (
                          <Text key={warning} fontSize="sm" color="fg.warning" bg="bg.warning" px="2" py="1" borderRadius="md">
                            ⚠️ {warning}
                          </Text>
                        ))}
                        <Box>
                          <Button size="xs" variant="outline" aria-label={`Modifica la copia di ${draft.input.title}`} onClick={() => setEditing(draft.key)}>
                            Modifica
                          </Button>
                        </Box>
                      </Stack>
                    </Flex>
                  )}
                </Box>
              ))}
            </Stack>
          </>
        )
      ) : null}
      <FormError message={error} />
      <Flex gap="2" wrap="wrap">
        {drafts && drafts.length > 0 ? (
          <Button size="sm" onClick={() => void save()} loading={saveAll.isPending} loadingText="Salvataggio..." disabled={chosen.length === 0 || editing !== null}>
            {chosen.length === 1 ? 'Salva 1 evento' : `Salva ${chosen.length} eventi`}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onDone}>
          Annulla
        </Button>
      </Flex>
    </Stack>
  );
}

/** The cohort's calendar for its coaches: add, edit, delete, copy another cohort's. Participants see it on /eventi, at the same times. */
export function EventsEditor({ cohortId }: { cohortId: string }) {
  const events = useCohortEvents(cohortId);
  const remove = useDeleteEvent(cohortId);
  const zone = useAuth().user?.timeZone ?? HOME_TIME_ZONE;
  const [editing, setEditing] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
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
              <SavedEventForm cohortId={cohortId} event={event} onDone={() => setEditing(null)} />
            ) : (
              <Stack gap="1">
                <Text fontWeight="700">{event.title}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatEventDayTime(event.startsAt, zone)}
                  {isPastEvent(event, now, zone) ? ' · Evento concluso' : ''}
                  {event.speaker ? ` · ${event.speaker}` : ''}
                  {` · ${accessLabels[event.access]}`}
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
                    pending={remove.isPending}
                    onConfirm={() => remove.mutateAsync(event.id)}
                  />
                </Flex>
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
      {copying ? (
        <CopyEventsPanel cohortId={cohortId} zone={zone} onDone={() => setCopying(false)} />
      ) : (
        <Box>
          <Button size="sm" variant="outline" onClick={() => setCopying(true)}>
            Copia da un’altra coorte
          </Button>
        </Box>
      )}
      <Box>
        <Text fontWeight="700" mb="2">
          Nuovo evento
        </Text>
        <SavedEventForm key={added} cohortId={cohortId} onDone={() => setAdded((count) => count + 1)} />
      </Box>
    </Stack>
  );
}
