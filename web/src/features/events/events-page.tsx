import { Alert, Badge, Box, Flex, Heading, Link, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { isPastEvent, orderEvents } from '@sfida/core/events';
import { packagesNeeded } from '@sfida/core/packages';
import { formatterFor } from '@sfida/core/zone-formatters';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { formatEventDayTime } from '../../lib/day-time';
import { eventCalendarFileUrl, eventPagePath, useCohortEvents } from '../../lib/events';
import type { User } from '@sfida/core/user';
import { useDocumentTitle } from '../../lib/use-document-title';

const DAY_NUMBER: Intl.DateTimeFormatOptions = { day: 'numeric' };
const MONTH_YEAR: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric' };

export default function EventsPage() {
  useDocumentTitle('Eventi');
  const { user } = useAuth();
  // The page renders under the signed-in guard.
  return user ? <EventsCalendar user={user} /> : null;
}

function EventsCalendar({ user }: { user: User }) {
  const query = useCohortEvents(user.cohortId);
  const now = new Date();
  // Days and times as the participant lives them: in their zone.
  const zone = user.timeZone;
  const dayNumber = formatterFor(zone, DAY_NUMBER, 'it-IT');
  const monthYear = formatterFor(zone, MONTH_YEAR, 'it-IT');
  const events = orderEvents(query.data ?? [], now, zone);

  return (
    <>
      <PageHeader title="Eventi">
        Gli incontri dal vivo con i coach e gli esperti del tuo gruppo. Per averli tutti nel tuo calendario, anche quelli che verranno
        aggiunti, collegalo dal{' '}
        <Link asChild color="brand.fg" textDecoration="underline">
          <RouterLink to="/profilo">Profilo</RouterLink>
        </Link>
        .
      </PageHeader>

      {query.isPending ? (
        // A spinner is a span: the status around it carries the words a screen reader says.
        <Flex justify="center" py="8" role="status">
          <Spinner aria-hidden />
          <VisuallyHidden>Caricamento degli eventi</VisuallyHidden>
        </Flex>
      ) : query.isError ? (
        <Alert.Root status="error" rounded="xl">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(query.error, 'Impossibile caricare gli eventi. Riprova più tardi.')}</Alert.Description>
        </Alert.Root>
      ) : events.length === 0 ? (
        <Text color="fg.muted">Nessun evento in programma per il tuo gruppo, per ora.</Text>
      ) : null}

      <Stack as="ol" listStyleType="none" gap="4" aria-label="Calendario degli eventi" hidden={events.length === 0}>
        {events.map((event) => {
          const start = new Date(event.startsAt);
          const past = isPastEvent(event, now, zone);
          return (
            <Flex
              as="li"
              key={event.id}
              layerStyle="card"
              gap={{ base: '4', md: '6' }}
              direction={{ base: 'column', sm: 'row' }}
              opacity={past ? 0.8 : 1}
              bg={past ? 'bg.subtle' : 'bg'}
            >
              <Box
                flexShrink={0}
                minW="24"
                textAlign={{ sm: 'center' }}
                color={past ? 'fg.muted' : 'brand.fg'}
                fontWeight="800"
              >
                <time dateTime={event.startsAt}>
                  <Text as="span" display="block" fontSize="3xl" lineHeight="1">
                    {dayNumber.format(start)}
                  </Text>
                  <Text as="span" display="block" textTransform="uppercase" fontSize="sm" letterSpacing="wider">
                    {monthYear.format(start)}
                  </Text>
                </time>
              </Box>
              <Stack gap="2" flex="1">
                <Flex gap="2" align="center" wrap="wrap">
                  <Heading as="h2" fontSize="lg">
                    <Link asChild color="inherit" minH="11" alignItems="center">
                      <RouterLink to={eventPagePath(event.id)}>{event.title}</RouterLink>
                    </Link>
                  </Heading>
                  {past ? (
                    <Badge colorPalette="gray" variant="surface">
                      Evento concluso
                    </Badge>
                  ) : (
                    <Badge colorPalette="green" variant="surface">
                      In programma
                    </Badge>
                  )}
                </Flex>
                <Text color="fg.muted" fontSize="sm">
                  {formatEventDayTime(event.startsAt, zone)}
                </Text>
                {event.speaker ? <Text fontWeight="600">Con {event.speaker}</Text> : null}
                {event.description ? <Text color="fg.muted">{event.description}</Text> : null}
                {!event.mayJoin ? (
                  <Text fontSize="sm" fontWeight="600">
                    Riservato: per partecipare serve {packagesNeeded(event.access) ?? 'un altro pacchetto'}.
                  </Text>
                ) : null}
                {!past ? (
                  <Flex gap="4" wrap="wrap">
                    <Link asChild color="brand.fg" fontWeight="600" minH="11">
                      <RouterLink to={eventPagePath(event.id)}>
                        {event.mayJoin ? 'Apri l’evento e collegati' : 'Apri l’evento'}
                        <VisuallyHidden>: {event.title}</VisuallyHidden>
                      </RouterLink>
                    </Link>
                    <Link href={eventCalendarFileUrl(user.cohortId, event.id)} download color="brand.fg" fontWeight="600" minH="11">
                      Aggiungi al calendario
                      <VisuallyHidden>: {event.title}</VisuallyHidden>
                    </Link>
                  </Flex>
                ) : null}
              </Stack>
            </Flex>
          );
        })}
      </Stack>
    </>
  );
}
