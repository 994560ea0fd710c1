import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { notificationMessages, notificationSettingsInputSchema, type NotificationSettings } from '@sfida/core/notifications';
import type { IsoDate } from '@sfida/core/iso-date';
import { challengeWeekDayText, DEFAULT_REMINDER_PREFS, type ReminderKind } from '@sfida/core/reminders';
import { FormError } from '../../components/form-error';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useCohortInfo } from '../../lib/cohort-info';
import { notify } from '../../lib/notices';
import { currentSubscription, PushDeviceError, pushSupport, subscribeDevice, unsubscribeDevice } from '../../lib/push-device';
import { notificationsQueryOptions, useSaveNotificationSettings } from './api/notifications';
import { NativeCheckbox } from '../../components/native-checkbox';

function CheckboxField({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <Flex as="label" gap="3" align="flex-start" cursor="pointer" minH="11">
      <NativeCheckbox type="checkbox" mt="0.5" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <Text as="span">{children}</Text>
    </Flex>
  );
}

/** A time of day; `label` shows, `name` (which contains it) tells the inputs apart to a screen reader. */
function TimeField({ label, name, value, disabled, onChange }: { label: string; name: string; value: string; disabled: boolean; onChange: (value: string) => void }) {
  return (
    <Field.Root disabled={disabled} w="auto">
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input type="time" size="sm" w="9rem" aria-label={name} value={value} onChange={(event) => onChange(event.target.value)} />
    </Field.Root>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box as="fieldset" minW="0">
      <Text as="legend" fontWeight="700" mb="3">
        {legend}
      </Text>
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}

/** The reminders' labels: the check-in and planner ones name the last and first day of the participant's own week. */
function reminderLabelsFor(startDate: IsoDate | null): Record<ReminderKind, { label: string; time: string }> {
  return {
    habits: { label: 'Promemoria abitudini: ogni giorno, se non le hai completate tutte', time: 'Orario del promemoria abitudini' },
    checkIn: { label: `Promemoria check-in: ${challengeWeekDayText('checkIn', startDate)}, se non l’hai ancora inviato`, time: 'Orario del promemoria check-in' },
    planner: { label: `Promemoria planner: ${challengeWeekDayText('planner', startDate)}, se non l’hai ancora scritto`, time: 'Orario del promemoria planner' },
  };
}
const reminderKinds: ReminderKind[] = ['habits', 'checkIn', 'planner'];

/** The form's state: quiet hours keep their times while switched off, so switching back restores them. */
interface Draft {
  settings: NotificationSettings;
  quiet: { enabled: boolean; from: string; to: string };
}

const DEFAULT_QUIET_HOURS = DEFAULT_REMINDER_PREFS.quietHours ?? { from: '22:00', to: '07:00' };

function draftOf(settings: NotificationSettings): Draft {
  const quietHours = settings.reminders.quietHours;
  return { settings, quiet: { enabled: quietHours !== null, ...(quietHours ?? DEFAULT_QUIET_HOURS) } };
}

function settingsOf({ settings, quiet }: Draft): NotificationSettings {
  return { ...settings, reminders: { ...settings.reminders, quietHours: quiet.enabled ? { from: quiet.from, to: quiet.to } : null } };
}

/** The first problem of `settings` in Italian: core's message for a time, else a general one. */
function validationError(settings: NotificationSettings): string | null {
  const result = notificationSettingsInputSchema.safeParse(settings);
  if (result.success) return null;
  const timeIssue = result.error.issues.find((issue) => ['time', 'from', 'to'].includes(String(issue.path.at(-1))));
  return timeIssue?.message ?? notificationMessages.invalidSettings;
}

function SettingsForm({
  initial,
  isCoach,
  timeZone,
  startDate,
  plannedActionReminders,
  teams,
}: {
  initial: NotificationSettings;
  isCoach: boolean;
  timeZone: string;
  startDate: IsoDate | null;
  /** The cohort's rule: its participants are reminded of their planned actions (else there is nothing to turn off). */
  plannedActionReminders: boolean;
  /** The cohort's team rule is on: the teammates' "cinque" can reach the phone. */
  teams: boolean;
}) {
  const reminderLabels = reminderLabelsFor(startDate);
  const save = useSaveNotificationSettings();
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [error, setError] = useState<string | null>(null);
  const { settings, quiet } = draft;

  const setSettings = (change: Partial<NotificationSettings>) => setDraft((d) => ({ ...d, settings: { ...d.settings, ...change } }));
  const setReminder = (kind: ReminderKind, change: Partial<NotificationSettings['reminders'][ReminderKind]>) =>
    setDraft((d) => ({ ...d, settings: { ...d.settings, reminders: { ...d.settings.reminders, [kind]: { ...d.settings.reminders[kind], ...change } } } }));
  const setQuiet = (change: Partial<Draft['quiet']>) => setDraft((d) => ({ ...d, quiet: { ...d.quiet, ...change } }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = settingsOf(draft);
    const invalid = validationError(next);
    setError(invalid);
    if (invalid) return;
    save.mutate(next, {
      onSuccess: () => notify({ type: 'success', title: 'Preferenze delle notifiche salvate' }),
      onError: (caught) => setError(errorMessage(caught, 'Salvataggio non riuscito. Riprova.')),
    });
  }

  return (
    // noValidate: a half-typed time gets core's Italian message, not the browser's bubble.
    <Stack asChild gap="6">
      <form onSubmit={submit} noValidate>
        <FormError message={error} />
        {isCoach ? (
          <Group legend="Ricevi una notifica">
            <CheckboxField checked={settings.moodAlerts} onChange={(moodAlerts) => setSettings({ moodAlerts })}>
              Quando arriva un check-in con umore 1–2 nelle tue coorti
            </CheckboxField>
            <CheckboxField checked={settings.participantMessages} onChange={(participantMessages) => setSettings({ participantMessages })}>
              Messaggi dai partecipanti
            </CheckboxField>
          </Group>
        ) : (
          <>
            <Group legend="Promemoria">
              <Text fontSize="sm" color="fg.muted">
                Gli orari seguono il tuo fuso orario ({timeZone}).
              </Text>
              {reminderKinds.map((kind) => (
                <Stack key={kind} gap="2">
                  <CheckboxField checked={settings.reminders[kind].enabled} onChange={(enabled) => setReminder(kind, { enabled })}>
                    {reminderLabels[kind].label}
                  </CheckboxField>
                  <Box ps="8">
                    <TimeField
                      label="Orario"
                      name={reminderLabels[kind].time}
                      value={settings.reminders[kind].time}
                      disabled={!settings.reminders[kind].enabled}
                      onChange={(time) => setReminder(kind, { time })}
                    />
                  </Box>
                </Stack>
              ))}
              {plannedActionReminders && (
                <CheckboxField checked={settings.plannedActions} onChange={(plannedActions) => setSettings({ plannedActions })}>
                  Promemoria delle azioni pianificate: all’ora che hai scelto nel planner, se non l’hai ancora completata
                </CheckboxField>
              )}
              <Stack gap="2">
                <CheckboxField checked={quiet.enabled} onChange={(enabled) => setQuiet({ enabled })}>
                  Non disturbare
                </CheckboxField>
                <Flex ps="8" gap="4" wrap="wrap">
                  <TimeField label="Dalle" name="Non disturbare dalle" value={quiet.from} disabled={!quiet.enabled} onChange={(from) => setQuiet({ from })} />
                  <TimeField label="Alle" name="Non disturbare alle" value={quiet.to} disabled={!quiet.enabled} onChange={(to) => setQuiet({ to })} />
                </Flex>
              </Stack>
            </Group>
            <Group legend="Dal tuo coach">
              <CheckboxField checked={settings.coachReplies} onChange={(coachReplies) => setSettings({ coachReplies })}>
                Quando il coach risponde a un check-in
              </CheckboxField>
              <CheckboxField checked={settings.coachMessages} onChange={(coachMessages) => setSettings({ coachMessages })}>
                Quando il coach ti manda un messaggio
              </CheckboxField>
            </Group>
            {teams && (
              <Group legend="Dalla tua squadra">
                <CheckboxField checked={settings.highFives} onChange={(highFives) => setSettings({ highFives })}>
                  Quando qualcuno della squadra ti dà il cinque
                </CheckboxField>
              </Group>
            )}
          </>
        )}
        <Button type="submit" alignSelf="flex-start" loading={save.isPending} loadingText="Salvataggio...">
          Salva
        </Button>
      </form>
    </Stack>
  );
}

/** What this device shows and does: its state and the button, or why it cannot receive notifications. */
function DeviceBlock({ publicKey }: { publicKey: string | null }) {
  const [support] = useState(pushSupport);
  // Null while the browser is asked whether this device is subscribed.
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    currentSubscription()
      .then((subscription) => live && setSubscribed(subscription !== null))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [support]);

  if (publicKey === null) return <Text color="fg.muted">Le notifiche non sono disponibili al momento.</Text>;
  if (support === 'ios-needs-install') return <Text>Su iPhone i promemoria arrivano solo all’app installata: tocca Condividi, poi «Aggiungi a schermata Home», e apri l’app da lì.</Text>;
  if (support === 'unsupported') return <Text color="fg.muted">Questo browser non supporta le notifiche.</Text>;

  async function toggle(key: string) {
    setBusy(true);
    setError(null);
    try {
      if (subscribed) {
        await unsubscribeDevice();
        setSubscribed(false);
        notify({ type: 'success', title: 'Notifiche disattivate su questo dispositivo' });
      } else {
        await subscribeDevice(key);
        setSubscribed(true);
        notify({ type: 'success', title: 'Notifiche attivate su questo dispositivo' });
      }
    } catch (caught) {
      // Our messages and the API's are Italian; the browser's own (a push service down…) are not.
      const shown = caught instanceof PushDeviceError ? caught.message : caught instanceof ApiError ? errorMessage(caught, '') : '';
      setError(shown || (subscribed ? 'Disattivazione non riuscita. Riprova.' : 'Attivazione delle notifiche non riuscita. Riprova.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="3">
      <FormError message={error} />
      {subscribed !== null && <Text fontWeight="600">{subscribed ? 'Notifiche attive su questo dispositivo' : 'Notifiche non attive su questo dispositivo'}</Text>}
      <Button
        alignSelf="flex-start"
        variant={subscribed ? 'outline' : 'solid'}
        disabled={subscribed === null}
        loading={busy}
        onClick={() => void toggle(publicKey)}
      >
        {subscribed ? 'Disattiva su questo dispositivo' : 'Attiva le notifiche'}
      </Button>
    </Stack>
  );
}

/**
 * The profile's notifications: this device's subscription, then what the user wants to receive
 * (a participant's reminders and coach's news, a coach's mood alerts). Loaded on its own, so the
 * rest of the profile never waits for it.
 */
export function NotificationSettingsPanel() {
  const { user } = useAuth();
  const query = useQuery(notificationsQueryOptions());
  const participant = user?.role === 'PARTICIPANT' && Boolean(user.cohortId);
  const rules = useCohortInfo(user?.cohortId ?? '', participant).data?.rules;

  if (query.isPending) {
    return (
      <Text role="status" color="fg.muted">
        Caricamento delle notifiche...
      </Text>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="3">
        <FormError message={errorMessage(query.error, 'Impossibile caricare le impostazioni delle notifiche')} />
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => void query.refetch()}>
          Riprova
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      <DeviceBlock publicKey={query.data.publicKey} />
      <SettingsForm
        initial={query.data.settings}
        isCoach={user?.role === 'OWNER'}
        timeZone={user?.timeZone ?? ''}
        startDate={user?.challengeStartDate ?? null}
        plannedActionReminders={rules?.plannedActionReminders === true}
        teams={rules?.teamLeaderboard === true}
      />
    </Stack>
  );
}
