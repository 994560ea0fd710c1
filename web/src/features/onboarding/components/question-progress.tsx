import { Box, Stack, Text } from '@chakra-ui/react';

/** "Domanda 2 di 3" and a bar that fills as the questions go by. */
export function QuestionProgress({ step, total }: { step: number; total: number }) {
  return (
    <Stack gap="2">
      <Text fontWeight="600" color="brand.fg" aria-live="polite">
        Domanda {step + 1} di {total}
      </Text>
      <Box aria-hidden="true" h="2" bg="bg.muted" rounded="full" overflow="hidden">
        <Box h="full" bg="brand.solid" rounded="full" width={`${((step + 1) / total) * 100}%`} transition="width 0.2s" />
      </Box>
    </Stack>
  );
}
