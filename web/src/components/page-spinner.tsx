import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** Full-area loading state: shown while the session or a page's code is loading. */
export function PageSpinner() {
  return (
    <Center minH="60vh" p="8">
      <Stack role="status" aria-live="polite" align="center" gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted">Caricamento...</Text>
      </Stack>
    </Center>
  );
}
