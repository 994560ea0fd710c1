import { Stack, Text } from '@chakra-ui/react';
import type { CheckIn } from '@sfida/core/tracker';
import { CheckInCard } from '../../../components/check-in-card';
import { cutWithEllipsis } from './cut-text';

/** Reflections in the history show at most this many characters, so that every week fits at a glance. */
export const HISTORY_REFLECTION_LENGTH = 100;

/** Past check-ins, newest week first, each bordered in its mood's colour. */
export function CheckInHistory({ checkIns }: { checkIns: CheckIn[] }) {
  if (checkIns.length === 0) {
    return <Text color="fg.muted">Nessun check-in ancora: il primo ti aspetta questa settimana.</Text>;
  }
  const newestFirst = [...checkIns].sort((a, b) => b.weekNumber - a.weekNumber);
  return (
    <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label="Check-in precedenti">
      {newestFirst.map((checkIn) => (
        <CheckInCard key={checkIn.id} checkIn={checkIn}>
          <Text mt="1" color="fg.muted" overflowWrap="anywhere">
            {cutWithEllipsis(checkIn.reflection, HISTORY_REFLECTION_LENGTH)}
          </Text>
          {checkIn.audioNote && (
            <Text mt="1" fontSize="sm" color="fg.muted">
              🎙️ Nota audio
            </Text>
          )}
        </CheckInCard>
      ))}
    </Stack>
  );
}
