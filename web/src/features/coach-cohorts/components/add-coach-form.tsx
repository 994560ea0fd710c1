import { useState, type FormEvent } from 'react';
import { Box, Button, Field, Input, Stack } from '@chakra-ui/react';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useAddCoach } from '../api/cohort-changes';

/** The cohort's settings: another coach, by the email of their coach account. */
export function AddCoachForm({ cohortId }: { cohortId: string }) {
  const addCoach = useAddCoach(cohortId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (email.trim() === '') {
      setError('Inserisci l’email del coach');
      return;
    }
    setError(null);
    try {
      await addCoach.mutateAsync(email.trim());
      notify({ type: 'success', title: 'Coach aggiunto', description: email.trim() });
      setEmail('');
    } catch (caught) {
      setError(errorMessage(caught, 'Aggiunta del coach non riuscita'));
    }
  }

  return (
    <Stack asChild gap="3">
      <form onSubmit={submit} noValidate>
        <FormError message={error} />
        <Field.Root required>
          <Field.Label>Email del coach</Field.Label>
          <Input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Field.HelperText>Deve avere già un account da coach.</Field.HelperText>
        </Field.Root>
        <Box>
          <Button type="submit" size="sm" loading={addCoach.isPending} loadingText="Aggiunta...">
            Aggiungi coach
          </Button>
        </Box>
      </form>
    </Stack>
  );
}
