import type { ReactNode } from 'react';
import { Box, Container, Flex } from '@chakra-ui/react';
import { BrandLogo } from './brand-logo';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';

/** Frame of the screens outside the signed-in shell: logo header, the page, the footer. */
export function PlainLayout({ headerAction, logoTo = '/', children }: { headerAction?: ReactNode; logoTo?: string; children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.canvas">
      <SkipLink />
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border">
        <Container maxW="6xl" py="3">
          <Flex align="center" justify="space-between" gap="3">
            <BrandLogo to={logoTo} />
            {headerAction}
          </Flex>
        </Container>
      </Box>
      <Box as="main" id="contenuto" tabIndex={-1} flex="1" py={{ base: '8', md: '14' }} px="4" _focusVisible={{ outline: 'none' }}>
        {children}
      </Box>
      <SiteFooter />
    </Flex>
  );
}
