import { useSyncExternalStore } from 'react';
import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { clearNotices, currentNotice, subscribeToNotices, type Notice, type NoticeType } from '../lib/notices';

/*
 * Where lib/notices.ts's notices appear. Chakra's toaster would do the same, but its state machine
 * and portal would weigh on every screen that shows a notice; this is the small equivalent.
 */

const tones: Record<NoticeType, { bg: string; border: string; icon: string }> = {
  success: { bg: 'green.50', border: 'green.600', icon: '✓' },
  error: { bg: 'red.50', border: 'red.600', icon: '!' },
  warning: { bg: 'orange.50', border: 'orange.500', icon: '!' },
  info: { bg: 'brand.50', border: 'brand.500', icon: 'i' },
};

function NoticeCard({ notice }: { notice: Notice }) {
  const tone = tones[notice.type];
  return (
    <Flex
      pointerEvents="auto"
      w="full"
      maxW="sm"
      gap="3"
      align="flex-start"
      bg={tone.bg}
      borderWidth="1px"
      borderLeftWidth="6px"
      borderColor={tone.border}
      borderRadius="lg"
      boxShadow="lg"
      p="3"
      animation="fade-in 0.15s ease-out"
    >
      <Box aria-hidden="true" flexShrink="0" w="6" h="6" borderRadius="full" bg={tone.border} color="white" fontWeight="bold" textAlign="center" lineHeight="1.5rem">
        {tone.icon}
      </Box>
      <Box flex="1" minW="0">
        <Text fontWeight="bold">{notice.title}</Text>
        {notice.description && <Text fontSize="sm">{notice.description}</Text>}
      </Box>
      <Button size="xs" variant="ghost" aria-label="Chiudi notifica" onClick={clearNotices}>
        ✕
      </Button>
    </Flex>
  );
}

/**
 * The notices of a screen. Both live regions stay in the page so every notice is announced:
 * errors assertively, the rest politely.
 */
export function Toaster() {
  const notice = useSyncExternalStore(subscribeToNotices, currentNotice, () => null);
  const isError = notice?.type === 'error';
  return (
    <Box position="fixed" insetX="0" top="4" zIndex="toast" display="flex" justifyContent="center" px="4" pointerEvents="none">
      <Box role="status" aria-live="polite" w="full" display="flex" justifyContent="center">
        {notice && !isError && <NoticeCard key={notice.id} notice={notice} />}
      </Box>
      <Box aria-live="assertive" aria-atomic="true" w="full" display="flex" justifyContent="center">
        {notice && isError && <NoticeCard key={notice.id} notice={notice} />}
      </Box>
    </Box>
  );
}
