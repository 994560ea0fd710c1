import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { Badge, Box, Button, chakra, Field, Flex, Input, Link, Stack, Text, useChakraContext } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { RosterRow } from '@sfida/core/coach';
import { formatItalianDate } from '@sfida/core/dates';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/api-client';
import { moodOf } from '../../../lib/moods';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMediaQuery } from '../../../lib/use-media-query';
import { cohortExportUrl, useAddCoach, useCoachCohorts } from '../api/cohorts';
import { useRoster } from '../api/roster';
import { participantPagePath } from '../paths';
import { needingAttention, sortedReasons } from './attention';
import { orderRoster, ROSTER_SORTS, type RosterSort } from './roster-order';
import { MessageComposer, SentMessages } from './cohort-messages';
import { EventsEditor } from './events-editor';

function ParticipantLink({ cohortId, row }: { cohortId: string; row: RosterRow }) {
  return (
    <Link asChild color="brand.fg" fontWeight="600" textDecoration="underline">
      <RouterLink to={participantPagePath(cohortId, row.userId)}>{row.name}</RouterLink>
    </Link>
  );
}

function lastActivityText(row: RosterRow): string {
  return row.lastActivity ? formatItalianDate(row.lastActivity) : 'mai';
}

function moodText(row: RosterRow): string {
  if (row.lastMood === null) return '–';
  const trend = row.moodTrend === null || row.moodTrend === 0 ? '' : row.moodTrend > 0 ? ` (+${row.moodTrend})` : ` (${row.moodTrend})`;
  return `${moodOf(row.lastMood).label} ${row.lastMood}/5${trend}`;
}

function StatusBadges({ row }: { row: RosterRow }) {
  if (row.unreadable) return <Badge colorPalette="red">Dati non leggibili</Badge>;
  if (row.withdrawn) return <Badge colorPalette="gray">Ritirato</Badge>;
  if (!row.started) return <Badge colorPalette="orange">Non iniziato</Badge>;
  return null;
}

function AttentionList({ cohortId, rows }: { cohortId: string; rows: RosterRow[] }) {
  const urgent = needingAttention(rows);
  if (urgent.length === 0) return <Text color="fg.muted">Nessuno da contattare oggi: tutti in carreggiata.</Text>;
  return (
    <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label="Partecipanti da contattare oggi">
      {urgent.map((row) => (
        <Box as="li" key={row.userId} borderWidth="1px" borderColor="border" rounded="lg" p="3">
          <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
            <ParticipantLink cohortId={cohortId} row={row} />
            <Text fontSize="sm" color="fg.muted">
              Ultima attività: {lastActivityText(row)}
            </Text>
          </Flex>
          <Flex as="ul" gap="2" wrap="wrap" mt="2" p="0" listStyleType="none" aria-label={`Motivi per ${row.name}`}>
            {sortedReasons(row).map((reason) => (
              <li key={reason.code}>
                <Badge colorPalette={reason.code === 'lowMood' || reason.code === 'moodDrop' ? 'red' : 'orange'} variant="subtle" whiteSpace="normal">
                  {reason.label}
                </Badge>
              </li>
            ))}
          </Flex>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The table's styles, set once on it rather than per cell (docs/decisions/014); plain elements,
 * since the theme registers no table recipe (it carries only what the participants' screens use).
 */
const TABLE = {
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border', textAlign: 'start', verticalAlign: 'middle' },
  '& thead th': { fontWeight: 'semibold', color: 'fg.muted', whiteSpace: 'nowrap', bg: 'bg.muted' },
  '& th[aria-sort]': { color: 'fg' },
  '& [data-numeric]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  '& tbody tr:hover': { bg: 'bg.subtle' },
} as const;

/** The roster as a table, for wide screens; the sorted column says so (aria-sort). */
function RosterTable({ cohortId, rows, sort }: { cohortId: string; rows: RosterRow[]; sort: RosterSort }) {
  const sortedBy = (key: RosterSort) => (sort === key ? (key === 'name' ? 'ascending' : 'descending') : undefined);
  return (
    <Box overflowX="auto" borderWidth="1px" borderColor="border" rounded="md" tabIndex={0} role="group" aria-label="Tabella del roster">
      <chakra.table css={TABLE}>
        <chakra.caption srOnly>Roster della coorte, ordinato per {ROSTER_SORTS[sort].toLowerCase()}</chakra.caption>
        <thead>
          <tr>
            <th scope="col" aria-sort={sortedBy('name')}>
              Nome
            </th>
            <th scope="col">Settimana</th>
            <th scope="col" data-numeric="">
              Punti settimana
            </th>
            <th scope="col" data-numeric="" aria-sort={sortedBy('points')}>
              Punti totali
            </th>
            <th scope="col" data-numeric="">
              Abitudini 7 gg
            </th>
            <th scope="col" data-numeric="" aria-sort={sortedBy('streak')}>
              Serie
            </th>
            <th scope="col" aria-sort={sortedBy('lastActivity')}>
              Ultima attività
            </th>
            <th scope="col">Umore</th>
            <th scope="col">Planner</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.userId}>
              <td>
                <Flex gap="2" align="center" wrap="wrap">
                  <ParticipantLink cohortId={cohortId} row={row} />
                  <StatusBadges row={row} />
                </Flex>
              </td>
              <td>{row.started ? row.challengeWeek : '–'}</td>
              <td data-numeric="">{row.pointsThisWeek}</td>
              <td data-numeric="">{row.totalPoints}</td>
              <td data-numeric="">{row.habitsLast7DaysPercent === null ? '–' : `${row.habitsLast7DaysPercent}%`}</td>
              <td data-numeric="">{row.currentStreak} gg</td>
              <td>{lastActivityText(row)}</td>
              <td>{moodText(row)}</td>
              <td>{row.plannerSavedThisWeek ? 'Salvato' : 'Da fare'}</td>
            </tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  );
}

/** The roster as cards, for phones. */
function RosterCards({ cohortId, rows }: { cohortId: string; rows: RosterRow[] }) {
  return (
    <Stack as="ul" gap="3" p="0" m="0" listStyleType="none" aria-label="Roster della coorte">
      {rows.map((row) => (
        <Box as="li" key={row.userId} borderWidth="1px" borderColor="border" rounded="lg" p="3">
          <Flex gap="2" align="center" wrap="wrap">
            <ParticipantLink cohortId={cohortId} row={row} />
            <StatusBadges row={row} />
          </Flex>
          <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5" mt="2" fontSize="sm">
            <Text as="dt" color="fg.muted">
              Punti
            </Text>
            <Text as="dd">
              {row.totalPoints} totali · {row.pointsThisWeek} questa settimana
            </Text>
            <Text as="dt" color="fg.muted">
              Serie
            </Text>
            <Text as="dd">{row.currentStreak} gg</Text>
            <Text as="dt" color="fg.muted">
              Abitudini 7 gg
            </Text>
            <Text as="dd">{row.habitsLast7DaysPercent === null ? '–' : `${row.habitsLast7DaysPercent}%`}</Text>
            <Text as="dt" color="fg.muted">
              Ultima attività
            </Text>
            <Text as="dd">{lastActivityText(row)}</Text>
            <Text as="dt" color="fg.muted">
              Umore
            </Text>
            <Text as="dd">{moodText(row)}</Text>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function Roster({ cohortId, rows, complete }: { cohortId: string; rows: RosterRow[]; complete: boolean }) {
  const [sort, setSort] = useState<RosterSort>('name');
  const [search, setSearch] = useState('');
  const sortId = useId();
  const shown = orderRoster(rows, sort, useDeferredValue(search));
  // A table from the md breakpoint, cards below it (a 9-column table does not fit 360 px).
  const wide = useMediaQuery(useChakraContext().breakpoints.up('md').replace('@media ', ''));
  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Field.Root flex="1" minW="12rem">
          <Field.Label>Cerca per nome</Field.Label>
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
        <Text color="fg.muted">{rows.length === 0 ? 'Nessun partecipante ancora.' : 'Nessun partecipante con questo nome.'}</Text>
      ) : wide ? (
        <RosterTable cohortId={cohortId} rows={shown} sort={sort} />
      ) : (
        <RosterCards cohortId={cohortId} rows={shown} />
      )}
    </Stack>
  );
}

function AddCoachForm({ cohortId }: { cohortId: string }) {
  const addCoach = useAddCoach(cohortId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (email.trim() === '') {
      setError('Inserisci l’email del coach');
      return;
    }
    setError(null);
    try {
      await addCoach.mutateAsync(email.trim());
      notify({ type: 'success', title: 'Coach aggiunto', description: email.trim() });
      setEmail('');
    } catch (caught) {
      setError(errorMessage(caught, 'Aggiunta del coach non riuscita'));
    }
  }

  return (
    <Stack asChild gap="3">
      <form onSubmit={submit} noValidate>
        <FormError message={error} />
        <Field.Root required>
          <Field.Label>Email del coach</Field.Label>
          <Input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Field.HelperText>Deve avere già un account da coach.</Field.HelperText>
        </Field.Root>
        <Box>
          <Button type="submit" size="sm" loading={addCoach.isPending} loadingText="Aggiunta...">
            Aggiungi coach
          </Button>
        </Box>
      </form>
    </Stack>
  );
}

/** /coach/:cohortId: who needs the coach today, the whole roster, the export, messages to the cohort, the events, the co-coaches. */
export function CohortPage() {
  const { cohortId = '' } = useParams();
  const cohort = useCoachCohorts().data?.find((c) => c.id === cohortId);
  const roster = useRoster(cohortId);
  const title = cohort?.name ?? 'Coorte';
  useDocumentTitle(title);

  return (
    <>
      <Link asChild color="brand.fg" fontSize="sm" mb="2">
        <RouterLink to="/coach">← Tutte le coorti</RouterLink>
      </Link>
      <PageHeader title={title}>{cohort ? `Inizio: ${formatItalianDate(cohort.startDate)} · ${cohort.participantCount} partecipanti` : undefined}</PageHeader>
      <Stack gap="6">
        {roster.error ? (
          <FormError message={errorMessage(roster.error, 'Impossibile caricare i partecipanti')} />
        ) : roster.rows === undefined ? (
          <Text role="status" color="fg.muted">
            Caricamento...
          </Text>
        ) : (
          <>
            <SectionCard title="Da contattare oggi">
              <AttentionList cohortId={cohortId} rows={roster.rows} />
            </SectionCard>
            <SectionCard
              title="Roster"
              action={
                <Button asChild size="sm" variant="outline">
                  <a href={cohortExportUrl(cohortId)} download>
                    Esporta CSV
                  </a>
                </Button>
              }
            >
              <Roster cohortId={cohortId} rows={roster.rows} complete={roster.complete} />
            </SectionCard>
          </>
        )}
        <SectionCard title="Messaggio alla coorte">
          <MessageComposer cohortId={cohortId} rows={roster.rows ?? []} />
        </SectionCard>
        <SectionCard title="Messaggi inviati">
          <SentMessages cohortId={cohortId} />
        </SectionCard>
        <SectionCard title="Eventi">
          <EventsEditor cohortId={cohortId} />
        </SectionCard>
        <SectionCard title="Aggiungi coach">
          <AddCoachForm cohortId={cohortId} />
        </SectionCard>
      </Stack>
    </>
  );
}
