import { useId, useState } from 'react';
import { chakra, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { PACKAGES, packageLabels, type Package } from '@sfida/core/packages';
import { MAX_REASON_LENGTH } from '@sfida/core/package-changes';
import { countOf } from '@sfida/core/plural';
import { NativeCheckbox } from '../../../components/native-checkbox';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { ConfirmInline } from '../../../coach-shared/components/confirm-inline';
import { useSetPackages } from '../api/packages';

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

/**
 * "Seleziona tutti" over the rows shown, and, with someone selected, "Imposta pacchetto" for them:
 * one confirmation that says how many people it changes.
 */
export function PackageBulkBar({
  cohortId,
  selected,
  shownCount,
  onSelectAll,
  onDone,
}: {
  cohortId: string;
  selected: ReadonlySet<string>;
  shownCount: number;
  onSelectAll: (all: boolean) => void;
  onDone: () => void;
}) {
  const [pkg, setPkg] = useState<Package>('GUIDA');
  const [reason, setReason] = useState('');
  const setPackages = useSetPackages(cohortId);
  const count = selected.size;
  const allSelected = shownCount > 0 && count === shownCount;

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
    <Stack gap="3" borderWidth={count > 0 ? '1px' : '0'} borderColor="border" rounded="md" p={count > 0 ? '3' : '0'}>
      <Flex as="label" gap="2" align="center" cursor="pointer" w="fit-content">
        <NativeCheckbox
          type="checkbox"
          checked={allSelected}
          ref={(input: HTMLInputElement | null) => {
            if (input) input.indeterminate = count > 0 && !allSelected;
          }}
          disabled={shownCount === 0}
          onChange={(e) => onSelectAll(e.target.checked)}
        />
        <Text as="span" fontSize="sm">
          Seleziona tutti
        </Text>
      </Flex>
      {count > 0 && (
        <Stack gap="3" role="group" aria-label="Imposta pacchetto per i selezionati">
          <Text fontSize="sm" role="status">
            {countOf(count, 'persona selezionata', 'persone selezionate')}
          </Text>
          <Flex gap="3" wrap="wrap" align="flex-end">
            <PackageSelect label="Nuovo pacchetto" value={pkg} onChange={setPkg} />
            <Field.Root flex="1" minW="12rem">
              <Field.Label>Motivo (facoltativo)</Field.Label>
              <Input value={reason} maxLength={MAX_REASON_LENGTH} onChange={(e) => setReason(e.target.value)} />
            </Field.Root>
          </Flex>
          <ConfirmInline
            label="Imposta pacchetto"
            question={`Impostare il pacchetto ${packageLabels[pkg]} per ${countOf(count, 'persona', 'persone')}?`}
            confirmLabel={`Imposta per ${countOf(count, 'persona', 'persone')}`}
            pending={setPackages.isPending}
            onConfirm={apply}
          />
        </Stack>
      )}
    </Stack>
  );
}
