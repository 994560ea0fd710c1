import { Text } from '@chakra-ui/react';

/** Above the final ranking: why it no longer moves. */
export function FinalRankingNote() {
  return (
    <Text fontSize="sm" mb="2" role="note">
      La sfida è conclusa: questa è la classifica finale.
    </Text>
  );
}
