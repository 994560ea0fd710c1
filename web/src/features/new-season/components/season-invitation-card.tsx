import { useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { formatItalianDate } from '@sfida/core/dates';
import { ApiError } from '../../../lib/api-client';
import { SectionCard } from '../../../components/section-card';
import { useAnswerSeasonInvitation, useSeasonInvitation } from '../api/season-invitation';

const FAILED = 'Non è stato possibile rispondere all’invito: riprova.';

/**
 * The coach's invitation to a new season, on the dashboard of a participant who finished the eight
 * weeks: "Accetta" starts afresh in the new cohort with the same habits; "No, grazie" closes it.
 */
export function SeasonInvitationCard() {
  const { data } = useSeasonInvitation(true);
  const { accept, decline, pending } = useAnswerSeasonInvitation();
  const [error, setError] = useState<string | null>(null);
  const invitation = data?.invitation;
  if (!invitation) return null;
  const answer = (action: (id: string) => Promise<unknown>) => async () => {
    setError(null);
    try {
      await action(invitation.targetCohortId);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : FAILED);
    }
  };
  return (
    <SectionCard title="Nuova stagione">
      <Stack gap="3" align="flex-start">
        <Text fontWeight="semibold">Il tuo coach ti invita alla nuova stagione: {invitation.cohortName}</Text>
        <Text>
          {invitation.pace === 'together'
            ? `Si riparte tutti insieme lunedì ${formatItalianDate(invitation.startDate)}`
            : 'Scegli tu il giorno da cui ripartire'}
          , con le tue abitudini e un nuovo inizio: spunte e punti ripartono da zero. Il certificato di questa stagione resta scaricabile dalla dashboard.
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button colorPalette="accent" onClick={answer(accept)} loading={pending === 'accept'} disabled={pending !== null}>
            Accetta
          </Button>
          <Button variant="outline" onClick={answer(decline)} loading={pending === 'decline'} disabled={pending !== null}>
            No, grazie
          </Button>
        </HStack>
        {error && (
          <Text role="alert" color="fg.error">
            {error}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
