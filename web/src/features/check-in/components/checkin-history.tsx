import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { formatItalianDate } from '@sfida/core/dates';
import type { CheckIn } from '@sfida/core/tracker';
import { cutWithEllipsis } from './cut-text';
import { moodColor, moodOf } from '../../../lib/moods';

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
      {newestFirst.map((checkIn) => {
        const mood = moodOf(checkIn.mood);
        return (
          <Box as="li" key={checkIn.id} borderWidth="1px" borderLeftWidth="6px" borderColor="border" borderLeftColor={moodColor(checkIn.mood)} borderRadius="lg" p="3">
            <Flex justify="space-between" gap="2" wrap="wrap" fontSize="sm">
              <Text fontWeight="bold">Settimana {checkIn.weekNumber}</Text>
              <Text color="fg.muted">{formatItalianDate(checkIn.date)}</Text>
            </Flex>
            <Text mt="1" fontWeight="medium">
              <span aria-hidden="true">{mood.emoji} </span>
              Umore: {mood.label} ({checkIn.mood}/5)
            </Text>
            <Text mt="1" color="fg.muted" overflowWrap="anywhere">
              {cutWithEllipsis(checkIn.reflection, HISTORY_REFLECTION_LENGTH)}
            </Text>
            {checkIn.audioNote && (
              <Text mt="1" fontSize="sm" color="fg.muted">
                🎙️ Nota audio
              </Text>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
