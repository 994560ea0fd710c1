import { Button, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatItalianDate } from '@sfida/core/dates';
import { countOf } from '@sfida/core/plural';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { cohortExportUrl, useCoachCohorts } from '../../coach-shared/api/cohorts';
import { useRoster } from '../../features/coach-roster/api/roster';
import { AddCoachForm } from '../../features/coach-cohorts/components/add-coach-form';
import { CohortSettings } from '../../features/coach-cohorts/components/cohort-settings';
import { CohortCommunitySettings } from '../../features/coach-cohorts/components/cohort-community-settings';
import { CohortRulesSettings } from '../../features/coach-cohorts/components/cohort-rules-settings';
import { CohortTeams } from '../../features/coach-teams/components/cohort-teams';
import { CohortProgress } from '../../features/coach-cohort-progress/components/cohort-progress';
import { MessageComposer, SentMessages } from '../../features/coach-messages/components/cohort-messages';
import { EventsEditor } from '../../features/coach-events/components/events-editor';
import { ResourcesEditor } from '../../features/coach-resources/components/resources-editor';
import { MaintenanceRoster } from '../../features/coach-roster/components/maintenance-roster';
import { NewSeasonSection } from '../../features/coach-cohorts/components/new-season-section';
import { Roster } from '../../features/coach-roster/components/roster';
import { PackageImport } from '../../features/coach-roster/components/package-import';
import { TriageList } from '../../features/coach-triage/components/triage-list';
import { cohortsListPath } from '../../coach-shared/paths';

/** /coach/:cohortId: who needs the coach today (the home's triage, this cohort's), the whole roster, the export, who is in the maintenance phase and a new season for them, how the cohort is going week by week, messages to the cohort, the events, the community link and reserved events, the co-coaches, the cohort's settings. */
export function CohortPage() {
  const { cohortId = '' } = useParams();
  const cohort = useCoachCohorts().data?.find((c) => c.id === cohortId);
  const roster = useRoster(cohortId);
  const title = cohort?.name ?? 'Coorte';
  const archived = cohort !== undefined && cohort.archivedAt !== null;
  useDocumentTitle(title);

  return (
    <>
      <Link asChild color="brand.fg" fontSize="sm" mb="2">
        <RouterLink to={cohortsListPath()}>← Tutte le coorti</RouterLink>
      </Link>
      <PageHeader title={title}>{cohort ? `Inizio: ${formatItalianDate(cohort.startDate)} · ${countOf(cohort.participantCount, 'partecipante', 'partecipanti')}` : undefined}</PageHeader>
      <Stack gap="6">
        {roster.error ? (
          <FormError message={errorMessage(roster.error, 'Impossibile caricare i partecipanti')} />
        ) : roster.rows === undefined ? (
          <Text role="status" color="fg.muted">
            Caricamento...
          </Text>
        ) : (
          <>
            <SectionCard title="Da fare oggi">
              <TriageList cohorts={[]} onlyCohortId={cohortId} />
            </SectionCard>
            <SectionCard
              title="Roster"
              action={
                <Flex gap="2" wrap="wrap">
                  {!archived && <PackageImport cohortId={cohortId} />}
                  <Button asChild size="sm" variant="outline">
                    <a href={cohortExportUrl(cohortId)} download>
                      Esporta CSV
                    </a>
                  </Button>
                </Flex>
              }
            >
              <Roster cohortId={cohortId} rows={roster.rows} complete={roster.complete} readOnly={archived} />
            </SectionCard>
            {/* Once someone is past day 56: who keeps going in the maintenance phase. */}
            {roster.rows.some((row) => row.maintenance !== undefined) && (
              <SectionCard title="Mantenimento">
                <MaintenanceRoster cohortId={cohortId} rows={roster.rows} />
              </SectionCard>
            )}
            {/* Once someone finished (the server invites only them): the way on, in another cohort. */}
            {!archived && roster.rows.some((row) => row.maintenance !== undefined && !row.withdrawn) && (
              <SectionCard title="Nuova stagione">
                <NewSeasonSection cohortId={cohortId} />
              </SectionCard>
            )}
          </>
        )}
        <SectionCard title="Andamento">
          <CohortProgress cohortId={cohortId} />
        </SectionCard>
        {/* An archived cohort is read-only: what would change it is not offered. */}
        {!archived && (
          <SectionCard title="Messaggio alla coorte">
            <MessageComposer cohortId={cohortId} rows={roster.rows ?? []} />
          </SectionCard>
        )}
        <SectionCard title="Messaggi inviati">
          <SentMessages cohortId={cohortId} />
        </SectionCard>
        {!archived && (
          <SectionCard title="Eventi">
            <EventsEditor cohortId={cohortId} />
          </SectionCard>
        )}
        <SectionCard title="Risorse">
          <ResourcesEditor cohortId={cohortId} readOnly={archived} />
        </SectionCard>
        {cohort && !archived ? (
          <SectionCard title="Community ed eventi">
            <CohortCommunitySettings key={cohort.id} cohort={cohort} />
          </SectionCard>
        ) : null}
        {cohort && !archived ? (
          <SectionCard title="Regole della coorte">
            <CohortRulesSettings key={cohort.id} cohort={cohort} />
          </SectionCard>
        ) : null}
        {cohort && (
          <SectionCard title="Squadre">
            <CohortTeams key={cohort.id} cohort={cohort} />
          </SectionCard>
        )}
        {!archived && (
          <SectionCard title="Aggiungi coach">
            <AddCoachForm cohortId={cohortId} />
          </SectionCard>
        )}
        {cohort && (
          <SectionCard title="Impostazioni della coorte">
            <CohortSettings key={`${cohort.name}:${cohort.pace}`} cohort={cohort} />
          </SectionCard>
        )}
      </Stack>
    </>
  );
}
