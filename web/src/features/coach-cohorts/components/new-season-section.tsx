import { useState, type FormEvent } from 'react';
import { Box, Button, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { CoachCohort } from '@sfida/core/coach';
import { formatItalianDate } from '@sfida/core/dates';
import { countOf } from '@sfida/core/plural';
import { opensNewSeason } from '@sfida/core/seasons';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { useToday } from '../../../lib/use-today';
import { useCoachCohorts } from '../../../coach-shared/api/cohorts';
import { useInviteToNewSeason } from '../api/new-season';

/** The coach's other cohorts a new season can go to: active, and not started or in their first week. */
export function newSeasonTargets(cohorts: CoachCohort[], cohortId: string, today: string): CoachCohort[] {
  return cohorts.filter((cohort) => cohort.id !== cohortId && cohort.archivedAt === null && opensNewSeason(cohort.startDate, today));
}

/**
 * "Nuova stagione": invites the cohort's participants who finished the eight weeks (not withdrawn)
 * to one of the coach's cohorts about to start. Each one accepts or declines on their dashboard;
 * inviting again invites only those not invited yet. The server decides who is invited.
 */
export function NewSeasonSection({ cohortId }: { cohortId: string }) {
  const today = useToday();
  const targets = newSeasonTargets(useCoachCohorts().data ?? [], cohortId, today);
  const invite = useInviteToNewSeason(cohortId);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const target = targets.find((cohort) => cohort.id === chosen)?.id ?? targets[0]?.id ?? '';

  if (targets.length === 0) {
    return <Text color="fg.muted">Per una nuova stagione crea prima una coorte che inizia a breve: potrai invitarvi chi ha concluso le 8 settimane.</Text>;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setResult(null);
    try {
      const { invited } = await invite.mutateAsync(target);
      setResult(invited === 0 ? 'L’invito era già arrivato a tutti.' : `${countOf(invited, 'invito inviato', 'inviti inviati')}: ognuno risponde dalla sua dashboard.`);
    } catch (caught) {
      setError(errorMessage(caught, 'Invito non riuscito'));
    }
  }

  return (
    <Stack asChild gap="3">
      <form onSubmit={submit} noValidate>
        <Text>Invita chi ha concluso le 8 settimane a ripartire in una nuova coorte, con le sue abitudini e un nuovo inizio.</Text>
        <FormError message={error} />
        <Field.Root>
          <Field.Label>Coorte della nuova stagione</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={target} onChange={(e) => setChosen(e.target.value)}>
              {targets.map((cohort) => (
                <option key={cohort.id} value={cohort.id}>
                  {cohort.name} · dal {formatItalianDate(cohort.startDate)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Box>
          <Button type="submit" colorPalette="accent" loading={invite.isPending} loadingText="Invito...">
            Invita alla nuova stagione
          </Button>
        </Box>
        {result && (
          <Text role="status" fontWeight="semibold">
            {result}
          </Text>
        )}
      </form>
    </Stack>
  );
}
