import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Box, Button, Field, Flex, Input, Link, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatItalianDate, localDateOf } from '@sfida/core/dates';
import { livelloLabels, luogoLabels, schedaLabels, tempoLabels } from '@sfida/core/training-labels';
import { messages } from '@sfida/core/user';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { notify } from '../../lib/notices';
import { schedaDownloadUrl } from '../../lib/training-labels';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CalendarFeedSettings } from './calendar-feed-settings';
import { EmailSettings } from './email-settings';
import { ColourModeSettings } from './colour-mode-settings';
import { NotificationSettingsPanel } from './notification-settings';
import { PRIVACY_SECTION_ID, PrivacySettings } from './privacy-settings';

const roleLabels = { PARTICIPANT: 'Partecipante', OWNER: 'Coach' } as const;

/** One term of a description list; `extra` (an action, a form) goes under the value. */
function Detail({ label, children, extra }: { label: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <div>
      <Text as="dt" fontSize="sm" color="fg.muted" fontWeight="600">
        {label}
      </Text>
      <Box as="dd">
        <Text fontSize="lg" fontWeight="600" wordBreak="break-word">
          {children}
        </Text>
        {extra}
      </Box>
    </div>
  );
}

function NameEditor({ currentName, onDone }: { currentName: string; onDone: () => void }) {
  const { updateProfile } = useAuth();
  const [name, setName] = useState(currentName);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(messages.nameRequired);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await updateProfile({ name: name.trim() });
      notify({ type: 'success', title: 'Nome aggiornato' });
      onDone();
    } catch (caught) {
      setError(errorMessage(caught, 'Aggiornamento non riuscito'));
      setSaving(false);
    }
  }

  return (
    // noValidate: the browser's bubble for an empty required field is not announced by every screen
    // reader and blocks the submit silently; the form's own message says what is missing.
    <Stack asChild gap="3" mt="2">
      <form onSubmit={save} noValidate>
        <FormError message={error} />
        <Field.Root required invalid={error !== null}>
          <Field.Label>Nuovo nome</Field.Label>
          <Input
            name="name"
            autoComplete="name"
            value={name}
            maxLength={80}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </Field.Root>
        <Flex gap="2" wrap="wrap">
          <Button type="submit" size="sm" loading={saving} loadingText="Salvataggio...">
            Salva
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onDone} disabled={saving}>
            Annulla
          </Button>
        </Flex>
      </form>
    </Stack>
  );
}

/** Every zone the browser knows, plus `also` (the participant's, the device's) should it know them by another name. */
function timeZoneChoices(also: string[]): string[] {
  return [...new Set([...Intl.supportedValuesOf('timeZone'), ...also])].sort();
}

/**
 * The participant's time zone, kept by the server: it decides when their day starts. A button
 * takes this device's zone when it differs (a trip, a new phone); a list offers any other.
 */
function TimeZoneEditor({ current }: { current: string }) {
  const { updateProfile } = useAuth();
  const deviceZone = browserTimeZone();
  const [picking, setPicking] = useState(false);
  const [choice, setChoice] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(timeZone: string) {
    setSaving(true);
    setError(null);
    try {
      await updateProfile({ timeZone });
      notify({ type: 'success', title: 'Fuso orario aggiornato', description: `Ora il tuo fuso orario è ${timeZone}.` });
      setPicking(false);
    } catch (caught) {
      setError(errorMessage(caught, 'Aggiornamento non riuscito'));
    } finally {
      setSaving(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(choice);
  }

  // Long zone names must wrap on a 360 px screen rather than overflow it.
  const wrapping = { whiteSpace: 'normal', height: 'auto', minH: { base: '11', md: '8' }, py: '1.5', textAlign: 'start' } as const;

  return (
    <Stack gap="3" mt="2">
      <Text fontSize="sm" color="fg.muted">
        Decide quando inizia e finisce la tua giornata. Puoi cambiarlo una volta al giorno.
      </Text>
      <FormError message={error} />
      {picking ? (
        <Stack as="form" onSubmit={submit} gap="3">
          <Field.Root>
            <Field.Label>Nuovo fuso orario</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field name="timeZone" value={choice} onChange={(e) => setChoice(e.target.value)}>
                {timeZoneChoices([current, deviceZone]).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Flex gap="2" wrap="wrap">
            <Button type="submit" size="sm" loading={saving} loadingText="Salvataggio..." disabled={choice === current}>
              Salva
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setPicking(false)} disabled={saving}>
              Annulla
            </Button>
          </Flex>
        </Stack>
      ) : (
        <Flex gap="2" wrap="wrap" align="flex-start">
          {deviceZone !== current && (
            <Button size="xs" {...wrapping} onClick={() => void save(deviceZone)} loading={saving}>
              Usa il fuso orario di questo dispositivo ({deviceZone})
            </Button>
          )}
          <Button
            size="xs"
            variant="outline"
            {...wrapping}
            onClick={() => {
              setChoice(current);
              setPicking(true);
            }}
            disabled={saving}
          >
            Scegli un altro fuso orario
          </Button>
        </Flex>
      )}
    </Stack>
  );
}

export default function ProfilePage() {
  useDocumentTitle('Profilo e Allenamento');
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  if (!user) return null;

  const scheda = user.onboardingCompletato ? user.schedaAssegnata : null;

  return (
    <>
      <PageHeader title="Profilo e Allenamento">
        I tuoi dati e la scheda di allenamento assegnata.{' '}
        <Link asChild color="brand.fg" fontWeight="600">
          <RouterLink to={`#${PRIVACY_SECTION_ID}`}>Privacy e dati</RouterLink>
        </Link>
      </PageHeader>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <SectionCard title="Il tuo profilo">
          <Stack as="dl" gap="4">
            <Detail
              label="Nome"
              extra={
                editing ? (
                  <NameEditor currentName={user.name ?? ''} onDone={() => setEditing(false)} />
                ) : (
                  <Button size="xs" variant="outline" mt="2" onClick={() => setEditing(true)}>
                    Modifica nome
                  </Button>
                )
              }
            >
              {user.name ?? 'Non impostato'}
            </Detail>
            <Detail label="Email">{user.email}</Detail>
            <Detail label="Ruolo">{roleLabels[user.role]}</Detail>
            <Detail label="Fuso orario" extra={<TimeZoneEditor current={user.timeZone} />}>
              {user.timeZone}
            </Detail>
            <Detail label="Data di registrazione">{formatItalianDate(localDateOf(user.createdAt, user.timeZone))}</Detail>
          </Stack>
        </SectionCard>

        <SectionCard title="Il tuo allenamento">
          {user.onboardingCompletato ? (
            <Stack gap="5">
              <Stack as="dl" gap="4">
                {user.livelloAllenamento && <Detail label="Livello">{livelloLabels[user.livelloAllenamento]}</Detail>}
                {user.luogoAllenamento && <Detail label="Luogo">{luogoLabels[user.luogoAllenamento]}</Detail>}
                {user.tempoAllenamento && <Detail label="Esperienza">{tempoLabels[user.tempoAllenamento]}</Detail>}
              </Stack>
              {scheda && (
                <Stack gap="3" bg="brand.subtle" rounded="xl" p="5">
                  <Text fontSize="sm" fontWeight="600" color="brand.fg">
                    Scheda assegnata
                  </Text>
                  <Flex align="center" gap="3" wrap="wrap">
                    <Text fontSize="xl" fontWeight="800">
                      {schedaLabels[scheda]}
                    </Text>
                    <Badge colorPalette="brand" variant="solid">
                      PDF
                    </Badge>
                  </Flex>
                  <Button asChild alignSelf="flex-start">
                    <a href={schedaDownloadUrl(scheda)} download>
                      Scarica la scheda
                    </a>
                  </Button>
                </Stack>
              )}
            </Stack>
          ) : (
            <Text color="fg.muted">
              {user.role === 'OWNER'
                ? 'Come coach non hai un questionario di allenamento da compilare.'
                : 'Completa l’onboarding per ricevere la tua scheda di allenamento.'}
            </Text>
          )}
        </SectionCard>

        <SectionCard title="Notifiche e promemoria">
          <NotificationSettingsPanel />
        </SectionCard>

        <SectionCard title="Email">
          <EmailSettings role={user.role} />
        </SectionCard>

        {user.role === 'OWNER' ? null : (
          <SectionCard title="Calendario degli eventi">
            <CalendarFeedSettings timeZone={user.timeZone} />
          </SectionCard>
        )}

        <SectionCard title="Schermo">
          <ColourModeSettings />
        </SectionCard>

        <Box id={PRIVACY_SECTION_ID} scrollMarginTop="24">
          <SectionCard title="Privacy e dati">
            <PrivacySettings user={user} />
          </SectionCard>
        </Box>
      </SimpleGrid>
    </>
  );
}
