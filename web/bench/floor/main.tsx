import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Box, ChakraProvider, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { getProvidedSystem } from '../../src/theme';

/*
 * The benchmark's floor for a signed-in page: the least a screen of this app can be on the stack
 * the app is built with (React, React Router, TanStack Query, Chakra UI with the app's own theme
 * and its built global styles), started like app.html: the session is requested by the page,
 * then one screen renders a heading and a card from it. The dashboard is measured against it.
 */

declare global {
  interface Window {
    __floorSession: Promise<Response>;
  }
}

const queryClient = new QueryClient();

function FloorScreen() {
  const session = useQuery({
    queryKey: ['session'],
    queryFn: async () => (await (await window.__floorSession).json()) as { name: string; startedOn: string },
  });
  if (!session.data) return <Text role="status">Caricamento...</Text>;
  return (
    <Container as="main" maxW="3xl" py="6">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Ciao, {session.data.name}
        </Heading>
        <Box as="section" layerStyle="card">
          <Heading as="h2" size="lg">
            La tua challenge
          </Heading>
          <Text color="fg.muted">Iniziata il {session.data.startedOn} · Settimana 8 di 8. Continua così fino all’ultimo giorno.</Text>
        </Box>
      </Stack>
    </Container>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/** As the app does (web/src/main.tsx): the design system is built in a task of its own. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
void nextTask()
  .then(() => getProvidedSystem())
  .then(async (system) => {
    await nextTask();
    startTransition(() => {
      root.replaceChildren();
      createRoot(root).render(
        <ChakraProvider value={system}>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <Routes>
                <Route path="*" element={<FloorScreen />} />
              </Routes>
            </BrowserRouter>
          </QueryClientProvider>
        </ChakraProvider>,
      );
    });
  });
