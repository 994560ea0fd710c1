import { useDeferredValue, useState, type FormEvent } from 'react';
import { Badge, Box, Button, Field, Flex, Input, Link, NativeSelect, Stack, Table, Text, useChakraContext } from '@chakra-ui/react';
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

/** The roster as a table, for wide screens. */
function RosterTable({ cohortId, rows, sort }: { cohortId: string; rows: RosterRow[]; sort: RosterSort }) {
  const sorted = (key: RosterSort) => (sort === key ? ('ascending' as const) : undefined);
  const descending = (key: RosterSort) => (sort === key ? ('descending' as const) : undefined);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>Roster della coorte</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader aria-sort={sorted('name')}>Nome</Table.ColumnHeader>
            <Table.ColumnHeader>Settimana</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Punti settimana</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" aria-sort={descending('points')}>
              Punti totali
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Abitudini 7 gg</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" aria-sort={descending('streak')}>
              Serie
            </Table.ColumnHeader>
            <Table.ColumnHeader aria-sort={descending('lastActivity')}>Ultima attività</Table.ColumnHeader>
            <Table.ColumnHeader>Umore</Table.ColumnHeader>
            <Table.ColumnHeader>Planner</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.userId}>
              <Table.Cell>
                <Flex gap="2" align="center" wrap="wrap">
                  <ParticipantLink cohortId={cohortId} row={row} />
                  <StatusBadges row={row} />
                </Flex>
              </Table.Cell>
              <Table.Cell>{row.started ? row.challengeWeek : '–'}</Table.Cell>
              <Table.Cell textAlign="end">{row.pointsThisWeek}</Table.Cell>
              <Table.Cell textAlign="end">{row.totalPoints}</Table.Cell>
              <Table.Cell textAlign="end">{row.habitsLast7DaysPercent === null ? '–' : `${row.habitsLast7DaysPercent}%`}</Table.Cell>
              <Table.Cell textAlign="end">{row.currentStreak} gg</Table.Cell>
              <Table.Cell>{lastActivityText(row)}</Table.Cell>
              <Table.Cell>{moodText(row)}</Table.Cell>
              <Table.Cell>{row.plannerSavedThisWeek ? 'Salvato' : 'Da fare'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
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
        <Field.Root w="auto" minW="12rem">
          <Field.Label>Ordina per</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={sort} onChange={(e) => setSort(e.target.value as RosterSort)}>
              {Object.entries(ROSTER_SORTS).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
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

/** /coach/:cohortId: who needs the coach today, the whole roster, the export, the co-coaches. */
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
        <SectionCard title="Aggiungi coach">
          <AddCoachForm cohortId={cohortId} />
        </SectionCard>
      </Stack>
    </>
  );
}
