import { Flex, Stack, Text } from '@chakra-ui/react';
import { countOf } from '@sfida/core/plural';
import { NativeCheckbox } from '../../../components/native-checkbox';
import { PackageSelected } from '../../../coach-shared/components/package-selected';

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
  const count = selected.size;
  const allSelected = shownCount > 0 && count === shownCount;

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
        <Stack gap="3">
          <Text fontSize="sm" role="status">
            {countOf(count, 'persona selezionata', 'persone selezionate')}
          </Text>
          <PackageSelected cohortId={cohortId} selected={selected} onDone={onDone} />
        </Stack>
      )}
    </Stack>
  );
}
