import { useState, type FormEvent } from 'react';
import { Box, Button, Dialog, Flex, Heading, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { Navigate, useNavigate } from 'react-router-dom';
import { needsOnboarding, schedaFor, type OnboardingRequest, type Scheda } from '@sfida/core/user';
import { FormError } from '../../components/form-error';
import { PlainLayout } from '../../components/plain-layout';
import { apiFetch, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { homePathFor } from '../../lib/home-path';
import { schedaLabels } from '../../lib/training-labels';
import { useDocumentTitle } from '../../lib/use-document-title';
import { questions, type OnboardingAnswers } from './onboarding-questions';

const SELECT_AN_OPTION = 'Seleziona un\'opzione prima di continuare';
const ANSWER_ALL = 'Per favore rispondi a tutte le domande';
const SAVE_FAILED = 'Errore durante il salvataggio dell\'onboarding';

const noAnswers: OnboardingAnswers = { tempoAllenamento: null, luogoAllenamento: null, livelloAllenamento: null };

export default function OnboardingPage() {
  useDocumentTitle('Onboarding');
  const { user, logout, refresh } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState(noAnswers);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [assigned, setAssigned] = useState<Scheda | null>(null);

  // Done already (or an OWNER): nothing to answer. Not while showing the success modal, though.
  if (user && !needsOnboarding(user) && !assigned) return <Navigate to={homePathFor(user)} replace />;

  const question = questions[step] ?? questions[0];
  const isLast = step === questions.length - 1;
  const current = answers[question.key];

  function choose(value: string) {
    setAnswers((previous) => ({ ...previous, [question.key]: value }));
    setError(null);
  }

  function next() {
    if (!current) {
      setError(SELECT_AN_OPTION);
      return;
    }
    setError(null);
    setStep((s) => s + 1);
  }

  function back() {
    setError(null);
    setStep((s) => Math.max(0, s - 1));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isLast) return next();
    const { tempoAllenamento, luogoAllenamento, livelloAllenamento } = answers;
    if (!tempoAllenamento || !luogoAllenamento || !livelloAllenamento) {
      setError(ANSWER_ALL);
      return;
    }
    setError(null);
    setSaving(true);
    const scheda = schedaFor(livelloAllenamento, luogoAllenamento);
    try {
      const body: OnboardingRequest = { tempoAllenamento, luogoAllenamento, livelloAllenamento, schedaAssegnata: scheda };
      await apiFetch('/api/onboarding', { method: 'POST', body });
      setAssigned(scheda);
      await refresh();
    } catch (caught) {
      setError(errorMessage(caught, SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  }

  async function backToRegistration() {
    await logout(() => navigate('/register', { replace: true }));
  }

  const goToDashboard = () => navigate('/dashboard', { replace: true });

  return (
    <PlainLayout logoTo="/onboarding">
      <Stack maxW="2xl" mx="auto" gap="6">
        <Stack gap="2">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }}>
            {user?.name ? `Ciao ${user.name}, iniziamo!` : 'Iniziamo!'}
          </Heading>
          <Text color="fg.muted">Tre domande veloci per assegnarti la scheda di allenamento più adatta a te.</Text>
        </Stack>

        <Stack as="form" onSubmit={submit} layerStyle="card" gap="6" p={{ base: '5', sm: '8' }} shadow="sm">
          <Stack gap="2">
            <Text fontWeight="600" color="brand.fg" aria-live="polite">
              Domanda {step + 1} di {questions.length}
            </Text>
            <Box aria-hidden="true" h="2" bg="bg.muted" rounded="full" overflow="hidden">
              <Box h="full" bg="brand.solid" rounded="full" width={`${((step + 1) / questions.length) * 100}%`} transition="width 0.2s" />
            </Box>
          </Stack>

          <Box as="fieldset" key={question.key}>
            <Box as="legend" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="700" mb="1">
              {question.title}
            </Box>
            <Text color="fg.muted" mb="4">
              {question.hint}
            </Text>
            <Stack gap="3">
              {question.options.map((option) => (
                <Flex
                  as="label"
                  key={option.value}
                  gap="3"
                  align="flex-start"
                  p="4"
                  borderWidth="2px"
                  borderColor="border"
                  rounded="xl"
                  cursor="pointer"
                  bg="bg"
                  _hover={{ borderColor: 'brand.border' }}
                  css={{
                    '&:has(input:checked)': { borderColor: 'brand.solid', bg: 'brand.subtle' },
                    '&:has(input:focus-visible)': { outline: '3px solid {colors.brand.500}', outlineOffset: '2px' },
                  }}
                >
                  <input
                    type="radio"
                    name={question.key}
                    value={option.value}
                    checked={current === option.value}
                    onChange={() => choose(option.value)}
                    style={{ marginTop: '0.3rem', width: '1.1rem', height: '1.1rem', flexShrink: 0, accentColor: 'var(--chakra-colors-brand-700)' }}
                  />
                  <Box>
                    <Text fontWeight="700">{option.label}</Text>
                    <Text color="fg.muted" fontSize="sm">
                      {option.description}
                    </Text>
                  </Box>
                </Flex>
              ))}
            </Stack>
          </Box>

          <FormError message={error} />

          <Flex gap="3" justify="space-between" direction={{ base: 'column-reverse', sm: 'row' }}>
            <Button type="button" variant="outline" onClick={back} disabled={step === 0 || saving}>
              Indietro
            </Button>
            {/* Both submit the form, which decides whether to move on or save: a type="button" that
                turns into the submit button under the pointer would submit at once (the browser
                renders the click before its default action), warning on an unanswered question. */}
            <Button type="submit" loading={saving} loadingText="Salvataggio in corso...">
              {isLast ? 'Completa Onboarding' : 'Avanti'}
            </Button>
          </Flex>
        </Stack>

        <Text color="fg.muted" textAlign="center">
          Ti sei registrato con l’account sbagliato?{' '}
          <Link as="button" color="brand.fg" fontWeight="600" textDecoration="underline" onClick={backToRegistration}>
            Torna alla registrazione
          </Link>
        </Text>
      </Stack>

      {/* role=alertdialog alone would ignore a click on the backdrop, which must go to the dashboard too. */}
      <Dialog.Root open={assigned !== null} onOpenChange={(details) => !details.open && goToDashboard()} placement="center" role="alertdialog" closeOnInteractOutside>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content rounded="2xl">
              <Dialog.Header>
                <Dialog.Title fontSize="xl">Onboarding completato! 🎉</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text>In base alle tue risposte ti abbiamo assegnato la scheda:</Text>
                  <Text fontSize="2xl" fontWeight="800" color="brand.fg">
                    {assigned ? schedaLabels[assigned] : ''}
                  </Text>
                  <Text color="fg.muted">La trovi sempre in “Profilo e Allenamento”, pronta da scaricare.</Text>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button onClick={goToDashboard} width={{ base: 'full', sm: 'auto' }}>
                  Vai alla dashboard
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </PlainLayout>
  );
}
