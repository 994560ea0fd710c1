import { useId, type ReactNode } from 'react';
import { Box, Flex, Heading } from '@chakra-ui/react';

interface SectionCardProps {
  title: ReactNode;
  /** Beside the title: a link, a badge. */
  action?: ReactNode;
  children: ReactNode;
  bg?: string;
  borderColor?: string;
  borderWidth?: string;
}

/** A titled card section; the heading labels the region for screen readers. */
export function SectionCard({ title, action, children, ...rest }: SectionCardProps) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} layerStyle="card" p={{ base: '4', md: '6' }} {...rest}>
      <Flex justify="space-between" align="center" gap="3" mb="4" wrap="wrap">
        <Heading as="h2" id={headingId} size="lg">
          {title}
        </Heading>
        {action}
      </Flex>
      {children}
    </Box>
  );
}
