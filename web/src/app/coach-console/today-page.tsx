import { Button, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useActiveCoachCohorts } from '../../coach-shared/api/cohorts';
import { useChosenCohort } from '../../coach-shared/chosen-cohort';
import { ConsoleCohortPicker } from '../../coach-shared/components/console-cohort-picker';
import { useUnreadConversations } from '../../features/coach-conversations/api/conversations';
import { coachCheckInsPath, cohortsListPath, conversationsPath } from '../../coach-shared/paths';
import { CheckInInbox } from '../../features/coach-check-ins/components/check-in-inbox';
import { ReplyTemplatesManager } from '../../features/coach-check-ins/components/reply-templates-manager';
import { TriageList } from '../../features/coach-triage/components/triage-list';
import { ParticipantSearch } from '../../features/coach-roster/components/participant-search';

/** The conversations with something unread (a participant's message, their answer to a reply), when there are any. */
function UnreadConversations() {
  const unread = useUnreadConversations() ?? 0;
  if (unread === 0) return null;
  return (
    <Flex role="status" align="center" justify="space-between" gap="3" wrap="wrap" bg="accent.subtle" rounded="lg" p="4">
      <Text fontWeight="600">{unread === 1 ? '1 conversazione da leggere' : `${unread} conversazioni da leggere`}</Text>
      <Button asChild size="sm">
        <RouterLink to={conversationsPath()}>Apri le conversazioni</RouterLink>
      </Button>
    </Flex>
  );
}

/**
 * /coach, "Oggi": who needs the coach today and the first check-ins to read, in the console's
 * chosen cohort or all of them (one picker for both); the rest of the check-ins and the latest
 * replies are on "Check-in".
 */
export function TodayPage() {
  useDocumentTitle('Oggi');
  const cohorts = useActiveCoachCohorts();
  const options = (cohorts.data ?? []).map(({ id, name }) => ({ id, name }));
  const [cohortId, choose] = useChosenCohort(cohorts.data);
  return (
    <>
      <PageHeader title="Oggi">Chi ha bisogno di te nelle tue coorti, e i check-in da leggere.</PageHeader>
      <Stack gap="6">
        {cohorts.isError && <FormError message={errorMessage(cohorts.error, 'Impossibile caricare le coorti')} />}
        <UnreadConversations />
        {cohorts.data?.length === 0 ? (
          <SectionCard title="Inizia da una coorte">
            <Stack gap="3" align="flex-start">
              <Text>Non hai ancora coorti: creane una e condividi il suo codice invito.</Text>
              <Button asChild size="sm">
                <RouterLink to={cohortsListPath()}>Crea una coorte</RouterLink>
              </Button>
            </Stack>
          </SectionCard>
        ) : (
          <>
            <SectionCard title="Cerca un partecipante">
              <ParticipantSearch />
            </SectionCard>
            <ConsoleCohortPicker cohorts={options} value={cohortId} onChange={choose} />
            <SectionCard title="Da fare oggi">
              <TriageList cohortId={cohortId} />
            </SectionCard>
            <SectionCard
              title="Check-in da leggere"
              action={
                <Link asChild color="brand.fg" fontWeight="600" fontSize="sm">
                  <RouterLink to={coachCheckInsPath()}>Tutti i check-in e le risposte recenti</RouterLink>
                </Link>
              }
            >
              <Stack gap="5">
                <CheckInInbox cohortId={cohortId} step={5} />
                <ReplyTemplatesManager />
              </Stack>
            </SectionCard>
          </>
        )}
      </Stack>
    </>
  );
}
