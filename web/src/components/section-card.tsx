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

const ACTION_LINK = { '& > a': { minH: { base: '11', md: 'auto' }, display: 'inline-flex', alignItems: 'center' } } as const;

/** A titled card section; the heading labels the region for screen readers. */
export function SectionCard({ title, action, children, ...rest }: SectionCardProps) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} layerStyle="card" p={{ base: '4', md: '6' }} {...rest}>
      {/* A link beside the title is a finger's target on a phone (44 px tall). */}
      <Flex justify="space-between" align="center" gap="3" mb="4" wrap="wrap" css={ACTION_LINK}>
        <Heading as="h2" id={headingId} size="lg">
          {title}
        </Heading>
        {action}
      </Flex>
      {children}
    </Box>
  );
}
