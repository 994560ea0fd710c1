import { useState } from 'react';
import { Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { packageLabels, type Package } from '@sfida/core/packages';
import { MAX_REASON_LENGTH, packageChangeWayLabels, type PackageHistory } from '@sfida/core/package-changes';
import { FormError } from '../../../../components/form-error';
import { errorMessage } from '../../../../lib/api-client';
import { formatDayTime } from '../../../../lib/day-time';
import { notify } from '../../../../lib/notices';
import { usePackageHistory } from '../../api/packages';
import { useSetPackages } from '../../../../coach-shared/api/people-bulk';
import { PackageSelect } from '../../../../coach-shared/components/package-selected';

/** "Pacchetto" on the participant's page: the package now, a change with its reason, and the history. */
export function PackageSection({ cohortId, userId, name }: { cohortId: string; userId: string; name: string }) {
  const history = usePackageHistory(cohortId, userId);
  if (history.isPending) {
    return (
      <Text role="status" color="fg.muted">
        Caricamento...
      </Text>
    );
  }
  if (history.isError) return <FormError message={errorMessage(history.error, 'Impossibile caricare il pacchetto')} />;
  // Keyed by the package now: a change saved elsewhere starts the form again from it.
  return <PackageForm key={history.data.package} cohortId={cohortId} userId={userId} name={name} history={history.data} />;
}

function PackageForm({ cohortId, userId, name, history }: { cohortId: string; userId: string; name: string; history: PackageHistory }) {
  const [pkg, setPkg] = useState<Package>(history.package);
  const [reason, setReason] = useState('');
  const setPackages = useSetPackages(cohortId);
  async function save(event: React.FormEvent) {
    event.preventDefault();
    try {
      await setPackages.mutateAsync({ participantIds: [userId], package: pkg, reason: reason.trim() || null });
      notify({ type: 'success', title: 'Pacchetto salvato', description: `${name}: ${packageLabels[pkg]}.` });
    } catch {
      // Shown under the form.
    }
  }
  return (
    <Stack gap="4">
      <Stack asChild gap="3">
        <form onSubmit={save} noValidate aria-label={`Pacchetto di ${name}`}>
          <FormError message={setPackages.error ? errorMessage(setPackages.error, 'Pacchetto non salvato: riprova tra poco.') : null} />
          <Flex gap="3" wrap="wrap" align="flex-end">
            <PackageSelect label="Pacchetto" value={pkg} onChange={setPkg} />
            <Field.Root flex="1" minW="12rem">
              <Field.Label>Motivo (facoltativo)</Field.Label>
              <Input value={reason} maxLength={MAX_REASON_LENGTH} onChange={(e) => setReason(e.target.value)} />
            </Field.Root>
          </Flex>
          <Flex>
            <Button type="submit" size="sm" disabled={pkg === history.package} loading={setPackages.isPending} loadingText="Salvataggio...">
              Salva pacchetto
            </Button>
          </Flex>
        </form>
      </Stack>
      {history.changes.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Nessun cambio di pacchetto finora.
        </Text>
      ) : (
        <Stack as="ol" gap="2" p="0" m="0" listStyleType="none" aria-label="Storico del pacchetto" fontSize="sm">
          {history.changes.map((change) => (
            <li key={change.id}>
              <Text>
                {packageLabels[change.from]} → {packageLabels[change.to]} · {packageChangeWayLabels[change.how]}
                {change.byName ? ` · ${change.byName}` : ''}
              </Text>
              <Text color="fg.muted">
                {formatDayTime(change.at)}
                {change.why ? ` · «${change.why}»` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
