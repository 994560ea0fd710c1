import { Text } from '@chakra-ui/react';
import { formatDayTime } from '../../../lib/day-time';

/** Offline: says so, and how old the ranking shown is, or that there is none on this device. */
export function OfflineRankingNote({ receivedAt, timeZone }: { receivedAt: string | null; timeZone?: string }) {
  return (
    <Text role="status" fontSize="sm" color="fg.muted" mb="3">
      {receivedAt === null
        ? 'Sei offline: la classifica apparirà quando tornerai online.'
        : `Sei offline: questa è l’ultima classifica ricevuta, del ${formatDayTime(receivedAt, timeZone)}.`}
    </Text>
  );
}
