import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { InboxMessage } from '@sfida/core/cohort-messages';
import { formatDayTime } from '../lib/day-time';

interface CoachMessageListProps {
  /** In the order to show them (newest first). */
  messages: InboxMessage[];
  /** The participant's zone, for the times. */
  timeZone: string;
  /** Names the list for screen readers. */
  label: string;
  /** Whether a message shows as new; by default the server's `read`. */
  isNew?: (message: InboxMessage) => boolean;
}

/** The coach's messages as the participant reads them: who, when, the text; a new one marked "Non letto". */
export function CoachMessageList({ messages, timeZone, label, isNew = (message) => !message.read }: CoachMessageListProps) {
  return (
    <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label={label}>
      {messages.map((message) => {
        const unread = isNew(message);
        return (
          <Box
            as="li"
            key={message.id}
            borderWidth="1px"
            borderLeftWidth="4px"
            borderColor="border"
            borderLeftColor={unread ? 'accent.500' : 'border'}
            bg={unread ? 'accent.subtle' : undefined}
            borderRadius="lg"
            p="3"
          >
            <Flex justify="space-between" align="center" gap="2" wrap="wrap" fontSize="sm">
              <Text fontWeight="bold">{message.coachName}</Text>
              <Flex gap="2" align="center">
                {unread && (
                  <Badge colorPalette="accent" variant="solid">
                    Non letto
                  </Badge>
                )}
                <Text asChild color="fg.muted">
                  <time dateTime={message.sentAt}>{formatDayTime(message.sentAt, timeZone)}</time>
                </Text>
              </Flex>
            </Flex>
            <Text mt="1" whiteSpace="pre-wrap" overflowWrap="anywhere">
              {message.text}
            </Text>
          </Box>
        );
      })}
    </Stack>
  );
}
