import { useEffect, useRef } from 'react';
import { Button, Container, Flex, Text } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { useServiceWorker, useUpdateReady } from '../lib/service-worker';
import { useOnline } from '../lib/use-online';

/**
 * Under the header of every signed-in page: that the device is offline (the app keeps working
 * from its cache and the tracker saves on the device), and that a new version of the app is ready.
 * A waiting version applies with the button or at the next navigation.
 */
export function AppBanners() {
  useServiceWorker();
  const online = useOnline();
  const applyUpdate = useUpdateReady();
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);

  useEffect(() => {
    if (!applyUpdate) {
      shownAt.current = pathname;
      return;
    }
    // A navigation is a page change anyway: the new version loads there.
    if (pathname !== shownAt.current) applyUpdate();
  }, [applyUpdate, pathname]);

  if (online && !applyUpdate) return null;
  return (
    <>
      {!online && (
        <Text role="status" bg="bg.warning" color="fg.warning" fontSize="sm" fontWeight="medium" textAlign="center" px="4" py="2">
          Sei offline: puoi continuare a usare l’app, i tuoi progressi verranno salvati quando torna la connessione.
        </Text>
      )}
      {applyUpdate && (
        <Container maxW="7xl" py="2">
          <Flex role="status" align="center" justify="space-between" gap="3" wrap="wrap" bg="brand.subtle" borderWidth="1px" borderColor="brand.border" borderRadius="md" px="3" py="2">
            <Text fontSize="sm">È pronta una nuova versione dell’app.</Text>
            <Button size="sm" onClick={applyUpdate}>
              Aggiorna
            </Button>
          </Flex>
        </Container>
      )}
    </>
  );
}
