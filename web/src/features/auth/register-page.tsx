import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MIN_PASSWORD_LENGTH, messages } from '@sfida/core/user';
import { useAuth } from '../../lib/auth';
import { FormError } from '../../components/form-error';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePrerenderedForm } from '../../lib/use-prerendered-form';
import { AuthAlternatives, AuthLayout } from './auth-layout';
import { OrSeparator } from '../../components/google-mark';
import { GoogleButton, useGoogleSignIn } from './google-button';

interface RegisterForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  secretCode: string;
}

/** Client-side checks, a mismatch reported before a short password; the invite code is checked only by the server. */
export function validateRegistration(form: RegisterForm): string | null {
  if (form.password !== form.confirmPassword) return messages.passwordsDoNotMatch;
  if (form.password.length < MIN_PASSWORD_LENGTH) return messages.passwordTooShort;
  return null;
}

type FieldName = keyof RegisterForm;

const passwordFields: readonly FieldName[] = ['password', 'confirmPassword'];

/** The fields whose edit may fix the error `message` reports: the ones it names, or any for an error it does not tie to one. */
function fieldsToFix(message: string): readonly FieldName[] | 'any' {
  switch (message) {
    case messages.passwordsDoNotMatch:
    case messages.passwordTooShort:
    case messages.passwordTooLong:
      return passwordFields;
    case messages.invalidInviteCode:
    case messages.inviteCodeRequired:
    case messages.googleInviteCodeRequired:
      return ['secretCode'];
    case messages.emailInvalid:
      return ['email'];
    case messages.nameRequired:
    case messages.nameTooLong:
      return ['name'];
    default:
      return 'any';
  }
}

const emptyForm: RegisterForm = { name: '', email: '', password: '', confirmPassword: '', secretCode: '' };

export default function RegisterPage() {
  useDocumentTitle('Registrati');
  const { register } = useAuth();
  const navigate = useNavigate();
  // A coach's invite link (`/register?codice=…`) fills in the cohort's code.
  const [searchParams] = useSearchParams();
  const [form, setForm] = useState(() => ({ ...emptyForm, secretCode: searchParams.get('codice')?.trim() ?? '' }));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const google = useGoogleSignIn(setError);
  const codeInput = useRef<HTMLInputElement>(null);
  // The page may arrive prerendered (web/scripts/prerender.ts): it submits once the app runs it.
  const formElement = useRef<HTMLFormElement>(null);
  const started = usePrerenderedForm(formElement, (typed) => {
    setForm((current) => {
      const next = { ...current };
      for (const key of Object.keys(emptyForm) as (keyof RegisterForm)[]) next[key] = typed[key] ?? current[key];
      return next;
    });
  });

  const bind = (key: FieldName) => ({
    name: key,
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setForm((current) => ({ ...current, [key]: event.target.value }));
      // The box goes once the participant edits what it was about: left there, it reads as still wrong.
      if (error) {
        const fields = fieldsToFix(error);
        if (fields === 'any' || fields.includes(key)) setError(null);
      }
    },
  });

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateRegistration(form);
    setError(invalid);
    if (invalid) return;
    setSubmitting(true);
    try {
      await register({ name: form.name.trim(), email: form.email.trim(), password: form.password, secretCode: form.secretCode.trim() });
      navigate('/onboarding', { replace: true });
    } catch (caught) {
      setError(errorMessage(caught, 'Errore durante la registrazione'));
      setSubmitting(false);
    }
  }

  /** Google's account needs the cohort's code first: asked for here, before leaving for Google. */
  function handleGoogle() {
    const inviteCode = form.secretCode.trim();
    if (!inviteCode) {
      setError(messages.googleInviteCodeRequired);
      codeInput.current?.focus();
      return;
    }
    // A name typed here is kept over Google's; otherwise Google's (the profile changes it later).
    void google.start({ inviteCode, ...(form.name.trim() ? { name: form.name.trim() } : {}) });
  }

  return (
    <AuthLayout title="Crea il tuo account" intro="Pochi dati e sei dentro: la tua sfida di otto settimane inizia qui.">
      <Stack asChild gap="5">
        <form ref={formElement} onSubmit={handleSubmit}>
          <FormError message={error} />
          <Field.Root required>
            <Field.Label>
              Nome e cognome <Field.RequiredIndicator />
            </Field.Label>
            <Input autoComplete="name" {...bind('name')} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              Email <Field.RequiredIndicator />
            </Field.Label>
            <Input type="email" autoComplete="email" {...bind('email')} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              Password <Field.RequiredIndicator />
            </Field.Label>
            <Input type="password" autoComplete="new-password" {...bind('password')} />
            <Field.HelperText color="fg.muted">Almeno {MIN_PASSWORD_LENGTH} caratteri.</Field.HelperText>
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              Conferma password <Field.RequiredIndicator />
            </Field.Label>
            <Input type="password" autoComplete="new-password" {...bind('confirmPassword')} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              Codice segreto <Field.RequiredIndicator />
            </Field.Label>
            <Input ref={codeInput} autoComplete="off" spellCheck={false} {...bind('secretCode')} />
            <Field.HelperText color="fg.muted">Non hai il codice? Chiedilo al tuo coach: è lo stesso per tutto il gruppo.</Field.HelperText>
          </Field.Root>
          <Button type="submit" size="lg" disabled={!started || google.busy} loading={submitting} loadingText="Registrazione in corso...">
            Registrati
          </Button>
        </form>
      </Stack>
      <OrSeparator />
      <Stack gap="2">
        <GoogleButton label="Registrati con Google" busy={google.busy} disabled={!started || submitting} onClick={handleGoogle} />
        <Text color="fg.muted" fontSize="sm">
          Con Google servono solo il codice segreto e, se vuoi, il tuo nome: email e password non servono.
        </Text>
      </Stack>
      <AuthAlternatives question="Hai già un account?" to="/login" label="Accedi" />
    </AuthLayout>
  );
}
