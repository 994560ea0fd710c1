import { Button, Flex, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ChatIcon } from '../../components/icons';
import { SectionCard } from '../../components/section-card';
import { useCohortInfo } from '../../lib/cohort-info';

/**
 * Where the coach answers (the weekly check-in, in the app) while this week's is to do, and the
 * cohort's community group when its coach has set one; nothing when neither applies (the check-in
 * done, or the challenge not started, and no group).
 */
export function SupportCard({ cohortId, checkInDue }: { cohortId: string; checkInDue: boolean }) {
  const communityLink = useCohortInfo(cohortId).data?.communityLink ?? null;
  if (!checkInDue && !communityLink) return null;
  return (
    <SectionCard title="Coach e community" bg="brand.subtle" borderColor="brand.border">
      <Stack gap="4">
        <Text>
          Il tuo coach legge ogni settimana i tuoi check-in e ti risponde qui nell’app, con consigli su misura per te.
        </Text>
        <Flex gap="2" wrap="wrap">
          {checkInDue && (
            <Button asChild minH="11">
              <RouterLink to="/checkin">Vai al check-in</RouterLink>
            </Button>
          )}
          {communityLink ? (
            <Button asChild variant="outline" minH="11">
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
