import { createToaster, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';

/** How long a notice stays (SPEC section 9). */
export const TOAST_DURATION_MS = 3000;

/** One notice at a time (SPEC section 9): a new one replaces the one showing. */
const toaster = createToaster({ placement: 'top', max: 1, duration: TOAST_DURATION_MS, removeDelay: 0 });

export type NoticeType = 'success' | 'error' | 'info' | 'warning';

/** Shows a short notice; the one already showing goes away. */
export function notify({ title, description, type = 'info' }: { title: string; description?: string; type?: NoticeType }): void {
  // Removed at once rather than dismissed: with `max: 1` a dismissing notice would hold the new one in the queue.
  toaster.remove();
  toaster.create({ title, description, type, duration: TOAST_DURATION_MS, closable: true });
}

/** Removes every notice at once (tests start each case with none). */
export function clearNotices(): void {
  toaster.remove();
}

/** Where the tracker screens' notices appear (rendered once per screen). */
export function TrackerToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Chiudi notifica" />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
