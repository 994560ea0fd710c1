import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DELETION_CONFIRMATION, deleteAccountRequestSchema, deletionMessages } from '@sfida/core/account-deletion';
import { BACKUP_DAYS } from '@sfida/core/retention';
import { messages, type SignInMethods, type User } from '@sfida/core/user';
import { FormError } from '../../components/form-error';
import { GoogleMark, OrSeparator } from '../../components/google-mark';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { notify } from '../../lib/notices';
import {
  OFFLINE_MESSAGE,
  confirmWithGoogle,
  downloadMyData,
  finishGoogleConfirmation,
  googleConfirmationFailure,
  googleConfirmationMessages,
  googleConfirmationPending,
  isOffline,
  useDeleteAccount,
} from './api/privacy';

/** The section's anchor: /privacy and the menu link here (`/profilo#privacy-e-dati`). */
export const PRIVACY_SECTION_ID = 'privacy-e-dati';

/** Where a deleted account lands: the privacy page, which says what happens next. */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

/** Two equal buttons in one row even at 360 px: their labels wrap rather than push one below. */
const sideBySide = { flex: '1 1 0', minW: '0', whiteSpace: 'normal', h: 'auto', minH: '10', py: '2' } as const;

function failure(error: unknown, fallback: string): string {
  return isOffline(error) ? OFFLINE_MESSAGE : errorMessage(error, fallback);
}

/** Forgets this browser's tracker even where no tracker screen ran in this tab (its code loads only now). */
async function forgetTrackerHere(user: User): Promise<void> {
  const { trackerSignOutUnlessRegistered } = await import('../../tracker/sign-out');
  trackerSignOutUnlessRegistered()?.forget(user);
}

/** The download's state: under way, and the last failure in Italian. */
function useDownloadData() {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setDownloading(true);
    setError(null);
    try {
      await downloadMyData();
      notify({ type: 'success', title: 'Download avviato', description: 'Trovi il file ZIP tra i download del browser.' });
    } catch (caught) {
      setError(failure(caught, 'Download non riuscito: riprova'));
    } finally {
      setDownloading(false);
    }
  }

  return { downloading, error, download };
}

/** How the account can confirm: what the server says it has; both while it has not said (it decides on the request). */
function confirmationMethods(user: User): SignInMethods {
  return user.signIn ?? { password: true, google: true };
}

function DeleteAccountForm({ user, onCancel }: { user: User; onCancel: () => void }) {
  const { forgetDeletedAccount } = useAuth();
  const navigate = useNavigate();
  const deletion = useDeleteAccount();
  const methods = confirmationMethods(user);
  // Back from Google's sign-in: ELIMINA was typed before going, and the deletion is under way.
  const [google, setGoogle] = useState<'idle' | 'going' | 'back'>(() => (googleConfirmationPending() ? 'back' : 'idle'));
  const [confirm, setConfirm] = useState(() => (google === 'back' ? DELETION_CONFIRMATION : ''));
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);

  const leave = useCallback(async () => {
    await forgetTrackerHere(user).catch((caught: unknown) => console.warn('Tracker di questo browser non rimosso', caught));
    forgetDeletedAccount(() => navigate('/privacy', { replace: true, state: ACCOUNT_DELETED_STATE }));
  }, [forgetDeletedAccount, navigate, user]);

  // The way back from Google lands on this page: the fresh sign-in's token confirms the deletion,
  // once (the mark is taken as it starts, so a second run of this effect finds none).
  const { mutateAsync: remove } = deletion;
  useEffect(() => {
    if (!googleConfirmationPending()) return;
    finishGoogleConfirmation((idToken) => remove({ confirm: DELETION_CONFIRMATION, idToken }))
      .then(async (deleted) => {
        if (deleted) return leave();
        setError(googleConfirmationMessages.cancelled);
        setGoogle('idle');
      })
      .catch((caught: unknown) => {
        setError(caught instanceof ApiError ? errorMessage(caught, 'Eliminazione non riuscita: riprova') : googleConfirmationFailure(caught));
        setGoogle('idle');
      });
  }, [remove, leave]);

  async function withPassword() {
    // Without Google to offer, the shared message's "oppure accedi con Google" would point nowhere.
    if (password === '' && !methods.google && confirm.trim() === DELETION_CONFIRMATION) {
      setError(messages.passwordRequired);
      return;
    }
    const parsed = deleteAccountRequestSchema.safeParse({ confirm: confirm.trim(), password: password === '' ? undefined : password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? deletionMessages.confirmationMissing);
      return;
    }
    setError(null);
    try {
      await deletion.mutateAsync(parsed.data);
    } catch (caught) {
      // What was typed stays: the person corrects one field and sends again.
      setError(failure(caught, 'Eliminazione non riuscita: riprova'));
      return;
    }
    await leave();
  }

  async function withGoogle() {
    const typed = deleteAccountRequestSchema.shape.confirm.safeParse(confirm.trim());
    if (!typed.success) {
      setError(typed.error.issues[0]?.message ?? deletionMessages.confirmationMissing);
      return;
    }
    setError(null);
    setGoogle('going');
    try {
      await confirmWithGoogle(user.email);
    } catch (caught) {
      setError(googleConfirmationFailure(caught));
      setGoogle('idle');
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // Enter sends what the form offers first: the password, or else Google.
    if (methods.password) void withPassword();
    else if (methods.google) void withGoogle();
  }

  const busy = deletion.isPending || google !== 'idle';
  const googleButton = (
    <Button
      type={methods.password ? 'button' : 'submit'}
      size="sm"
      variant="outline"
      colorPalette="red"
      onClick={methods.password ? () => void withGoogle() : undefined}
      loading={google !== 'idle'}
      loadingText={google === 'going' ? 'Collegamento con Google...' : 'Eliminazione...'}
      disabled={busy}
    >
      <GoogleMark />
      Conferma con Google
    </Button>
  );

  return (
    // noValidate: the form's own message says what is missing (see the profile's name form).
    <Stack asChild gap="3" bg="red.subtle" rounded="xl" p="4">
      <form onSubmit={submit} noValidate aria-labelledby="elimina-account-titolo">
        <Heading as="h3" size="sm" id="elimina-account-titolo">
          Eliminare il tuo account?
        </Heading>
        <Text fontSize="sm">Non si può annullare: i tuoi dati non potranno essere recuperati.</Text>
        <FormError message={error} />
        <Field.Root required>
          <Field.Label>Scrivi {DELETION_CONFIRMATION} per confermare</Field.Label>
          <Input
            ref={firstField}
            name="confirm"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </Field.Root>
        {methods.password ? (
          <Field.Root required={!methods.google}>
            <Field.Label>La tua password</Field.Label>
            <Input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field.Root>
        ) : null}
        {methods.password ? (
          <Flex gap="2" wrap="wrap">
            <Button type="submit" size="sm" colorPalette="red" loading={deletion.isPending && google === 'idle'} loadingText="Eliminazione..." disabled={busy}>
              Elimina definitivamente
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
              Annulla
            </Button>
          </Flex>
        ) : null}
        {methods.password && methods.google ? <OrSeparator /> : null}
        {methods.google ? (
          <Stack gap="2" align="start">
            <Text fontSize="sm">
              {methods.password ? 'Se accedi con Google, puoi confermare anche così: ' : ''}ti chiediamo di accedere di nuovo con Google e, appena
              torni qui, l’account viene eliminato.
            </Text>
            <Flex gap="2" wrap="wrap">
              {googleButton}
              {methods.password ? null : (
                <Button type="button" size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
                  Annulla
                </Button>
              )}
            </Flex>
          </Stack>
        ) : null}
        {!methods.password && !methods.google ? (
          <>
            <Text fontSize="sm">
              Il tuo account non ha né una password né un accesso con Google con cui confermare: scrivi a privacy@sfida8settimane.it
              dall’indirizzo del tuo account ed eliminiamo l’account entro un mese, senza chiederti documenti.
            </Text>
            <Button type="button" size="sm" variant="ghost" alignSelf="start" onClick={onCancel}>
              Annulla
            </Button>
          </>
        ) : null}
      </form>
    </Stack>
  );
}

/**
 * "Privacy e dati": the person's own rights, at hand. Download everything kept about them, or
 * delete the account, and in plain words what each does, what stays and for how long.
 */
export function PrivacySettings({ user }: { user: User }) {
  const { downloading, error, download } = useDownloadData();
  // Back from Google's sign-in that confirms the deletion: the form is open, finishing it.
  const [deleting, setDeleting] = useState(googleConfirmationPending);
  const coach = user.role === 'OWNER';
  const { hash } = useLocation();
  const section = useRef<HTMLDivElement>(null);
  // A link to the section (`#privacy-e-dati`) leads there: focusing it scrolls it into view and
  // starts a screen reader there.
  useEffect(() => {
    if (hash === `#${PRIVACY_SECTION_ID}`) section.current?.focus();
  }, [hash]);

  return (
    <Stack gap="4" ref={section} tabIndex={-1} outline="none">
      <Text>
        Puoi avere una copia di tutti i tuoi dati o eliminare il tuo account quando vuoi, da qui, gratis e senza chiedere a
        nessuno.
      </Text>
      <FormError message={error} />
      <Flex gap="2">
        <Button {...sideBySide} onClick={() => void download()} loading={downloading} loadingText="Preparazione...">
          Scarica i miei dati
        </Button>
        <Button {...sideBySide} variant="outline" colorPalette="red" onClick={() => setDeleting(true)} disabled={deleting} aria-expanded={deleting}>
          Elimina il mio account
        </Button>
      </Flex>
      {deleting ? <DeleteAccountForm user={user} onCancel={() => setDeleting(false)} /> : null}

      <Box>
        <Heading as="h3" size="sm" mb="1">
          Scarica i miei dati
        </Heading>
        <Text fontSize="sm">
          Un file ZIP con tutto ciò che l’App conserva su di te: il profilo
          {coach ? ', le tue coorti' : ', le risposte all’onboarding, il tracker (abitudini, giorni segnati, planner, check-in, punti, badge)'}, i
          messaggi che hai scritto e ricevuto, le tue note vocali e le tue impostazioni. Dei messaggi degli altri trovi solo il nome di
          chi li ha scritti. Puoi scaricarlo una volta al minuto.
        </Text>
      </Box>

      <Box>
        <Heading as="h3" size="sm" mb="1">
          Elimina il mio account
        </Heading>
        <Stack gap="2" fontSize="sm">
          <Text>
            Chiude subito tutte le tue sessioni, su ogni dispositivo, e cancella da questo browser la copia dei tuoi dati. Entro un’ora
            cancelliamo tutto il resto: profilo, {coach ? 'note ed etichette che hai scritto, ' : 'tracker, check-in, '}messaggi e note
            vocali, il tuo posto in classifica e nelle squadre, notifiche e calendario.
          </Text>
          {coach ? (
            <Text fontWeight="600">
              Come coach puoi eliminare il tuo account solo se in ognuna delle tue coorti resta almeno un altro coach, oppure dopo averle
              archiviate.
            </Text>
          ) : (
            <Text>
              Le risposte che i coach ti hanno scritto restano ai coach che le hanno scritte; nelle loro conversazioni i tuoi messaggi
              sono sostituiti da “Partecipante eliminato”. Classifica, medie della squadra e andamento della coorte vengono ricalcolati
              senza di te.
            </Text>
          )}
          <Text>
            Cosa resta: un registro delle eliminazioni, con un’impronta cifrata (un hash con chiave segreta) del codice del tuo account
            e la data, nient’altro: né nome né email. Serve a cancellarti di nuovo se dovessimo ripristinare un backup.
          </Text>
          <Text>
            Copie dei tuoi dati possono restare nei backup del database per al massimo {BACKUP_DAYS} giorni, poi i backup scadono.
          </Text>
        </Stack>
      </Box>
    </Stack>
  );
}
