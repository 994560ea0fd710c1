import type { ReactNode } from 'react';
import { Box, Container, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';
import { SiteFooter } from '../../components/site-footer';
import { SkipLink } from '../../components/skip-link';

/** Frame of the sign-in and sign-up screens: logo, one centred card, the footer. */
export function AuthLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.canvas">
      <SkipLink />
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border">
        <Container maxW="6xl" py="3">
          <Flex align="center" justify="space-between" gap="3">
            <BrandLogo />
            <Link asChild fontWeight="600" color="brand.fg">
              <RouterLink to="/">Torna alla home</RouterLink>
            </Link>
          </Flex>
        </Container>
      </Box>
      <Box as="main" id="contenuto" tabIndex={-1} flex="1" py={{ base: '8', md: '14' }} px="4" _focusVisible={{ outline: 'none' }}>
        <Stack maxW="md" mx="auto" gap="6" layerStyle="card" p={{ base: '5', sm: '8' }} shadow="sm">
          <Stack gap="2">
            <Heading as="h1" fontSize="2xl">
              {title}
            </Heading>
            <Text color="fg.muted">{intro}</Text>
          </Stack>
          {children}
        </Stack>
      </Box>
      <SiteFooter />
    </Flex>
  );
}
