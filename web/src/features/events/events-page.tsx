import { Alert, Badge, Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { events, isPastEvent } from './events';

const dayFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit' });

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export default function EventsPage() {
  useDocumentTitle('Eventi');
  const now = new Date();

  return (
    <>
      <PageHeader title="Eventi">Gli incontri dal vivo con i coach e gli esperti, da settembre a novembre 2025.</PageHeader>

      <Alert.Root status="info" rounded="xl" mb="8">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title fontWeight="700">Accesso riservato</Alert.Title>
          <Alert.Description>
            La partecipazione agli eventi è riservata a chi ha acquistato il pacchetto Guida o Premium. Il link per collegarti
            arriva via email il giorno dell’incontro.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>

      <Stack as="ol" listStyleType="none" gap="4" aria-label="Calendario degli eventi">
        {events.map((event) => {
          const start = new Date(event.startsAt);
          const past = isPastEvent(event, now);
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
                    {start.getDate()}
                  </Text>
                  <Text as="span" display="block" textTransform="uppercase" fontSize="sm" letterSpacing="wider">
                    {start.toLocaleDateString('it-IT', { month: 'short' })} {start.getFullYear()}
                  </Text>
                </time>
              </Box>
              <Stack gap="2" flex="1">
                <Flex gap="2" align="center" wrap="wrap">
                  <Heading as="h2" fontSize="lg">
                    {event.title}
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
                  {capitalize(dayFormat.format(start))}, ore {timeFormat.format(start)}
                </Text>
                <Text fontWeight="600">Con {event.speaker}</Text>
                <Text color="fg.muted">{event.description}</Text>
              </Stack>
            </Flex>
          );
        })}
      </Stack>
    </>
  );
}
