import { useId } from 'react';
import { Flex, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { EMAIL_CHOICES, type OptionalEmailKind } from '@sfida/core/email-preferences';
import type { Role } from '@sfida/core/user';
import { FormError } from '../../components/form-error';
import { NativeCheckbox } from '../../components/native-checkbox';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notices';
import { emailPreferencesQueryOptions, useSaveEmailPreferences } from './api/email-preferences';

/** Which kinds each role receives: a participant the event and the coach's messages, a coach the digest. */
const KINDS_BY_ROLE: Record<Role, OptionalEmailKind[]> = { PARTICIPANT: ['event', 'coachMessages'], OWNER: ['digest'] };

function EmailSwitch({ label, help, checked, disabled, onChange }: { label: string; help: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const helpId = useId();
  return (
    <Flex as="label" gap="3" align="flex-start" cursor="pointer" minH="11">
      <NativeCheckbox type="checkbox" role="switch" mt="0.5" checked={checked} disabled={disabled} aria-describedby={helpId} onChange={(event) => onChange(event.target.checked)} />
      <Stack gap="0.5">
        <Text as="span" fontWeight="600">
          {label}
        </Text>
        <Text as="span" id={helpId} fontSize="sm" color="fg.muted">
          {help}
        </Text>
      </Stack>
    </Flex>
  );
}

/** The emails the caller wants, kind by kind; each switch saves at once. Account notices always go. */
export function EmailSettings({ role }: { role: Role }) {
  const query = useQuery(emailPreferencesQueryOptions());
  const save = useSaveEmailPreferences();
  const preferences = query.data?.preferences;
  const choices = EMAIL_CHOICES.filter((choice) => KINDS_BY_ROLE[role].includes(choice.kind));

  if (query.isError) return <FormError message={errorMessage(query.error, 'Impossibile leggere le preferenze email')} />;
  if (!preferences) return <Text color="fg.muted">Caricamento delle preferenze email...</Text>;
  return (
    <Stack gap="4">
      <FormError message={save.isError ? errorMessage(save.error, 'Salvataggio delle preferenze non riuscito') : null} />
      {choices.map((choice) => (
        <EmailSwitch
          key={choice.kind}
          label={choice.label}
          help={choice.help}
          checked={preferences[choice.kind]}
          disabled={save.isPending}
          onChange={(on) =>
            save.mutate({ ...preferences, [choice.kind]: on }, { onSuccess: () => notify({ title: 'Preferenze email salvate', type: 'success' }) })
          }
        />
      ))}
      <Text fontSize="sm" color="fg.muted">
        Gli avvisi sul tuo account (come la verifica dell’indirizzo o l’eliminazione) arrivano comunque. Ogni email ha anche un link per disiscriverti.
      </Text>
    </Stack>
  );
}
