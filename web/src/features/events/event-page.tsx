import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Flex, Heading, Link, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isJoinOpen, isPastEvent, joinWindow, type CohortEvent } from '@sfida/core/events';
import { accessLabels, packagesNeeded } from '@sfida/core/packages';
import type { User } from '@sfida/core/user';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useCohortInfo } from '../../lib/cohort-info';
import { formatEventDayTime } from '../../lib/day-time';
import { eventCalendarFileUrl, useCohortEvent } from '../../lib/events';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `/eventi/:eventId`: one event, where the calendars link; "Collegati" opens its join link inside its window. */
export default function EventPage() {
  useDocumentTitle('Evento');
  const { user } = useAuth();
  const { eventId = '' } = useParams();
  // The page renders under the signed-in guard.
  return user ? <EventDetails user={user} eventId={eventId} /> : null;
}

/** Re-renders once `instant` is reached, so the button goes when the window closes. */
function useRenderAt(instant: Date | null) {
  const [, setTick] = useState(0);
  const at = instant?.getTime() ?? null;
  useEffect(() => {
    if (at === null) return;
    const wait = at - Date.now();
    // Past instants need nothing; far ones are met by a later render (timers cap at ~24 days).
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), wait);
    return () => clearTimeout(timer);
  }, [at]);
}

function EventDetails({ user, eventId }: { user: User; eventId: string }) {
  const query = useCohortEvent(user.cohortId, eventId);
  const event = query.data;
  useRenderAt(event ? joinWindow(event).closesAt : null);
  return (
    <Stack gap="6">
      <Link asChild color="brand.fg" fontWeight="600" alignSelf="flex-start">
        <RouterLink to="/eventi">← Tutti gli eventi</RouterLink>
      </Link>
      {query.isPending ? (
        <Flex justify="center" py="8" role="status">
          <Spinner aria-hidden />
          <VisuallyHidden>Caricamento dell’evento</VisuallyHidden>
        </Flex>
      ) : query.isError ? (
        <Alert.Root status="error" rounded="xl">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(query.error, 'Impossibile caricare l’evento. Riprova più tardi.')}</Alert.Description>
        </Alert.Root>
      ) : (
        <EventCard user={user} event={query.data} />
      )}
    </Stack>
  );
}

function EventCard({ user, event }: { user: User; event: CohortEvent }) {
  const cohort = useCohortInfo(user.cohortId);
  const zone = user.timeZone;
  const now = new Date();
  const past = isPastEvent(event, now, zone);
  const open = isJoinOpen(event, now);
  const needed = packagesNeeded(event.access);
  return (
    <Stack as="article" layerStyle="card" gap="3" aria-labelledby="titolo-evento">
      <Flex gap="2" align="center" wrap="wrap">
        <Heading as="h1" id="titolo-evento" fontSize="2xl">
          {event.title}
        </Heading>
        {event.access !== 'BASE' ? (
          <Badge colorPalette="purple" variant="surface">
            {accessLabels[event.access]}
          </Badge>
        ) : null}
      </Flex>
      <Text color="fg.muted">
        <time dateTime={event.startsAt}>{formatEventDayTime(event.startsAt, zone)}</time>
        {` · ${event.durationMinutes} minuti`}
      </Text>
      {event.speaker ? <Text fontWeight="600">Con {event.speaker}</Text> : null}
      {event.description ? <Text whiteSpace="pre-line">{event.description}</Text> : null}
      {!event.mayJoin ? (
        <Alert.Root status="info" rounded="xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title fontWeight="700">Per partecipare serve {needed ?? 'un altro pacchetto'}</Alert.Title>
            {cohort.data?.reservedEventsText ? <Alert.Description whiteSpace="pre-line">{cohort.data.reservedEventsText}</Alert.Description> : null}
          </Alert.Content>
        </Alert.Root>
      ) : past || now.getTime() >= joinWindow(event).closesAt.getTime() ? (
        <Text color="fg.muted">Evento concluso.</Text>
      ) : open && event.link ? (
        <Button asChild alignSelf="flex-start" size="lg">
          <a href={event.link} target="_blank" rel="noopener noreferrer">
            Collegati
            <VisuallyHidden> (si apre in una nuova scheda)</VisuallyHidden>
          </a>
        </Button>
      ) : open ? (
        <Text color="fg.muted">Questo evento non ha un link per collegarsi: chiedi al tuo coach.</Text>
      ) : (
        <Text color="fg.muted">
          Il link per collegarti compare qui 30 minuti prima dell’inizio: {formatEventDayTime(event.joinOpensAt, zone).replace(/^./, (c) => c.toLowerCase())}.
        </Text>
      )}
      {!past ? (
        <Link href={eventCalendarFileUrl(user.cohortId, event.id)} download color="brand.fg" fontWeight="600" alignSelf="flex-start">
          Aggiungi al calendario
        </Link>
      ) : null}
    </Stack>
  );
}
