import { Button, Flex, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ChatIcon, MailIcon } from '../../components/icons';
import { SectionCard } from '../../components/section-card';
import { mailtoProgress, type ProgressMail } from './progress-mail';
import { COMMUNITY_URL } from './support-links';

/** Invitation to send progress to the coach team by email, and the community group link. */
export function SupportCard({ mail }: { mail: ProgressMail }) {
  return (
    <SectionCard title="Coach e community" bg="brand.subtle" borderColor="brand.border">
      <Stack gap="4">
        <Text>
          Ogni settimana manda i tuoi progressi al team dei coach: leggono tutto e ti rispondono con consigli su misura.
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button asChild>
            <a href={mailtoProgress(mail)}>
              <MailIcon /> Invia i progressi al coach
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={COMMUNITY_URL} target="_blank" rel="noopener noreferrer">
              <ChatIcon /> Entra nel gruppo della community
              <VisuallyHidden> (si apre in una nuova scheda)</VisuallyHidden>
            </a>
          </Button>
        </Flex>
      </Stack>
    </SectionCard>
  );
}
