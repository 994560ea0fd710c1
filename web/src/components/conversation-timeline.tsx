import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { ofCheckInPeriod } from '@sfida/core/maintenance';
import type { Side, TimelineItem } from '@sfida/core/conversations';
import { formatDayTime } from '../lib/day-time';
import { moodColor, moodOf } from '../lib/moods';
import { VoiceNotePlayer } from './voice-note-player';

/** "della settimana 3", and "(stagione 2)" after it for a later season's check-in. */
function periodOf(item: TimelineItem): string {
  return `${ofCheckInPeriod(item.weekNumber ?? 0)}${item.season ? ` (stagione ${item.season})` : ''}`;
}

/** What kind of item it is, said above its text; null for a plain message. */
function kindLabel(item: TimelineItem): string | null {
  switch (item.kind) {
    case 'checkIn':
      return `Check-in ${periodOf(item)}`;
    case 'checkInReply':
      return `Risposta al check-in ${periodOf(item)}`;
    case 'checkInAnswer':
      return `Risposta al coach sul check-in ${periodOf(item)}`;
    case 'cohortMessage':
      return 'Messaggio al gruppo';
    default:
      return null;
  }
}

interface MessageBubbleProps {
  item: TimelineItem;
  /** Whose screen it is: their own items sit on the right, with the read receipt. */
  viewer: Side;
  timeZone?: string;
  /** Marked "Non letto" (an item of the other side, new on this visit). */
  unread: boolean;
  onReply?: (item: TimelineItem) => void;
}

/** One item of a conversation: who and when, what kind, what it answers, the text and its voice note, and whether the other side read it. */
export function MessageBubble({ item, viewer, timeZone, unread, onReply }: MessageBubbleProps) {
  const own = item.from === viewer;
  const label = kindLabel(item);
  const time = formatDayTime(item.at, timeZone);
  return (
    <Box
      as="li"
      alignSelf={own ? 'flex-end' : 'flex-start'}
      maxW={{ base: '92%', md: '80%' }}
      minW="0"
      borderWidth="1px"
      borderLeftWidth={item.kind === 'checkIn' ? '6px' : '1px'}
      borderColor={unread ? 'accent.500' : 'border'}
      borderLeftColor={item.kind === 'checkIn' && item.mood !== null ? moodColor(item.mood) : undefined}
      bg={own ? 'brand.subtle' : unread ? 'accent.subtle' : 'bg.panel'}
      rounded="lg"
      p="3"
    >
      <Flex justify="space-between" align="center" gap="2" wrap="wrap" fontSize="sm">
        <Text fontWeight="bold">{item.authorName}</Text>
        <Flex gap="2" align="center">
          {unread && (
            <Badge colorPalette="accent" variant="solid">
              Non letto
            </Badge>
          )}
          <Text asChild color="fg.muted">
            <time dateTime={item.at}>{time}</time>
          </Text>
        </Flex>
      </Flex>
      {label && (
        <Text fontSize="sm" color="fg.muted" mt="1">
          {label}
        </Text>
      )}
      {item.kind === 'checkIn' && item.mood !== null && (
        <Text mt="1" fontWeight="medium">
          <span aria-hidden="true">{moodOf(item.mood).emoji} </span>
          Umore: {moodOf(item.mood).label} ({item.mood}/5)
        </Text>
      )}
      {item.replyTo && (
        <Box mt="2" ps="3" borderLeftWidth="3px" borderColor="border.emphasized" color="fg.muted" fontSize="sm">
          <Text>In risposta a {item.replyTo.authorName}:</Text>
          <Text fontStyle="italic" overflowWrap="anywhere">
            «{item.replyTo.excerpt}»
          </Text>
        </Box>
      )}
      {item.text !== '' && (
        <Text mt="1" whiteSpace="pre-wrap" overflowWrap="anywhere">
          {item.text}
        </Text>
      )}
      {item.voiceNote && (
        <Box mt="2">
          <VoiceNotePlayer voiceNote={item.voiceNote} label={`Nota vocale di ${item.authorName}`} />
        </Box>
      )}
      {(own && item.seen) || (!own && onReply) ? (
        <Flex justify="flex-end" mt="1">
          {own ? (
            <Text fontSize="xs" color="fg.muted">
              Letto
            </Text>
          ) : (
            <Button size="xs" variant="ghost" onClick={() => onReply?.(item)} aria-label={`Rispondi a ${item.authorName}, ${time}`}>
              Rispondi
            </Button>
          )}
        </Flex>
      ) : null}
    </Box>
  );
}

interface ConversationTimelineProps {
  /** As the API answers them, newest first; shown oldest first, as a chat reads. */
  items: TimelineItem[];
  viewer: Side;
  timeZone?: string;
  /** Names the list for screen readers. */
  label: string;
  isUnread?: (item: TimelineItem) => boolean;
  onReply?: (item: TimelineItem) => void;
}

/** A conversation's timeline, the participant's and the coach's alike. */
export function ConversationTimeline({ items, viewer, timeZone, label, isUnread = () => false, onReply }: ConversationTimelineProps) {
  return (
    <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label={label}>
      {[...items].reverse().map((item) => (
        <MessageBubble key={item.id} item={item} viewer={viewer} timeZone={timeZone} unread={item.from !== viewer && isUnread(item)} onReply={onReply} />
      ))}
    </Stack>
  );
}
