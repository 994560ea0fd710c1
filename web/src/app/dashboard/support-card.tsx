import { Button, Flex, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ChatIcon } from '../../components/icons';
import { SectionCard } from '../../components/section-card';
import { useCohortInfo } from '../../lib/cohort-info';

/** Where the coach answers (the weekly check-in, in the app), and the cohort's community group when its coach has set one. */
export function SupportCard({ cohortId }: { cohortId: string }) {
  const communityLink = useCohortInfo(cohortId).data?.communityLink ?? null;
  return (
    <SectionCard title="Coach e community" bg="brand.subtle" borderColor="brand.border">
      <Stack gap="4">
        <Text>
          Il tuo coach legge ogni settimana i tuoi check-in e ti risponde qui nell’app, con consigli su misura per te.
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button asChild>
            <RouterLink to="/checkin">Vai al check-in</RouterLink>
          </Button>
          {communityLink ? (
            <Button asChild variant="outline">
              <a href={communityLink} target="_blank" rel="noopener noreferrer">
                <ChatIcon /> Entra nel gruppo della community
                <VisuallyHidden> (si apre in una nuova scheda)</VisuallyHidden>
              </a>
            </Button>
          ) : null}
        </Flex>
      </Stack>
    </SectionCard>
  );
}
