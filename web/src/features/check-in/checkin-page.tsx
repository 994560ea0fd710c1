import { Box, Stack, Text } from '@chakra-ui/react';
import { challengeWeekNumber } from '@sfida/core/dates';
import { currentWeekCheckIn } from '@sfida/core/tracker-actions';
import { SectionCard } from '../../components/section-card';
import { TrackerScreen } from '../../components/tracker-screen';
import { useToday } from '../../lib/use-today';
import { weekLabel } from '../../lib/week-label';
import { useTracker } from '../../tracker/use-tracker';
import { CheckInForm } from './components/checkin-form';
import { CheckInHistory } from './components/checkin-history';
import { MoodChart } from './components/mood-chart';
import { moodOf } from '../../lib/moods';

function CheckInContent() {
  const { tracker } = useTracker();
  const today = useToday();
  const week = challengeWeekNumber(tracker.challengeStartDate, today);
  const done = currentWeekCheckIn(tracker, new Date());

  return (
    <Stack gap="6">
      <SectionCard title={week === 0 ? 'Check-in della settimana' : `Check-in · ${weekLabel(week)}`}>
        {done ? (
          <Box role="status" bg="bg.success" borderRadius="md" p="4">
            <Text fontWeight="bold" color="fg.success">
              ✓ Check-in già completato questa settimana
            </Text>
            <Text mt="1">
              Umore: {moodOf(done.mood).emoji} {moodOf(done.mood).label}. Ci rivediamo la prossima settimana!
            </Text>
          </Box>
        ) : (
          <CheckInForm today={today} />
        )}
      </SectionCard>

      {tracker.checkIns.length > 0 && (
        <SectionCard title="Il tuo umore settimana per settimana">
          <MoodChart checkIns={tracker.checkIns} currentWeek={week} />
        </SectionCard>
      )}

      <SectionCard title="Storico dei check-in">
        <CheckInHistory checkIns={tracker.checkIns} />
      </SectionCard>
    </Stack>
  );
}

/** Check-in Settimanale (/checkin). */
export default function CheckinPage() {
  return (
    <TrackerScreen title="Check-in" heading="Check-in Settimanale" intro="Un momento per fermarti, guardare la settimana e ripartire.">
      <CheckInContent />
    </TrackerScreen>
  );
}
