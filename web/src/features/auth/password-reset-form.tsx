import { useState, type FormEvent } from 'react';
import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { requestPasswordReset } from './api/password-reset';

export const RESET_CONFIRMATION =
  'Se l’indirizzo è registrato, riceverai a breve un’email con le istruzioni per reimpostare la password.';

/**
 * Asks the server for a reset email. The answer is the same whatever happens, so the form never
 * reveals whether an address has an account.
 */
export function PasswordResetForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [email, setEmail] = useState(defaultEmail);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      await requestPasswordReset(email.trim());
    } catch (error) {
      console.warn('Richiesta di reimpostazione non riuscita', error);
    }
    setSending(false);
    setSent(true);
  }

  if (sent) {
    return (
      <Alert.Root status="success" role="status" rounded="lg">
        <Alert.Indicator />
        <Alert.Title>{RESET_CONFIRMATION}</Alert.Title>
      </Alert.Root>
    );
  }

  return (
    <Stack as="form" gap="3" onSubmit={handleSubmit} bg="bg.subtle" p="4" rounded="lg" aria-label="Recupero password">
      <Field.Root required>
        <Field.Label>Email del tuo account</Field.Label>
        <Input type="email" name="reset-email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} bg="bg" />
        <Field.HelperText color="fg.muted">Ti invieremo le istruzioni per scegliere una nuova password.</Field.HelperText>
      </Field.Root>
      <Button type="submit" variant="outline" loading={sending} loadingText="Invio in corso...">
        Invia istruzioni
      </Button>
    </Stack>
  );
}
