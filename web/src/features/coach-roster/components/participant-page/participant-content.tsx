import { Badge, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import type { ParticipantDetail } from '@sfida/core/coach';
import { challengeWeekNumber, todayIn } from '@sfida/core/dates';
import { checkInPeriod } from '@sfida/core/maintenance';
import type { TrackerData } from '@sfida/core/tracker';
import { PointsByWeekChart } from '../../../../components/points-by-week-chart';
import { SectionCard } from '../../../../components/section-card';
import { sortedReasons } from './attention';
import { CoachOnly } from './coach-only';
import { HabitGrid } from './habit-grid';
import { Badges } from './participant-badges';
import { Figures } from './participant-figures';
import { ParticipantStatus } from './participant-status';
import { WeeklyPlanner } from './weekly-planner';
import { Withdraw } from './withdraw-participant';
import { PackageSection } from './package-section';

/**
 * The "Check-in e umore" section: the check-ins with their threads, which the check-ins feature
 * owns; the app hands it in (a feature never imports another).
 */
export type ParticipantCheckInsSection = ComponentType<{ cohortId: string; userId: string; tracker: TrackerData; currentPeriod: number }>;

/** The page under its header: what the coach reads of the participant, or only the tags and notes when their data cannot be read. */
export function ParticipantContent({ cohortId, detail, CheckIns }: { cohortId: string; detail: ParticipantDetail; CheckIns: ParticipantCheckInsSection }) {
  const { row, tracker } = detail;
  if (row.unreadable) {
    return (
      <Stack gap="4">
        <ParticipantStatus row={row} />
        <Text>I dati salvati di questo partecipante non sono leggibili: qui non possiamo mostrarne i progressi. Il resto della coorte non ne risente.</Text>
        <CoachOnly cohortId={cohortId} row={row} />
      </Stack>
    );
  }
  // The participant's own calendar: their day, not the coach's.
  const today = todayIn(detail.timeZone, new Date());
  const startDate = tracker?.challengeStartDate ?? detail.challengeStartDate;
  const currentWeek = challengeWeekNumber(startDate, today);
  const reasons = sortedReasons(row);
  return (
    <Stack gap="6">
      <ParticipantStatus row={row} />
      {reasons.length > 0 && (
        <Flex as="ul" gap="2" wrap="wrap" p="0" m="0" listStyleType="none" aria-label="Da contattare oggi">
          {reasons.map((reason) => (
            <li key={reason.code}>
              <Badge colorPalette={reason.code === 'lowMood' || reason.code === 'moodDrop' ? 'red' : 'orange'} whiteSpace="normal">
                {reason.label}
              </Badge>
            </li>
          ))}
        </Flex>
      )}
      <Figures detail={detail} startDate={startDate} />
      {tracker !== null && startDate !== null && (
        <SectionCard title="Abitudini">
          <HabitGrid tracker={tracker} startDate={startDate} today={today} />
        </SectionCard>
      )}
      {/* Two columns on a wide screen, so the page stays a few screens long: what the coaches keep and the check-ins; the package and the figures of the weeks. */}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }} gap="6" alignItems="start">
        <Stack gap="6">
          <CoachOnly cohortId={cohortId} row={row} />
          {tracker !== null && startDate !== null && (
            <SectionCard title="Check-in e umore">
              <CheckIns cohortId={cohortId} userId={row.userId} tracker={tracker} currentPeriod={checkInPeriod(startDate, today)} />
            </SectionCard>
          )}
        </Stack>
        <Stack gap="6">
          <SectionCard title="Pacchetto">
            <PackageSection cohortId={cohortId} userId={row.userId} name={row.name} />
          </SectionCard>
          {tracker === null || startDate === null ? (
            <Text color="fg.muted">{tracker === null ? 'Non ha ancora sincronizzato i suoi progressi.' : 'Non ha ancora iniziato la sfida.'}</Text>
          ) : (
            <>
              <SectionCard title="Planner settimanale">
                <WeeklyPlanner tracker={tracker} currentWeek={currentWeek} />
              </SectionCard>
              <SectionCard title="Punti per settimana">
                <PointsByWeekChart history={tracker.pointsHistory} currentWeek={currentWeek} />
              </SectionCard>
              <SectionCard title="Badge">
                <Badges tracker={tracker} today={today} />
              </SectionCard>
            </>
          )}
        </Stack>
      </Grid>
      <Withdraw cohortId={cohortId} detail={detail} />
    </Stack>
  );
}
