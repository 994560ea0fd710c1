import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Field, Flex, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { coachMessages, type CoachCohort } from '@sfida/core/coach';
import { formatItalianDate, weekdayIndex } from '@sfida/core/dates';
import { isShortInviteCode } from '@sfida/core/invite-codes';
import { isIsoDate } from '@sfida/core/iso-date';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { registrationLink, useCoachCohorts, useCreateCohort, useNewInviteCode, useSetRegistrationOpen } from '../api/cohorts';
import { cohortPagePath } from '../paths';
import { ConfirmInline } from './confirm-inline';

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
function startDateProblem(startDate: string): string | null {
  if (!isIsoDate(startDate)) return 'Scegli la data di inizio';
  return weekdayIndex(startDate) === 0 ? null : coachMessages.startDateMonday;
}

function NewCohortForm() {
  const create = useCreateCohort();
  const [name, setName] = useState('');
  const [startDate, setStartDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Checked as soon as a date is picked: the coach learns it must be a Monday before sending.
  const dateProblem = startDate === '' ? null : startDateProblem(startDate);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = name.trim() === '' ? coachMessages.cohortNameRequired : startDateProblem(startDate);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const cohort = await create.mutateAsync({ name: name.trim(), startDate });
      notify({ type: 'success', title: 'Coorte creata', description: `Codice invito: ${cohort.inviteCode}` });
      setName('');
      setStartDate('');
    } catch (caught) {
      setError(errorMessage(caught, 'Creazione della coorte non riuscita'));
    }
  }

  return (
    <SectionCard title="Nuova coorte">
      <Stack asChild gap="4">
        <form onSubmit={submit} noValidate>
          <FormError message={error} />
          <Field.Root required>
            <Field.Label>
              Nome della coorte <Field.RequiredIndicator />
            </Field.Label>
            <Input name="name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
          </Field.Root>
          <Field.Root required invalid={dateProblem !== null}>
            <Field.Label>
              Data di inizio <Field.RequiredIndicator />
            </Field.Label>
            <Input type="date" name="startDate" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
            {dateProblem ? <Field.ErrorText>{dateProblem}</Field.ErrorText> : <Field.HelperText>La sfida inizia sempre di lunedì.</Field.HelperText>}
          </Field.Root>
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

/** /coach/coorti: the coach's cohorts, their invite codes, and a new one. */
export function CohortsPage() {
  useDocumentTitle('Coorti');
  const cohorts = useCoachCohorts();
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
        ) : cohorts.data.length === 0 ? (
          <Text color="fg.muted">Non hai ancora coorti: creane una qui sotto.</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
            {cohorts.data.map((cohort) => (
              <CohortCard key={cohort.id} cohort={cohort} />
            ))}
          </SimpleGrid>
        )}
        <NewCohortForm />
      </Stack>
    </>
  );
}
