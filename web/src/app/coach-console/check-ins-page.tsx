import { Stack } from '@chakra-ui/react';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useActiveCoachCohorts } from '../../coach-shared/api/cohorts';
import { useChosenCohort } from '../../coach-shared/chosen-cohort';
import { ConsoleCohortPicker } from '../../coach-shared/components/console-cohort-picker';
import { CheckInInbox } from '../../features/coach-check-ins/components/check-in-inbox';
import { RecentReplies } from '../../features/coach-check-ins/components/recent-replies';
import { ReplyTemplatesManager } from '../../features/coach-check-ins/components/reply-templates-manager';

/** /coach/check-in: the check-ins to read (of the console's chosen cohort, or all), the reply templates, the latest replies. */
export function CheckInsPage() {
  useDocumentTitle('Check-in');
  const cohorts = useActiveCoachCohorts();
  const [cohortId, choose] = useChosenCohort(cohorts.data);
  return (
    <>
      <PageHeader title="Check-in">I check-in da leggere e le tue risposte recenti.</PageHeader>
      <Stack gap="6">
        {cohorts.isError && <FormError message={errorMessage(cohorts.error, 'Impossibile caricare le coorti')} />}
        <ConsoleCohortPicker cohorts={(cohorts.data ?? []).map(({ id, name }) => ({ id, name }))} value={cohortId} onChange={choose} />
        <SectionCard title="Check-in da leggere">
          <Stack gap="5">
            <CheckInInbox cohortId={cohortId} />
            <ReplyTemplatesManager />
          </Stack>
        </SectionCard>
        <SectionCard title="Risposte recenti">
          <RecentReplies />
        </SectionCard>
      </Stack>
    </>
  );
}
