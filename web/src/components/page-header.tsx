import type { ReactNode } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';

/** The title block every signed-in page opens with. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="2" mb={{ base: '6', md: '8' }}>
      <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }}>
        {title}
      </Heading>
      {children && <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>{children}</Text>}
    </Stack>
  );
}
