import type { ReactNode } from 'react';
import { Box, Flex, Text } from '@chakra-ui/react';
import { formatItalianDate } from '@sfida/core/dates';
import { checkInPeriodLabel } from '@sfida/core/maintenance';
import type { CheckIn } from '@sfida/core/tracker';
import { moodColor, moodOf } from '../lib/moods';

/**
 * One check-in as a list item bordered in its mood's colour: the week (or maintenance month), the day, the mood;
 * `children` show the reflection as the screen needs it (cut in the participant's history, whole
 * for the coach). With `id`, a link can lead to it (it takes the focus, so it is scrolled to and read).
 */
export function CheckInCard({ checkIn, id, children }: { checkIn: CheckIn; id?: string; children: ReactNode }) {
  const mood = moodOf(checkIn.mood);
  return (
    <Box
      as="li"
      id={id}
      tabIndex={id === undefined ? undefined : -1}
      // Below the sticky header when scrolled to.
      scrollMarginTop="24"
      borderWidth="1px"
      borderLeftWidth="6px"
      borderColor="border"
      borderLeftColor={moodColor(checkIn.mood)}
      borderRadius="lg"
      p="3"
    >
      <Flex justify="space-between" gap="2" wrap="wrap" fontSize="sm">
        <Text fontWeight="bold">{checkInPeriodLabel(checkIn.weekNumber)}</Text>
        <Text color="fg.muted">{formatItalianDate(checkIn.date)}</Text>
      </Flex>
      <Text mt="1" fontWeight="medium">
        <span aria-hidden="true">{mood.emoji} </span>
        Umore: {mood.label} ({checkIn.mood}/5)
      </Text>
      {children}
    </Box>
  );
}
