import { useSyncExternalStore } from 'react';
import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { clearNotices, currentNotice, subscribeToNotices, type Notice, type NoticeType } from '../lib/notices';

/*
 * Where lib/notices.ts's notices appear. Chakra's toaster would do the same, but its state machine
 * and portal would weigh on every screen that shows a notice; this is the small equivalent.
 */

const tones: Record<NoticeType, { bg: string; border: string; icon: string }> = {
  success: { bg: 'bg.success', border: 'green.600', icon: '✓' },
  error: { bg: 'bg.error', border: 'red.600', icon: '!' },
  warning: { bg: 'bg.warning', border: 'orange.500', icon: '!' },
  info: { bg: 'brand.subtle', border: 'brand.500', icon: 'i' },
};

function NoticeCard({ notice }: { notice: Notice }) {
  const tone = tones[notice.type];
  return (
    <Flex
      pointerEvents="auto"
      w="full"
      maxW={{ base: 'full', md: 'sm' }}
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
      {/* Lines break between words; a word too long for a phone's width breaks only then. */}
      <Box flex="1" minW="0" overflowWrap="break-word" wordBreak="normal" hyphens="manual">
        <Text fontWeight="bold">{notice.title}</Text>
        {notice.description && <Text fontSize="sm">{notice.description}</Text>}
      </Box>
      <Button size="xs" variant="ghost" aria-label="Chiudi notifica" onClick={clearNotices}>
        ✕
      </Button>
    </Flex>
  );
}

/** Each live region: a whole row, its card full width on a phone and at the end of the row from md up. */
const REGION = { w: 'full', display: 'flex', justifyContent: { base: 'center', md: 'flex-end' } } as const;

/**
 * The notices of a screen. Both live regions stay in the page so every notice is announced:
 * errors assertively, the rest politely. At the bottom of the viewport (above the phone's home
 * bar): at the top they covered the sticky header and its navigation. The regions are stacked,
 * not side by side, so a card never gets half the row.
 */
export function Toaster() {
  const notice = useSyncExternalStore(subscribeToNotices, currentNotice, () => null);
  const isError = notice?.type === 'error';
  return (
    <Box
      position="fixed"
      insetX="0"
      bottom="0"
      pb="calc(1rem + env(safe-area-inset-bottom, 0px))"
      px="4"
      zIndex="toast"
      display="flex"
      flexDirection="column"
      pointerEvents="none"
    >
      <Box role="status" aria-live="polite" {...REGION}>
        {notice && !isError && <NoticeCard key={notice.id} notice={notice} />}
      </Box>
      <Box aria-live="assertive" aria-atomic="true" {...REGION}>
        {notice && isError && <NoticeCard key={notice.id} notice={notice} />}
      </Box>
    </Box>
  );
}
