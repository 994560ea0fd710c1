import type { ReactNode } from 'react';
import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { PlainLayout } from '../../components/plain-layout';

/** A public legal page: readable line length, numbered sections, a way back. `updated`: the month its text last changed. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  const { status } = useAuth();
  const home = status === 'authenticated' ? '/dashboard' : '/';
  return (
    <PlainLayout
      logoTo={home}
      headerAction={
        <Link asChild fontWeight="600" color="brand.fg">
          <RouterLink to={home}>{status === 'authenticated' ? 'Torna alla dashboard' : 'Torna alla home'}</RouterLink>
        </Link>
      }
    >
      <Stack as="article" maxW="3xl" mx="auto" layerStyle="card" p={{ base: '5', md: '10' }} gap="5" lineHeight="tall">
        <Stack gap="1">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Ultimo aggiornamento: {updated}
          </Text>
        </Stack>
        {children}
      </Stack>
    </PlainLayout>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="2">
      <Heading as="h2" fontSize="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <Stack as="ul" gap="1" ps="5" listStyleType="disc">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </Stack>
  );
}
