import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { Scheda } from '@sfida/core/user';
import { schedaLabels } from '@sfida/core/training-labels';
import { schedaDownloadUrl } from '../../../lib/training-labels';

/** The end of the onboarding: the scheda it assigned; closing it in any way goes to the dashboard. */
export function SchedaAssignedDialog({ assigned, onClose }: { assigned: Scheda | null; onClose: () => void }) {
  return (
    // role=alertdialog alone would ignore a click on the backdrop, which must go to the dashboard too.
    <Dialog.Root open={assigned !== null} onOpenChange={(details) => !details.open && onClose()} placement="center" role="alertdialog" closeOnInteractOutside>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content rounded="2xl">
            <Dialog.Header>
              <Dialog.Title fontSize="xl">Onboarding completato! 🎉</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>In base alle tue risposte ti abbiamo assegnato la scheda:</Text>
                <Text fontSize="2xl" fontWeight="800" color="brand.fg">
                  {assigned ? schedaLabels[assigned] : ''}
                </Text>
                <Text color="fg.muted">La trovi sempre in “Profilo e Allenamento”, pronta da scaricare.</Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexDirection={{ base: 'column', sm: 'row' }} gap="3">
              {assigned && (
                <Button asChild variant="outline" width={{ base: 'full', sm: 'auto' }}>
                  <a href={schedaDownloadUrl(assigned)} download>
                    Scarica la scheda
                  </a>
                </Button>
              )}
              <Button onClick={onClose} width={{ base: 'full', sm: 'auto' }}>
                Vai alla dashboard
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
