import { Badge, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { RosterRow } from '@sfida/core/coach';
import { formatItalianDate } from '@sfida/core/dates';
import { moodOf } from '../../../lib/moods';
import { participantPagePath } from '../paths';

// What the cohort page shows of a participant, wherever it lists them (attention list, roster).

export function ParticipantLink({ cohortId, row }: { cohortId: string; row: RosterRow }) {
  return (
    <Link asChild color="brand.fg" fontWeight="600" textDecoration="underline">
      <RouterLink to={participantPagePath(cohortId, row.userId)}>{row.name}</RouterLink>
    </Link>
  );
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
