import type { ReactNode } from 'react';
import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PlainLayout } from '../../components/plain-layout';

/** Frame of the sign-in and sign-up screens: one centred card. */
export function AuthLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <PlainLayout
      headerAction={
        <Link asChild fontWeight="600" color="brand.fg">
          <RouterLink to="/">Torna alla home</RouterLink>
        </Link>
      }
    >
      <Stack maxW="md" mx="auto" gap="6" layerStyle="card" p={{ base: '5', sm: '8' }} shadow="sm">
        <Stack gap="2">
          <Heading as="h1" fontSize="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
        </Stack>
        {children}
      </Stack>
    </PlainLayout>
  );
}

/** The way to the other auth form and back home, under each form. */
export function AuthAlternatives({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <Stack gap="2" borderTopWidth="1px" borderColor="border" pt="5">
      <Text>
        {question}{' '}
        <Link asChild color="brand.fg" fontWeight="600" textDecoration="underline">
          <RouterLink to={to}>{label}</RouterLink>
        </Link>
      </Text>
      <Link asChild color="fg.muted" textDecoration="underline" alignSelf="flex-start">
        <RouterLink to="/">Torna alla home</RouterLink>
      </Link>
    </Stack>
  );
}
