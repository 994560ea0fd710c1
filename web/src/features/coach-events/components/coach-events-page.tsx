import { Stack, Text } from '@chakra-ui/react';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useActiveCoachCohorts } from '../../../coach-shared/api/cohorts';
import { EventsEditor } from './events-editor';

/** /coach/eventi: the events of each of the coach's cohorts, to add and change. */
export function CoachEventsPage() {
  useDocumentTitle('Eventi');
  const cohorts = useActiveCoachCohorts();
  return (
    <>
      <PageHeader title="Eventi">Gli eventi di ogni tua coorte: i partecipanti li vedono nella pagina Eventi.</PageHeader>
      {cohorts.isPending ? (
        <Text role="status" color="fg.muted">
          Caricamento...
        </Text>
      ) : cohorts.isError ? (
        <FormError message={errorMessage(cohorts.error, 'Impossibile caricare le coorti')} />
      ) : cohorts.data.length === 0 ? (
        <Text color="fg.muted">Non hai ancora coorti.</Text>
      ) : (
        <Stack gap="6">
          {cohorts.data.map((cohort) => (
            <SectionCard key={cohort.id} title={cohort.name}>
              <EventsEditor cohortId={cohort.id} />
            </SectionCard>
          ))}
        </Stack>
      )}
    </>
  );
}
