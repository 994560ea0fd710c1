import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { needsSupport } from '@sfida/core/check-in-threads';
import { checkInPeriod, checkInPeriodLabel, isInMaintenance, maintenanceMonth, maintenanceMonthEnd } from '@sfida/core/maintenance';
import { challengeWeekNumber, formatItalianDate } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { challengeWeekDayText } from '@sfida/core/reminders';
import { currentWeekCheckIn } from '@sfida/core/tracker-actions';
import type { User } from '@sfida/core/user';
import { SectionCard } from '../../components/section-card';
import { TrackerScreen } from '../../components/tracker-screen';
import { useAuth } from '../../lib/auth';
import { useInbox } from '../../lib/inbox';
import { useToday } from '../../lib/use-today';
import { weekLabel } from '../../lib/week-label';
import { useTracker } from '../../tracker/use-tracker';
import { CheckInForm } from './components/checkin-form';
import { CheckInHistory } from './components/checkin-history';
import { MoodChart } from '../../components/mood-chart';
import { moodOf } from '../../lib/moods';

/** After a hard week's check-in (mood 1 or 2): a kind word, and where the coach will answer. */
function SupportNote() {
  return (
    <Box mt="3" pt="3" borderTopWidth="1px" borderColor="border">
      <Text fontWeight="semibold">Grazie per averlo condiviso.</Text>
      <Text mt="1">
        Le settimane difficili fanno parte del percorso, e non le affronti in solitudine. Il tuo coach leggerà il tuo check-in e ti risponderà qui;
        quando arriva la sua risposta, potrai scrivere anche tu quello che ti pesa.
      </Text>
    </Box>
  );
}

/**
 * Before the start (or with no start date): when the check-in opens, instead of a form that could
 * only be refused on sending. A check-in counts for a challenge week, and week 1 begins on the
 * start date (core's submitCheckIn).
 */
function NotStartedNote({ startDate }: { startDate: IsoDate | null }) {
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">
        {startDate
          ? `La sfida inizia il ${formatItalianDate(startDate)}: da quel giorno potrai fare il check-in della prima settimana.`
          : 'La sfida non è ancora iniziata: scegli il giorno di inizio nella dashboard, poi potrai fare il check-in della settimana.'}
      </Text>
      <Text color="fg.muted">Il momento ideale è {challengeWeekDayText('checkIn', startDate)}, ripensando alla settimana appena trascorsa.</Text>
      {!startDate && (
        <Box>
          <Button asChild variant="outline">
            <RouterLink to="/dashboard">Vai alla dashboard</RouterLink>
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function CheckInContent({ user }: { user: User }) {
  const { tracker } = useTracker();
  const today = useToday();
  const week = challengeWeekNumber(tracker.challengeStartDate, today);
  // From day 57 the check-in is monthly (core's maintenance.ts); 0 once the last month is over.
  const maintenance = isInMaintenance(tracker.challengeStartDate, today);
  const period = checkInPeriod(tracker.challengeStartDate, today);
  const done = currentWeekCheckIn(tracker, new Date());
  const inbox = useInbox(user.id);

  return (
    <Stack gap="6">
      <SectionCard title={maintenance ? (period === 0 ? 'Check-in mensile' : `Check-in mensile · ${checkInPeriodLabel(period)}`) : week === 0 ? 'Check-in della settimana' : `Check-in · ${weekLabel(week)}`}>
        {done ? (
          <Box role="status" bg="bg.success" borderRadius="md" p="4">
            <Text fontWeight="bold" color="fg.success">
              {maintenance ? '✓ Check-in già completato questo mese' : '✓ Check-in già completato questa settimana'}
            </Text>
            <Text mt="1">
              Umore: {moodOf(done.mood).emoji} {moodOf(done.mood).label}.
              {/* After a difficult week a cheerful goodbye reads badly next to the support: only the support. */}
              {needsSupport(done.mood) ? null : maintenance ? ' Ci rivediamo il prossimo mese!' : ' Ci rivediamo la prossima settimana!'}
            </Text>
            {needsSupport(done.mood) && <SupportNote />}
          </Box>
        ) : week === 0 ? (
          <NotStartedNote startDate={tracker.challengeStartDate} />
        ) : maintenance && period === 0 ? (
          <Text>I check-in mensili della fase di mantenimento sono terminati: grazie per il cammino fatto fin qui.</Text>
        ) : (
          <>
            {maintenance && (
              <Text mb="4">
                Sei nella fase di mantenimento: il check-in ora è mensile. Questo mese va fino al{' '}
                {formatItalianDate(maintenanceMonthEnd(tracker.challengeStartDate!, maintenanceMonth(tracker.challengeStartDate, today)))}.
              </Text>
            )}
            <CheckInForm today={today} monthly={maintenance} />
          </>
        )}
      </SectionCard>

      {tracker.checkIns.length > 0 && (
        <SectionCard title="Il tuo umore settimana per settimana">
          <MoodChart checkIns={tracker.checkIns} currentPeriod={period} marks="emoji" />
        </SectionCard>
      )}

      <SectionCard title="Storico dei check-in">
        <CheckInHistory checkIns={tracker.checkIns} threads={inbox.data?.threads ?? (inbox.isError ? [] : undefined)} userId={user.id} timeZone={user.timeZone} />
      </SectionCard>
    </Stack>
  );
}

/** Check-in Settimanale (/checkin); "Check-in mensile" in the maintenance phase. */
export default function CheckinPage() {
  const { user } = useAuth();
  const monthly = isInMaintenance(user?.challengeStartDate ?? null, useToday());
  return (
    <TrackerScreen
      title="Check-in"
      heading={monthly ? 'Check-in mensile' : 'Check-in Settimanale'}
      intro={monthly ? 'Un momento al mese per guardare le tue abitudini e continuare.' : 'Un momento per fermarti, guardare la settimana e ripartire.'}
    >
      {/* The page renders under the signed-in guard. */}
      {user && <CheckInContent user={user} />}
    </TrackerScreen>
  );
}
