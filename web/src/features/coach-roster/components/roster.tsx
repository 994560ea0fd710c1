import { countOf } from '@sfida/core/plural';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { chakra, Field, Flex, Input, Stack, Text, useChakraContext } from '@chakra-ui/react';
import type { RosterRow } from '@sfida/core/coach';
import { PACKAGES, packageLabels, type Package } from '@sfida/core/packages';
import { FormError } from '../../../components/form-error';
import { ShowMoreButton, useShowMore } from '../../../coach-shared/components/show-more';
import { errorMessage } from '../../../lib/api-client';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useRoster } from '../api/roster';
import { useCohortTags } from '../../../coach-shared/api/cohort-tags';
import { RosterCards } from './roster-cards';
import { orderRoster, ROSTER_SORTS, type RosterSort } from './roster-order';
import { RosterTable } from './roster-table';
import { PackageBulkBar } from './package-bulk-bar';
import { SearchElsewhere } from './participant-search';
import { SELECT } from '../../../coach-shared/components/package-selected';
import { useRosterSelection } from './roster-selection';
import { RosterBulkActions } from './roster-bulk-actions';

/** Rows shown at first, and added by each "Mostra altri". */
export const ROSTER_STEP = 10;

/** Only the participants with a package: the rows are all loaded, so filtered here. */
function PackageFilter({ value, onChoose }: { value: Package | null; onChoose: (pkg: Package | null) => void }) {
  const id = useId();
  return (
    <Stack gap="1.5" flex="1" minW="12rem">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        Filtra per pacchetto
      </chakra.label>
      <chakra.select id={id} value={value ?? ''} onChange={(e) => onChoose(e.target.value === '' ? null : (e.target.value as Package))} {...SELECT}>
        <option value="">Tutti i pacchetti</option>
        {PACKAGES.map((pkg) => (
          <option key={pkg} value={pkg}>
            {packageLabels[pkg]}
          </option>
        ))}
      </chakra.select>
    </Stack>
  );
}

/** Only the cohort's tags in use, to filter by; nothing until the coaches tag someone. */
function TagFilter({ cohortId, tag, onChoose }: { cohortId: string; tag: string | null; onChoose: (tag: string | null) => void }) {
  const tags = useCohortTags(cohortId).data ?? [];
  const id = useId();
  if (tags.length === 0 && tag === null) return null;
  return (
    <Stack gap="1.5" flex="1" minW="12rem">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        Filtra per etichetta
      </chakra.label>
      <chakra.select id={id} value={tag ?? ''} onChange={(e) => onChoose(e.target.value === '' ? null : e.target.value)} {...SELECT}>
        <option value="">Tutte le etichette</option>
        {tags.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </chakra.select>
    </Stack>
  );
}

/**
 * The whole cohort, or its participants with a tag (the server filters), of a package, searched by
 * name or email and sorted: a table on wide screens, cards on phones. Unless `readOnly` (an archived
 * cohort), rows can be selected for "Imposta pacchetto".
 */
export function Roster({ cohortId, rows: allRows, complete: allComplete, readOnly = false }: { cohortId: string; rows: RosterRow[]; complete: boolean; readOnly?: boolean }) {
  const [sort, setSort] = useState<RosterSort>('name');
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string | null>(null);
  const tagged = useRoster(cohortId, tag, tag !== null);
  const rows = tag === null ? allRows : (tagged.rows ?? []);
  const complete = tag === null ? allComplete : tagged.complete;
  const [pkg, setPkg] = useState<Package | null>(null);
  const sortId = useId();
  const searched = orderRoster(rows, sort, useDeferredValue(search));
  const shown = pkg === null ? searched : searched.filter((row) => row.package === pkg);
  const { selected, toggle, setAll, clear } = useRosterSelection(useMemo(() => shown.map((row) => row.userId), [shown]));
  // A cohort of hundreds shows its first rows and more on demand: the page stays a few screens long.
  const { shown: visible, hidden, more } = useShowMore(shown, ROSTER_STEP);
  const selection = readOnly ? null : { selected, toggle };
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
          <chakra.select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as RosterSort)} {...SELECT}>
            {Object.entries(ROSTER_SORTS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </chakra.select>
        </Stack>
        <TagFilter cohortId={cohortId} tag={tag} onChoose={setTag} />
        <PackageFilter value={pkg} onChoose={setPkg} />
      </Flex>
      {selection && <PackageBulkBar cohortId={cohortId} selected={selected} shownCount={shown.length} onSelectAll={setAll} onDone={clear} />}
      {selection && selected.size > 0 && <RosterBulkActions cohortId={cohortId} selected={selected} names={new Map(shown.map((row) => [row.userId, row.name]))} onDone={clear} />}
      {tag !== null && tagged.error && <FormError message={errorMessage(tagged.error, 'Impossibile filtrare per etichetta')} />}
      <Text fontSize="sm" color="fg.muted" role="status">
        {!complete
          ? `Caricamento dei partecipanti... (${rows.length} finora)`
          : tag === null
            ? `${shown.length} di ${countOf(rows.length, 'partecipante', 'partecipanti')}${pkg === null ? '' : ` con il pacchetto ${packageLabels[pkg]}`}`
            : `${shown.length} di ${countOf(rows.length, 'partecipante', 'partecipanti')} con l’etichetta «${tag}»`}
      </Text>
      {shown.length === 0 ? (
        <Stack gap="2">
          <Text color="fg.muted">
            {rows.length > 0 && pkg !== null && searched.length > 0 ? 'Nessun partecipante con questo pacchetto.' : rows.length > 0 ? 'Nessun partecipante con questo nome o email.' : tag === null ? 'Nessun partecipante ancora.' : 'Nessun partecipante con questa etichetta.'}
          </Text>
          {rows.length > 0 && searched.length === 0 && complete && <SearchElsewhere text={search} />}
        </Stack>
      ) : wide ? (
        <RosterTable cohortId={cohortId} rows={visible} sort={sort} selection={selection} />
      ) : (
        <RosterCards cohortId={cohortId} rows={visible} selection={selection} />
      )}
      <ShowMoreButton hidden={hidden} onClick={more} />
    </Stack>
  );
}
