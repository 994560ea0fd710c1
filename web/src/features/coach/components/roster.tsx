import { useDeferredValue, useId, useState } from 'react';
import { chakra, Field, Flex, Input, Stack, Text, useChakraContext } from '@chakra-ui/react';
import type { RosterRow } from '@sfida/core/coach';
import { useMediaQuery } from '../../../lib/use-media-query';
import { RosterCards } from './roster-cards';
import { orderRoster, ROSTER_SORTS, type RosterSort } from './roster-order';
import { RosterTable } from './roster-table';

/** The whole cohort, searched by name or email and sorted: a table on wide screens, cards on phones. */
export function Roster({ cohortId, rows, complete }: { cohortId: string; rows: RosterRow[]; complete: boolean }) {
  const [sort, setSort] = useState<RosterSort>('name');
  const [search, setSearch] = useState('');
  const sortId = useId();
  const shown = orderRoster(rows, sort, useDeferredValue(search));
  // A table from the md breakpoint, cards below it (a 10-column table does not fit 360 px).
  const wide = useMediaQuery(useChakraContext().breakpoints.up('md').replace('@media ', ''));
  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Field.Root flex="1" minW="12rem">
          <Field.Label>Cerca per nome o email</Field.Label>
          <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field.Root>
        <Stack gap="1.5" flex="1" minW="12rem">
          <chakra.label htmlFor={sortId} fontSize="sm" fontWeight="medium">
            Ordina per
          </chakra.label>
          {/* A plain select: the theme registers no select recipe. */}
          <chakra.select
            id={sortId}
            value={sort}
            onChange={(e) => setSort(e.target.value as RosterSort)}
            h="10"
            px="3"
            bg="bg"
            borderWidth="1px"
            borderColor="border"
            rounded="l2"
            fontSize="md"
          >
            {Object.entries(ROSTER_SORTS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </chakra.select>
        </Stack>
      </Flex>
      <Text fontSize="sm" color="fg.muted" role="status">
        {complete ? `${shown.length} di ${rows.length} partecipanti` : `Caricamento dei partecipanti... (${rows.length} finora)`}
      </Text>
      {shown.length === 0 ? (
        <Text color="fg.muted">{rows.length === 0 ? 'Nessun partecipante ancora.' : 'Nessun partecipante con questo nome o email.'}</Text>
      ) : wide ? (
        <RosterTable cohortId={cohortId} rows={shown} sort={sort} />
      ) : (
        <RosterCards cohortId={cohortId} rows={shown} />
      )}
    </Stack>
  );
}
