import { Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Navigate, useNavigate } from 'react-router-dom';
import { needsOnboarding } from '@sfida/core/user';
import { FormError } from '../../components/form-error';
import { PlainLayout } from '../../components/plain-layout';
import { useAuth } from '../../lib/auth';
import { homePathFor } from '../../lib/home-path';
import { useDocumentTitle } from '../../lib/use-document-title';
import { QuestionFieldset } from './components/question-fieldset';
import { QuestionProgress } from './components/question-progress';
import { SchedaAssignedDialog } from './components/scheda-assigned-dialog';
import { useOnboardingForm } from './hooks/use-onboarding-form';
import { questions } from './onboarding-questions';

export default function OnboardingPage() {
  useDocumentTitle('Onboarding');
  const { user, logout, refresh } = useAuth();
  const navigate = useNavigate();
  const { step, question, isLast, current, error, saving, assigned, choose, back, submit } = useOnboardingForm(refresh);

  // Done already (or an OWNER): nothing to answer. Not while showing the success modal, though.
  if (user && !needsOnboarding(user) && !assigned) return <Navigate to={homePathFor(user)} replace />;

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
          <QuestionProgress step={step} total={questions.length} />

          <QuestionFieldset key={question.key} question={question} current={current} onChoose={choose} />

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
          Hai usato l’account sbagliato per registrarti?{' '}
          <Link as="button" color="brand.fg" fontWeight="600" textDecoration="underline" onClick={backToRegistration}>
            Torna alla registrazione
          </Link>
        </Text>
      </Stack>

      <SchedaAssignedDialog assigned={assigned} onClose={goToDashboard} />
    </PlainLayout>
  );
}
