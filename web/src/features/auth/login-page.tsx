import { useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { homePathFor } from '../../lib/home-path';
import { FormError } from '../../components/form-error';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePrerenderedForm } from '../../lib/use-prerendered-form';
import { AuthAlternatives, AuthLayout } from './auth-layout';
import { OrSeparator } from '../../components/google-mark';
import { GoogleButton, useGoogleSignIn } from './google-button';
import { PasswordResetForm } from './password-reset-form';

export default function LoginPage() {
  useDocumentTitle('Accedi');
  const { login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const google = useGoogleSignIn(setError);
  // The page may arrive prerendered (web/scripts/prerender.ts): its buttons work once the app runs it.
  const form = useRef<HTMLFormElement>(null);
  const started = usePrerenderedForm(form, (typed) => {
    if (typed.email) setEmail(typed.email);
    if (typed.password) setPassword(typed.password);
  });

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const user = await login(email.trim(), password);
      navigate(homePathFor(user), { replace: true });
    } catch (caught) {
      setError(errorMessage(caught, 'Errore durante il login'));
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Accedi" intro="Ti diamo il bentornato! Entra per continuare la tua sfida.">
      <Stack asChild gap="5">
        <form ref={form} onSubmit={handleSubmit}>
          <FormError message={error} />
          <Field.Root required>
            <Field.Label>
              Email <Field.RequiredIndicator />
            </Field.Label>
            <Input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              Password <Field.RequiredIndicator />
            </Field.Label>
            <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field.Root>
          <Button type="submit" size="lg" disabled={!started || google.busy} loading={submitting} loadingText="Accesso in corso...">
            Accedi
          </Button>
        </form>
      </Stack>

      <OrSeparator />
      <GoogleButton label="Accedi con Google" busy={google.busy} disabled={!started || submitting} onClick={() => void google.start({})} />

      <Stack gap="3">
        <Link asChild alignSelf="flex-start" color="brand.fg" fontWeight="600" textDecoration="underline" _disabled={{ opacity: 0.6, cursor: 'not-allowed' }}>
          <button
            type="button"
            aria-expanded={resetOpen}
            aria-controls="recupero-password"
            // Like the submit button: a tap on the prerendered page before the app runs would be lost.
            disabled={!started}
            onClick={() => setResetOpen((open) => !open)}
          >
            Password dimenticata?
          </button>
        </Link>
        <div id="recupero-password" hidden={!resetOpen}>
          {resetOpen && <PasswordResetForm defaultEmail={email} />}
        </div>
      </Stack>

      <AuthAlternatives question="Non hai ancora un account?" to="/register" label="Registrati" />
    </AuthLayout>
  );
}
