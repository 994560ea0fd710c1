import { Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { trackerRules } from '@sfida/core/habit-rules';
import { challengeWeekNumber } from '@sfida/core/dates';
import { evaluateBadges } from '@sfida/core/badges';
import { totalPoints } from '@sfida/core/points';
import { SectionCard } from '../../components/section-card';
import { StatGrid, StatTile } from '../../components/stat-tile';
import { TrackerScreen } from '../../components/tracker-screen';
import { useToday } from '../../lib/use-today';
import { useTracker } from '../../tracker/use-tracker';
import { BadgeGrid } from './components/badge-grid';
import { FullLeaderboard } from './components/full-leaderboard';
import { PointsByWeekChart } from '../../components/points-by-week-chart';
import { PointsRulesList } from './components/points-rules-list';

function VictoriesContent() {
  const { tracker } = useTracker();
  const today = useToday();
  const badges = evaluateBadges(tracker, today);
  const earned = badges.filter((badge) => badge.earned).length;

  return (
    <Stack gap="6">
      <StatGrid columns={2} gap="3">
        <StatTile label="Punti totali" value={totalPoints(tracker.pointsHistory)} tone="accent" />
        <StatTile label="Badge ottenuti" value={`${earned}/${badges.length}`} />
      </StatGrid>

      <SectionCard title="I tuoi badge">
        <BadgeGrid badges={badges} />
      </SectionCard>

      <FullLeaderboard />

      <SectionCard title="Punti per settimana">
        <PointsByWeekChart history={tracker.pointsHistory} currentWeek={challengeWeekNumber(tracker.challengeStartDate, today)} />
      </SectionCard>

      <SectionCard
        title="Sistema di punti"
        action={
          <Link asChild color="brand.fg" fontWeight="600" textDecoration="underline">
            <RouterLink to="/punti">Come funzionano i punti</RouterLink>
          </Link>
        }
      >
        <PointsRulesList rules={trackerRules(tracker)} />
      </SectionCard>
    </Stack>
  );
}

/** Vittorie (/classifica): points, badges, then the cohort's ranking (the top, the rows around one's own, the rest on request), and how to earn points. */
export default function ClassificaPage() {
  return (
    <TrackerScreen title="Vittorie" heading="Vittorie" intro="I tuoi punti, la classifica del gruppo e i badge conquistati lungo le 8 settimane.">
      <VictoriesContent />
    </TrackerScreen>
  );
}
