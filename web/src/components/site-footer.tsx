import { Container, Flex, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { HOME_TIME_ZONE, todayIn } from '@sfida/core/dates';

/** Footer shared by every layout: the legal links are reachable from every page. */
export function SiteFooter() {
  // The year the reader is in (Rome's calendar, where the programme runs); prerendered pages carry their build's year until hydrated.
  const year = todayIn(HOME_TIME_ZONE, new Date()).slice(0, 4);
  return (
    <Flex as="footer" borderTopWidth="1px" borderColor="border" bg="bg" py="6" mt="auto">
      <Container maxW="6xl">
        <Flex direction={{ base: 'column', sm: 'row' }} gap="3" justify="space-between" align={{ sm: 'center' }}>
          <Text color="fg.muted" fontSize="sm">
            © {year} Sfida 8 settimane. Tutti i diritti riservati.
          </Text>
          <Flex as="nav" aria-label="Informazioni legali" gap="5" fontSize="sm">
            <Link asChild color="fg.muted" textDecoration="underline" minH="11" display="inline-flex" alignItems="center">
              <RouterLink to="/terms">Termini e condizioni</RouterLink>
            </Link>
            <Link asChild color="fg.muted" textDecoration="underline" minH="11" display="inline-flex" alignItems="center">
              <RouterLink to="/privacy">Privacy</RouterLink>
            </Link>
          </Flex>
        </Flex>
      </Container>
    </Flex>
  );
}
