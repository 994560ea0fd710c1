import { useDeferredValue, type ReactNode } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useDocumentTitle } from '../lib/use-document-title';
import { useOnline } from '../lib/use-online';
import { useTracker, useTrackerSync } from '../tracker/use-tracker';
import { PageSpinner } from './page-spinner';

interface TrackerScreenProps {
  title: string;
  heading: ReactNode;
  intro?: ReactNode;
  /** Content that needs only the session, shown at once even while a new device waits for the tracker. */
  lead?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every tracker screen: the tab title, the page heading, the sync's state, and a spinner
 * instead of an empty tracker while a new device fetches the participant's data.
 */
export function TrackerScreen({ title, heading, intro, lead, children }: TrackerScreenProps) {
  useDocumentTitle(title);
  const { restoring } = useTracker();
  const sync = useTrackerSync();
  const online = useOnline();
  // When a restore ends, the whole screen renders for the first time: deferred, React renders
  // it in short slices (the spinner stays meanwhile) instead of one long, blocking task.
  const showSpinner = useDeferredValue(restoring);
  return (
    <Stack gap={{ base: '5', md: '8' }}>
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {heading}
        </Heading>
        {intro && <Text color="fg.muted">{intro}</Text>}
      </Stack>
      {/* The shell already says when the device is offline; this is for a server out of reach. */}
      {sync.phase === 'offline' && online && (
        <Text role="status" fontSize="sm" bg="bg.warning" color="fg.warning" p="2" borderRadius="md">
          Connessione assente: continui a lavorare qui, i progressi verranno inviati appena possibile.
        </Text>
      )}
      {sync.phase === 'rejected' && (
        <Text role="status" fontSize="sm" bg="bg.error" color="fg.error" p="2" borderRadius="md">
          Il server non ha accettato i dati: {sync.rejectedMessage} I dati restano salvati su questo dispositivo.
        </Text>
      )}
      {lead}
      {showSpinner ? <PageSpinner /> : children}
    </Stack>
  );
}
