import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { coachMessages, type CoachCohort, type UpdateCohortRequest } from '@sfida/core/coach';
import { cohortPaceLabels, cohortSettingsMessages } from '@sfida/core/cohort';
import { formatItalianDate, isChallengeStarted } from '@sfida/core/dates';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useToday } from '../../../lib/use-today';
import { useUpdateCohort } from '../api/cohort-changes';
import { ConfirmInline } from '../../../coach-shared/components/confirm-inline';
import { CohortNameField, PaceFields } from './cohort-fields';

/** The cohort's name and pace (the pace until the start), and its archive. */
export function CohortSettings({ cohort }: { cohort: CoachCohort }) {
  const today = useToday();
  const change = useUpdateCohort(cohort.id);
  const [name, setName] = useState(cohort.name);
  const [pace, setPace] = useState(cohort.pace);
  const [error, setError] = useState<string | null>(null);
  const started = isChallengeStarted(cohort.startDate, today);

  async function save(event: FormEvent) {
    event.preventDefault();
    const body: UpdateCohortRequest = {};
    if (name.trim() !== cohort.name) body.name = name.trim();
    if (pace !== cohort.pace) body.pace = pace;
    if (body.name === '') {
      setError(coachMessages.cohortNameRequired);
      return;
    }
    setError(null);
    if (Object.keys(body).length === 0) return;
    try {
      await change.mutateAsync(body);
      notify({ type: 'success', title: 'Impostazioni salvate' });
    } catch (caught) {
      setError(errorMessage(caught, 'Salvataggio non riuscito'));
    }
  }

  async function archive(archived: boolean) {
    setError(null);
    try {
      await change.mutateAsync({ archived });
      notify({ type: 'success', title: archived ? 'Coorte archiviata' : 'Coorte ripristinata' });
    } catch (caught) {
      setError(errorMessage(caught, archived ? 'Archiviazione non riuscita' : 'Ripristino non riuscito'));
      throw caught;
    }
  }

  if (cohort.archivedAt !== null) {
    return (
      <Stack gap="3" align="flex-start">
        <FormError message={error} />
        <Text>
          Archiviata il {formatItalianDate(cohort.archivedAt.slice(0, 10))}: la coorte è di sola lettura e non compare negli elenchi di ogni giorno. I
          dati e l’esportazione restano.
        </Text>
        <Button size="sm" variant="outline" loading={change.isPending} onClick={() => void archive(false).catch(() => undefined)}>
          Ripristina la coorte
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="5">
      <Stack asChild gap="4">
        <form onSubmit={save} noValidate>
          <FormError message={error} />
          <CohortNameField value={name} onChange={setName} name="cohort-name" />
          {started ? (
            // After the start the pace is a fact, said in words rather than as radios that cannot change.
            <Box>
              <Text>
                Ritmo della coorte: <Text as="strong">{cohortPaceLabels[cohort.pace]}</Text>
              </Text>
              <Text fontSize="sm" color="fg.muted" mt="1">
                {cohortSettingsMessages.paceLocked}.
              </Text>
            </Box>
          ) : (
            <PaceFields pace={pace} onPace={setPace} name={`pace-${cohort.id}`} />
          )}
          <Box>
            <Button type="submit" size="sm" loading={change.isPending}>
              {started ? 'Salva il nome' : 'Salva nome e ritmo'}
            </Button>
          </Box>
        </form>
      </Stack>
      <ConfirmInline
        label="Archivia la coorte"
        question="La coorte diventa di sola lettura ed esce dagli elenchi di ogni giorno; le iscrizioni si chiudono. I dati e l’esportazione restano, e puoi ripristinarla."
        confirmLabel="Archivia"
        pending={change.isPending}
        onConfirm={() => archive(true)}
      />
    </Stack>
  );
}
