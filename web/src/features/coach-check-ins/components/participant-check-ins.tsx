import { Stack, Text } from '@chakra-ui/react';
import type { CheckInCard as CheckInThreadCard } from '@sfida/core/check-in-threads';
import type { TrackerData } from '@sfida/core/tracker';
import { CheckInCard } from '../../../components/check-in-card';
import { FormError } from '../../../components/form-error';
import { MoodChart } from '../../../components/mood-chart';
import { errorMessage } from '../../../lib/api-client';
import { useParticipantCheckIns } from '../api/check-ins';
import { CheckInVoiceNote, ReplyForm, ThreadView } from './check-in-thread';

/** A check-in's thread under it: the reply form while no coach has handled it. */
function WeekThread({ card }: { card: CheckInThreadCard | undefined }) {
  if (!card) return null;
  return (
    <Stack mt="3" pt="3" gap="3" borderTopWidth="1px" borderColor="border">
      <CheckInVoiceNote card={card} />
      {card.status === 'open' ? <ReplyForm card={card} /> : <ThreadView card={card} />}
    </Stack>
  );
}

/** A participant's page's "Check-in e umore": the mood chart, then every check-in with its thread. */
export function ParticipantCheckIns({ cohortId, userId, tracker, currentPeriod }: { cohortId: string; userId: string; tracker: TrackerData; currentPeriod: number }) {
  // The threads live on the server, keyed by week; the tracker holds the check-ins themselves.
  const threads = useParticipantCheckIns(cohortId, userId);
  const byWeek = [...tracker.checkIns].sort((a, b) => a.weekNumber - b.weekNumber);
  return (
    <Stack gap="5">
      <MoodChart checkIns={tracker.checkIns} currentPeriod={currentPeriod} marks="number" />
      {threads.isError && <FormError message={errorMessage(threads.error, 'Impossibile caricare le risposte ai check-in')} />}
      {byWeek.length === 0 ? (
        <Text color="fg.muted">Nessun check-in ancora.</Text>
      ) : (
        <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label="Check-in">
          {byWeek.map((checkIn) => (
            <CheckInCard key={checkIn.id} checkIn={checkIn}>
              <Text mt="1" whiteSpace="pre-wrap" overflowWrap="anywhere">
                {checkIn.reflection}
              </Text>
              {checkIn.audioNote && (
                <Text mt="1" fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                  🎙️ Nota vocale: {checkIn.audioNote}
                </Text>
              )}
              <WeekThread card={threads.data?.find((card) => card.weekNumber === checkIn.weekNumber)} />
            </CheckInCard>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
