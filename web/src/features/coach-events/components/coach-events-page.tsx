import { Stack, Text } from '@chakra-ui/react';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useActiveCoachCohorts } from '../../../coach-shared/api/cohorts';
import { useChosenCohort } from '../../../coach-shared/chosen-cohort';
import { ConsoleCohortPicker } from '../../../coach-shared/components/console-cohort-picker';
import { EventsEditor } from './events-editor';

/** /coach/eventi: the events of one of the coach's cohorts at a time (the console's chosen one), to add and change. */
export function CoachEventsPage() {
  useDocumentTitle('Eventi');
  const cohorts = useActiveCoachCohorts();
  const [cohortId, choose] = useChosenCohort(cohorts.data, { required: true });
  const cohort = cohorts.data?.find((c) => c.id === cohortId);
  return (
    <>
      <PageHeader title="Eventi">Gli eventi delle tue coorti: i partecipanti li vedono nella pagina Eventi.</PageHeader>
      {cohorts.isPending ? (
        <Text role="status" color="fg.muted">
          Caricamento...
        </Text>
      ) : cohorts.isError ? (
        <FormError message={errorMessage(cohorts.error, 'Impossibile caricare le coorti')} />
      ) : cohorts.data.length === 0 || !cohort ? (
        <Text color="fg.muted">Non hai ancora coorti.</Text>
      ) : (
        <Stack gap="6">
          <ConsoleCohortPicker cohorts={cohorts.data.map(({ id, name }) => ({ id, name }))} value={cohort.id} onChange={choose} required />
          <SectionCard key={cohort.id} title={cohort.name}>
            <EventsEditor cohortId={cohort.id} />
          </SectionCard>
        </Stack>
      )}
    </>
  );
}
