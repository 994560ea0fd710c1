import { useId, useRef, useState } from 'react';
import { Badge, Box, Button, chakra, Flex, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { RosterRow } from '@sfida/core/coach';
import { packageLabels, type Package } from '@sfida/core/packages';
import { NativeCheckbox } from '../../../components/native-checkbox';
import { formatItalianDate } from '@sfida/core/dates';
import { onboardingSummary, schedaLabels } from '@sfida/core/training-labels';
import { formatDayTime } from '../../../lib/day-time';
import { moodOf } from '../../../lib/moods';
import { participantPagePath } from '../../../coach-shared/paths';
import { TagEditor, TagList } from './tag-editor';

// What the cohort page shows of a participant, wherever it lists them (attention list, roster).

export function ParticipantLink({ cohortId, row }: { cohortId: string; row: RosterRow }) {
  return (
    <Link asChild color="brand.fg" fontWeight="600" textDecoration="underline">
      <RouterLink to={participantPagePath(cohortId, row.userId)}>{row.name}</RouterLink>
    </Link>
  );
}

/** The participant's email, under their name: it tells apart two participants with the same name. */
export function ParticipantEmail({ row }: { row: RosterRow }) {
  return (
    <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
      {row.email}
    </Text>
  );
}

export function schedaText(row: RosterRow): string {
  return row.schedaAssegnata ? schedaLabels[row.schedaAssegnata] : 'Nessuna scheda';
}

export function answersText(row: RosterRow): string {
  return onboardingSummary(row) ?? 'Onboarding non completato';
}

export function lastActivityText(row: RosterRow): string {
  return row.lastActivity ? formatItalianDate(row.lastActivity) : 'mai';
}

export function moodText(row: RosterRow): string {
  if (row.lastMood === null) return '–';
  const trend = row.moodTrend === null || row.moodTrend === 0 ? '' : row.moodTrend > 0 ? ` (+${row.moodTrend})` : ` (${row.moodTrend})`;
  return `${moodOf(row.lastMood).label} ${row.lastMood}/5${trend}`;
}

export function StatusBadges({ row }: { row: RosterRow }) {
  if (row.unreadable) return <Badge colorPalette="red">Dati non leggibili</Badge>;
  if (row.withdrawn) return <Badge colorPalette="gray">Ritirato</Badge>;
  if (!row.started) return <Badge colorPalette="orange">Non iniziato</Badge>;
  return null;
}

/** The first line of the coaches' latest note: its text on hover (title), the whole preview on a tap or Enter. */
export function NotePreview({ row }: { row: RosterRow }) {
  const note = row.latestNote;
  if (!note) return null;
  return (
    <chakra.details fontSize="xs" mt="1">
      <chakra.summary cursor="pointer" color="brand.fg" w="fit-content" title={note.text}>
        Ultima nota<chakra.span srOnly> su {row.name}</chakra.span>
      </chakra.summary>
      <Text overflowWrap="anywhere">{note.text}</Text>
      <Text color="fg.muted">
        {note.authorName} · {formatDayTime(note.createdAt)}
      </Text>
    </chakra.details>
  );
}

/** The row's tags, and its action to change them in place (the editor opens below, no dialog). */
export function RowTags({ cohortId, row }: { cohortId: string; row: RosterRow }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Box
      mt="1"
      onKeyDown={(event) => {
        // Escape closes the editor and gives the focus back to the button that opened it.
        if (event.key === 'Escape' && open) {
          setOpen(false);
          trigger.current?.focus();
        }
      }}
    >
      <Flex gap="1" align="center" wrap="wrap">
        {!open && <TagList tags={row.tags} label={`Etichette di ${row.name}`} />}
        <Button ref={trigger} size="xs" variant="ghost" colorPalette="brand" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((o) => !o)}>
          {open ? 'Chiudi etichette' : 'Etichette'}
          <chakra.span srOnly> di {row.name}</chakra.span>
        </Button>
      </Flex>
      <Box id={regionId} hidden={!open} mt="1">
        {open && <TagEditor cohortId={cohortId} userId={row.userId} name={row.name} tags={row.tags} />}
      </Box>
    </Box>
  );
}

const PACKAGE_PALETTES: Record<Package, string> = { BASE: 'gray', GUIDA: 'blue', PREMIUM: 'purple' };

/** The participant's package in the cohort (packages.ts): Base, Guida or Premium. */
export function PackageBadge({ pkg }: { pkg: Package }) {
  return (
    <Badge colorPalette={PACKAGE_PALETTES[pkg]} variant={pkg === 'BASE' ? 'outline' : 'subtle'}>
      <chakra.span srOnly>Pacchetto </chakra.span>
      {packageLabels[pkg]}
    </Badge>
  );
}

/** Selects the row for "Imposta pacchetto"; its label names the participant (and their email: two may share a name). */
export function SelectRow({ row, selected, onToggle }: { row: RosterRow; selected: boolean; onToggle: (userId: string) => void }) {
  return (
    <NativeCheckbox
      type="checkbox"
      checked={selected}
      onChange={() => onToggle(row.userId)}
      aria-label={`Seleziona ${row.name} (${row.email})`}
    />
  );
}
