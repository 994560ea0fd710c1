import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Field, Flex, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { countOf } from '@sfida/core/plural';
import { coachMessages, type CoachCohort } from '@sfida/core/coach';
import { DEFAULT_NEW_COHORT_PACE, cohortPaceLabels, type CohortPace } from '@sfida/core/cohort';
import { challengeWeekNumber, compareIsoDates, formatItalianDate, isChallengeOver, mondayOf, weekdayIndex } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { isShortInviteCode } from '@sfida/core/invite-codes';
import { isIsoDate } from '@sfida/core/iso-date';
import { NativeCheckbox } from '../../../components/native-checkbox';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToday } from '../../../lib/use-today';
import { useCoachCohorts } from '../../../coach-shared/api/cohorts';
import { registrationLink, useCreateCohort, useNewInviteCode, useSetRegistrationOpen } from '../api/cohort-changes';
import { cohortPagePath } from '../../../coach-shared/paths';
import { ConfirmInline } from '../../../coach-shared/components/confirm-inline';
import { CohortNameField, PaceFields } from './cohort-fields';

/** Copies `text` to the clipboard and says so (or that it could not). */
async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify({ type: 'success', title: `${what} copiato` });
  } catch {
    notify({ type: 'error', title: 'Copia non riuscita', description: 'Seleziona il testo e copialo a mano.' });
  }
}

function CohortCard({ cohort }: { cohort: CoachCohort }) {
  const newCode = useNewInviteCode();
  const setOpen = useSetRegistrationOpen();
  const [error, setError] = useState<string | null>(null);
  const link = registrationLink(window.location.origin, cohort.inviteCode);

  async function toggleRegistration() {
    setError(null);
    try {
      await setOpen.mutateAsync({ cohortId: cohort.id, registrationOpen: !cohort.registrationOpen });
      notify({ type: 'success', title: cohort.registrationOpen ? 'Iscrizioni chiuse' : 'Iscrizioni riaperte' });
    } catch (caught) {
      setError(errorMessage(caught, 'Modifica non riuscita'));
    }
  }

  async function renewCode() {
    setError(null);
    try {
      await newCode.mutateAsync(cohort.id);
      notify({ type: 'success', title: 'Nuovo codice creato', description: 'Il codice precedente non funziona più.' });
    } catch (caught) {
      setError(errorMessage(caught, 'Nuovo codice non riuscito'));
      throw caught;
    }
  }

  return (
    <SectionCard
      title={cohort.name}
      action={
        <Badge colorPalette={cohort.registrationOpen ? 'green' : 'gray'} variant="subtle">
          {cohort.registrationOpen ? 'Iscrizioni aperte' : 'Iscrizioni chiuse'}
        </Badge>
      }
    >
      <Stack gap="4">
        <FormError message={error} />
        <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'auto 1fr' }} columnGap="4" rowGap="1">
          <Text as="dt" color="fg.muted" fontWeight="600" fontSize="sm">
            Inizio
          </Text>
          <Text as="dd">{formatItalianDate(cohort.startDate)}</Text>
          <Text as="dt" color="fg.muted" fontWeight="600" fontSize="sm">
            Partecipanti
          </Text>
          <Text as="dd">{cohort.participantCount}</Text>
          <Text as="dt" color="fg.muted" fontWeight="600" fontSize="sm">
            Ritmo
          </Text>
          <Text as="dd">{cohortPaceLabels[cohort.pace]}</Text>
          <Text as="dt" color="fg.muted" fontWeight="600" fontSize="sm">
            Codice invito
          </Text>
          <Flex as="dd" align="center" gap="2" wrap="wrap">
            <Text as="span" fontFamily="mono" fontWeight="700" fontSize="lg">
              {cohort.inviteCode}
            </Text>
            <Button size="xs" variant="outline" onClick={() => void copy(cohort.inviteCode, 'Codice')} aria-label={`Copia codice di ${cohort.name}`}>
              Copia codice
            </Button>
            {isShortInviteCode(cohort.inviteCode) && (
              <Text as="span" flexBasis="100%" fontSize="sm" bg="bg.warning" color="fg.warning" p="2" borderRadius="md">
                Questo codice è troppo facile da indovinare: sostituiscilo con un nuovo codice, più sicuro.
              </Text>
            )}
          </Flex>
          <Text as="dt" color="fg.muted" fontWeight="600" fontSize="sm">
            Link di iscrizione
          </Text>
          <Flex as="dd" align="center" gap="2" wrap="wrap" minW="0">
            <Text as="span" fontSize="sm" overflowWrap="anywhere">
              {link}
            </Text>
            <Button size="xs" variant="outline" onClick={() => void copy(link, 'Link')} aria-label={`Copia link di iscrizione di ${cohort.name}`}>
              Copia link
            </Button>
          </Flex>
        </Box>
        <Flex gap="2" wrap="wrap" align="flex-start">
          <Button asChild size="sm">
            <RouterLink to={cohortPagePath(cohort.id)}>Apri la coorte</RouterLink>
          </Button>
          <Button size="sm" variant="outline" loading={setOpen.isPending} onClick={() => void toggleRegistration()}>
            {cohort.registrationOpen ? 'Chiudi iscrizioni' : 'Riapri iscrizioni'}
          </Button>
          <ConfirmInline
            label="Nuovo codice"
            question="Il codice attuale (e il link che lo contiene) smetterà di funzionare subito. Chi si è già iscritto resta nella coorte."
            confirmLabel="Crea un nuovo codice"
            pending={newCode.isPending}
            onConfirm={renewCode}
          />
        </Flex>
      </Stack>
    </SectionCard>
  );
}

/** What is wrong with the start date before sending it, or null. */
function startDateProblem(startDate: string, today: IsoDate): string | null {
  if (!isIsoDate(startDate)) return 'Scegli la data di inizio';
  if (weekdayIndex(startDate) !== 0) return coachMessages.startDateMonday;
  return isChallengeOver(startDate, today) ? 'Con questa data di inizio le 8 settimane sarebbero già finite' : null;
}

/** What a start before this week's Monday means for the participants, or null for a start ahead. */
function pastStartNotice(startDate: string, today: IsoDate, pace: CohortPace): string | null {
  if (!isIsoDate(startDate) || compareIsoDates(startDate, mondayOf(today)) >= 0) return null;
  return pace === 'together'
    ? `La coorte è già iniziata: i partecipanti inizieranno dalla settimana ${challengeWeekNumber(startDate, today)}.`
    : 'La coorte è già iniziata: ogni partecipante sceglierà comunque il giorno in cui parte.';
}

function NewCohortForm() {
  const create = useCreateCohort();
  const today = useToday();
  const [name, setName] = useState('');
  const [startDate, setStartDate] = useState('');
  const [pace, setPace] = useState<CohortPace>(DEFAULT_NEW_COHORT_PACE);
  const [pastConfirmed, setPastConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Checked as soon as a date is picked: the coach learns it must be a Monday before sending.
  const dateProblem = startDate === '' ? null : startDateProblem(startDate, today);
  const pastNotice = dateProblem === null ? pastStartNotice(startDate, today, pace) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem =
      name.trim() === ''
        ? coachMessages.cohortNameRequired
        : (startDateProblem(startDate, today) ?? (pastNotice && !pastConfirmed ? 'Conferma che la coorte è già iniziata' : null));
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const cohort = await create.mutateAsync({ name: name.trim(), startDate, pace, ...(pastNotice ? { confirmPastStart: true } : {}) });
      notify({ type: 'success', title: 'Coorte creata', description: `Codice invito: ${cohort.inviteCode}` });
      setName('');
      setStartDate('');
      setPastConfirmed(false);
    } catch (caught) {
      setError(errorMessage(caught, 'Creazione della coorte non riuscita'));
    }
  }

  return (
    <SectionCard title="Nuova coorte">
      <Stack asChild gap="4">
        <form onSubmit={submit} noValidate>
          <FormError message={error} />
          <CohortNameField value={name} onChange={setName} name="name" />
          <Field.Root required invalid={dateProblem !== null}>
            <Field.Label>
              Data di inizio <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="date"
              name="startDate"
              value={startDate}
              onChange={(e) => {
                setStartDate(e.target.value);
                setPastConfirmed(false);
              }}
            />
            {dateProblem ? <Field.ErrorText>{dateProblem}</Field.ErrorText> : <Field.HelperText>La sfida inizia sempre di lunedì.</Field.HelperText>}
          </Field.Root>
          {pastNotice && (
            <Box bg="bg.warning" color="fg.warning" p="3" borderRadius="md">
              <Text>{pastNotice}</Text>
              <Flex as="label" gap="2" align="center" mt="2" cursor="pointer">
                <NativeCheckbox type="checkbox" checked={pastConfirmed} onChange={(e) => setPastConfirmed(e.target.checked)} />
                <Text as="span" fontWeight="600">
                  Sì, la coorte è già iniziata
                </Text>
              </Flex>
            </Box>
          )}
          <PaceFields pace={pace} onPace={setPace} name="new-cohort-pace" />
          <Box>
            <Button type="submit" loading={create.isPending} loadingText="Creazione...">
              Crea la coorte
            </Button>
          </Box>
        </form>
      </Stack>
    </SectionCard>
  );
}

/** Archived cohorts: out of the daily lists, still open read-only (their data and export stay). */
function ArchivedCohorts({ cohorts }: { cohorts: CoachCohort[] }) {
  return (
    <SectionCard title={`Coorti archiviate (${cohorts.length})`}>
      <Stack as="ul" gap="2" listStyleType="none">
        {cohorts.map((cohort) => (
          <Flex as="li" key={cohort.id} gap="3" align="center" wrap="wrap" justify="space-between">
            <Text>
              <Text as="span" fontWeight="600">
                {cohort.name}
              </Text>{' '}
              <Text as="span" color="fg.muted" fontSize="sm">
                · inizio {formatItalianDate(cohort.startDate)} · {countOf(cohort.participantCount, 'partecipante', 'partecipanti')}
              </Text>
            </Text>
            <Button asChild size="xs" variant="outline">
              <RouterLink to={cohortPagePath(cohort.id)} aria-label={`Apri la coorte archiviata ${cohort.name}`}>
                Apri
              </RouterLink>
            </Button>
          </Flex>
        ))}
      </Stack>
    </SectionCard>
  );
}

/** /coach/coorti: the coach's cohorts, their invite codes, and a new one. */
export function CohortsPage() {
  useDocumentTitle('Coorti');
  const cohorts = useCoachCohorts();
  const active = cohorts.data?.filter((cohort) => cohort.archivedAt === null) ?? [];
  const archived = cohorts.data?.filter((cohort) => cohort.archivedAt !== null) ?? [];
  return (
    <>
      <PageHeader title="Coorti">Le tue coorti, i loro codici invito e i partecipanti.</PageHeader>
      <Stack gap="6">
        {cohorts.isPending ? (
          <Text role="status" color="fg.muted">
            Caricamento...
          </Text>
        ) : cohorts.isError ? (
          <FormError message={errorMessage(cohorts.error, 'Impossibile caricare le coorti')} />
        ) : (
          <>
            {active.length === 0 ? (
              <Text color="fg.muted">Non hai coorti attive: creane una qui sotto.</Text>
            ) : (
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
                {active.map((cohort) => (
                  <CohortCard key={cohort.id} cohort={cohort} />
                ))}
              </SimpleGrid>
            )}
            {archived.length > 0 && <ArchivedCohorts cohorts={archived} />}
          </>
        )}
        <NewCohortForm />
      </Stack>
    </>
  );
}
