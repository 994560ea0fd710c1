import { useSyncExternalStore } from 'react';
import { Box, Button, Flex, Text } from '@chakra-ui/react';

/*
 * The tracker's notices: one at a time, 3000 ms each (SPEC section 9); a new one replaces the one
 * showing. Chakra's toaster would do the same, but its state machine and portal cost ~18 KB gzip
 * on every tracker route, which the 200 KB route budget cannot spare; this is the small equivalent.
 */

/** How long a notice stays (SPEC section 9). */
export const TOAST_DURATION_MS = 3000;

export type NoticeType = 'success' | 'error' | 'info' | 'warning';

interface Notice {
  id: number;
  title: string;
  description?: string;
  type: NoticeType;
}

let current: Notice | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function show(notice: Notice | null): void {
  current = notice;
  if (timer !== null) clearTimeout(timer);
  timer = notice ? setTimeout(() => show(null), TOAST_DURATION_MS) : null;
  listeners.forEach((listener) => listener());
}

/** Shows a short notice; the one already showing goes away. */
export function notify({ title, description, type = 'info' }: { title: string; description?: string; type?: NoticeType }): void {
  show({ id: nextId++, title, description, type });
}

/** Removes the notice at once (tests start each case with none). */
export function clearNotices(): void {
  show(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

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
 * Where the tracker screens' notices appear. Both live regions stay in the page so every notice
 * is announced: errors assertively, the rest politely.
 */
export function TrackerToaster() {
  const notice = useSyncExternalStore(subscribe, () => current, () => null);
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
