import { useId, useState } from 'react';
import { chakra, Field, Flex, Input, Stack } from '@chakra-ui/react';
import { PACKAGES, packageLabels, type Package } from '@sfida/core/packages';
import { MAX_REASON_LENGTH } from '@sfida/core/package-changes';
import { countOf } from '@sfida/core/plural';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notices';
import { useSetPackages } from '../api/people-bulk';
import { ConfirmInline } from './confirm-inline';

/** The plain select's look (the theme registers no select recipe). */
export const SELECT = { h: '10', px: '3', bg: 'bg', borderWidth: '1px', borderColor: 'border', rounded: 'l2', fontSize: 'md' } as const;

/** A select of the three packages, labelled. */
export function PackageSelect({ label, value, onChange }: { label: string; value: Package; onChange: (pkg: Package) => void }) {
  const id = useId();
  return (
    <Stack gap="1.5" minW="10rem">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <chakra.select id={id} value={value} onChange={(e) => onChange(e.target.value as Package)} {...SELECT}>
        {PACKAGES.map((pkg) => (
          <option key={pkg} value={pkg}>
            {packageLabels[pkg]}
          </option>
        ))}
      </chakra.select>
    </Stack>
  );
}

/** "Imposta pacchetto" for every selected person of a cohort: a package, a reason, one confirmation that says how many. */
export function PackageSelected({ cohortId, selected, onDone }: { cohortId: string; selected: ReadonlySet<string>; onDone: () => void }) {
  const [pkg, setPkg] = useState<Package>('GUIDA');
  const [reason, setReason] = useState('');
  const setPackages = useSetPackages(cohortId);
  const people = countOf(selected.size, 'persona', 'persone');

  async function apply() {
    try {
      const answer = await setPackages.mutateAsync({ participantIds: [...selected], package: pkg, reason: reason.trim() || null });
      notify({ type: 'success', title: 'Pacchetto impostato', description: `${packageLabels[pkg]}: ${countOf(answer.changed, 'persona aggiornata', 'persone aggiornate')}.` });
      setReason('');
      onDone();
    } catch (caught) {
      notify({ type: 'error', title: 'Pacchetto non impostato', description: errorMessage(caught, 'Riprova tra poco.') });
      throw caught;
    }
  }

  return (
    <Stack gap="3" role="group" aria-label="Imposta pacchetto per i selezionati">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <PackageSelect label="Nuovo pacchetto" value={pkg} onChange={setPkg} />
        <Field.Root flex="1" minW="12rem">
          <Field.Label>Motivo (facoltativo)</Field.Label>
          <Input value={reason} maxLength={MAX_REASON_LENGTH} onChange={(e) => setReason(e.target.value)} />
        </Field.Root>
      </Flex>
      <ConfirmInline
        label="Imposta pacchetto"
        question={`Impostare il pacchetto ${packageLabels[pkg]} per ${people}?`}
        confirmLabel={`Imposta per ${people}`}
        pending={setPackages.isPending}
        onConfirm={apply}
      />
    </Stack>
  );
}
