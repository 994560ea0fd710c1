import { Box, chakra, Heading } from '@chakra-ui/react';

/** A short list of advice for a screen. */
export function TipsList({ title = 'Consigli', tips }: { title?: string; tips: string[] }) {
  return (
    <Box as="aside" layerStyle="card" bg="accent.subtle" borderColor="accent.border" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md" mb="3">
        💡 {title}
      </Heading>
      <chakra.ul ps="5" listStyleType="disc" display="grid" gap="1.5">
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </chakra.ul>
    </Box>
  );
}
