import { Box, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** The app's wordmark; links home (the landing, or the dashboard once signed in). */
export function BrandLogo({ to = '/' }: { to?: string }) {
  return (
    // From the desktop header's width on, the wordmark neither wraps nor shrinks: the navigation
    // beside it gives way. On a phone it may wrap, so the header never overflows.
    <Box asChild flexShrink={{ base: '1', xl: '0' }} display="flex" alignItems="center" minH={{ base: '11', xl: 'auto' }}>
      <RouterLink to={to}>
        <HStack gap="2">
          <Box
            aria-hidden="true"
            display="grid"
            placeItems="center"
            boxSize="9"
            rounded="lg"
            bg="brand.solid"
            color="brand.contrast"
            fontWeight="800"
            fontSize="lg"
          >
            8
          </Box>
          <Text as="span" fontWeight="800" fontSize="lg" color="fg" letterSpacing="-0.01em" whiteSpace={{ base: 'normal', xl: 'nowrap' }}>
            Sfida{' '}
            <Text as="span" color="brand.fg">
              8 settimane
            </Text>
          </Text>
        </HStack>
      </RouterLink>
    </Box>
  );
}
