import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { FormError } from '../../components/form-error';
import { SectionCard } from '../../components/section-card';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../lib/api-client';
import { RECIPIENTS_PARAM } from '../../coach-shared/paths';
import { cohortExportUrl } from '../../coach-shared/api/cohorts';
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
import { useCohortOutlet } from './cohort-layout';

// The parts of /coach/:cohortId, one screen each under the cohort's tabs (cohort-layout.tsx).

const loading = (
  <Text role="status" color="fg.muted">
    Caricamento...
  </Text>
);

/** The index: who in this cohort needs the coach today (the home's triage, this cohort's). */
export function CohortTodayTab() {
  const { cohortId } = useCohortOutlet();
  return (
    <SectionCard title="Da fare oggi">
      <TriageList cohortId={cohortId} />
    </SectionCard>
  );
}

/** "Partecipanti": the roster, the package import, the export; who is in the maintenance phase and a new season for them. */
export function CohortParticipantsTab() {
  const { cohortId, archived } = useCohortOutlet();
  const roster = useRoster(cohortId);
  if (roster.error) return <FormError message={errorMessage(roster.error, 'Impossibile caricare i partecipanti')} />;
  if (roster.rows === undefined) return loading;
  return (
    <Stack gap="6">
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
    </Stack>
  );
}

/** "Andamento": the cohort week by week. */
export function CohortProgressTab() {
  const { cohortId } = useCohortOutlet();
  return (
    <SectionCard title="Andamento">
      <CohortProgress cohortId={cohortId} />
    </SectionCard>
  );
}

/** "Messaggi": a message to the cohort or a segment (not for an archived one), and what was sent or is scheduled. */
export function CohortMessagesTab() {
  const { cohortId, archived } = useCohortOutlet();
  const roster = useRoster(cohortId);
  // A selection's "Scrivi ai selezionati" (roster, triage) names its people in the address.
  const [params] = useSearchParams();
  const picked = (params.get(RECIPIENTS_PARAM) ?? '').split(',').filter((id) => id !== '');
  return (
    <Stack gap="6">
      {!archived && (
        <SectionCard title="Messaggio alla coorte">
          {/* Keyed by the people picked: another selection starts another message. */}
          <MessageComposer key={picked.join(',')} cohortId={cohortId} rows={roster.rows ?? []} initialPicked={picked} />
        </SectionCard>
      )}
      <SectionCard title="Messaggi inviati">
        <SentMessages cohortId={cohortId} />
      </SectionCard>
    </Stack>
  );
}

/** "Eventi": the cohort's events, to add and change. */
export function CohortEventsTab() {
  const { cohortId, archived } = useCohortOutlet();
  return (
    <SectionCard title="Eventi">
      {archived ? <Text color="fg.muted">La coorte è archiviata: i suoi eventi non si cambiano più.</Text> : <EventsEditor cohortId={cohortId} />}
    </SectionCard>
  );
}

/** "Risorse": the cohort's PDFs and links. */
export function CohortResourcesTab() {
  const { cohortId, archived } = useCohortOutlet();
  return (
    <SectionCard title="Risorse">
      <ResourcesEditor cohortId={cohortId} readOnly={archived} />
    </SectionCard>
  );
}

/** "Squadre": the cohort's squads. */
export function CohortTeamsTab() {
  const { cohort } = useCohortOutlet();
  if (!cohort) return loading;
  return (
    <SectionCard title="Squadre">
      <CohortTeams key={cohort.id} cohort={cohort} />
    </SectionCard>
  );
}

/** "Impostazioni": the community link and reserved events, the rules, the co-coaches (not for an archived cohort), the name, pace and archive. */
export function CohortSettingsTab() {
  const { cohortId, cohort, archived } = useCohortOutlet();
  if (!cohort) return loading;
  return (
    <Stack gap="6">
      {!archived && (
        <>
          <SectionCard title="Community ed eventi">
            <CohortCommunitySettings key={cohort.id} cohort={cohort} />
          </SectionCard>
          <SectionCard title="Regole della coorte">
            <CohortRulesSettings key={cohort.id} cohort={cohort} />
          </SectionCard>
          <SectionCard title="Aggiungi coach">
            <AddCoachForm cohortId={cohortId} />
          </SectionCard>
        </>
      )}
      <SectionCard title="Impostazioni della coorte">
        <CohortSettings key={`${cohort.name}:${cohort.pace}`} cohort={cohort} />
      </SectionCard>
    </Stack>
  );
}
