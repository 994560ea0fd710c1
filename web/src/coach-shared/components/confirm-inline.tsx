import { useId, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Flex, Text } from '@chakra-ui/react';

/**
 * A button whose action needs a second, explicit yes: the question opens right below it (no
 * modal to trap focus in on a phone), with "Conferma" and "Annulla".
 */
export function ConfirmInline({
  label,
  question,
  confirmLabel,
  onConfirm,
  pending,
  colorPalette,
  dismissLabel = 'Annulla',
  accessibleLabel,
  tall = false,
}: {
  label: string;
  /** The button's name for screen readers where several share the visible label (one per item of a list). */
  accessibleLabel?: string;
  question: ReactNode;
  confirmLabel: string;
  /** The button that closes the question (when "Annulla" would be ambiguous: the action itself cancels something). */
  dismissLabel?: string;
  onConfirm: () => Promise<unknown>;
  pending: boolean;
  colorPalette?: string;
  /** Buttons of at least 44 px, a finger's tap target (a bar meant for the phone). */
  tall?: boolean;
}) {
  const minH = tall ? '11' : undefined;
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  // Closing removes the focused button: focus goes back to the one that opened the question.
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <Box
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) close();
      }}
    >
      <Button ref={trigger} size="sm" minH={minH} variant="outline" colorPalette={colorPalette} aria-label={accessibleLabel} aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((o) => !o)}>
        {label}
      </Button>
      <Box id={regionId} role="group" aria-label={accessibleLabel ?? label} hidden={!open} mt="2" p="3" borderWidth="1px" borderColor="border.emphasized" rounded="md" bg="bg.muted">
        {open && (
          <>
            <Text fontSize="sm" mb="2">
              {question}
            </Text>
            <Flex gap="2" wrap="wrap">
              <Button
                size="sm"
                minH={minH}
                colorPalette={colorPalette}
                loading={pending}
                onClick={() => {
                  void onConfirm().then(close, () => undefined);
                }}
              >
                {confirmLabel}
              </Button>
              <Button size="sm" minH={minH} variant="ghost" disabled={pending} onClick={close}>
                {dismissLabel}
              </Button>
            </Flex>
          </>
        )}
      </Box>
    </Box>
  );
}
