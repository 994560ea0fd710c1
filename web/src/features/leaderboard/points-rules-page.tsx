import { chakra, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { COHORT_RULES, cohortRuleLabels } from '@sfida/core/cohort';
import { trackerRules } from '@sfida/core/habit-rules';
import { HABIT_RULE_DETAILS } from '@sfida/core/points';
import { SectionCard } from '../../components/section-card';
import { TrackerScreen } from '../../components/tracker-screen';
import { useTracker } from '../../tracker/use-tracker';
import { PointsRulesList } from './components/points-rules-list';

function PointsRulesContent() {
  const { tracker } = useTracker();
  // The rules the points on this device are worked out by: the cohort's, as the server gives them.
  const rules = trackerRules(tracker);
  const active = COHORT_RULES.filter((rule) => rules[rule]);
  return (
    <Stack gap="6">
      <SectionCard title="Punti">
        <PointsRulesList rules={rules} />
      </SectionCard>

      <SectionCard title="Le regole della tua coorte">
        {active.length === 0 ? (
          <Text>La tua coorte segue il sistema di punti di base, senza regole aggiuntive.</Text>
        ) : (
          <chakra.ul listStyleType="none" p="0" m="0" display="grid" gap="3">
            {active.map((rule) => (
              <chakra.li key={rule} borderBottomWidth="1px" borderColor="border" pb="3">
                <Text fontWeight="medium">{cohortRuleLabels[rule].label}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {cohortRuleLabels[rule].hint}
                </Text>
                {rule in HABIT_RULE_DETAILS && (
                  <Text fontSize="sm" mt="1">
                    {HABIT_RULE_DETAILS[rule as keyof typeof HABIT_RULE_DETAILS]}
                  </Text>
                )}
              </chakra.li>
            ))}
          </chakra.ul>
        )}
        <Text fontSize="sm" color="fg.muted" mt="4">
          Le regole le sceglie il tuo coach; i punti li calcola il server con queste stesse regole.
        </Text>
      </SectionCard>

      <Link asChild color="brand.fg" fontWeight="600" textDecoration="underline" alignSelf="flex-start">
        <RouterLink to="/classifica">Torna a Vittorie</RouterLink>
      </Link>
    </Stack>
  );
}

/** Come funzionano i punti (/punti): the points table and the rules of the participant's own cohort, from core's constants. */
export default function PointsRulesPage() {
  return (
    <TrackerScreen title="Come funzionano i punti" heading="Come funzionano i punti" intro="Come guadagni i punti nella tua coorte.">
      <PointsRulesContent />
    </TrackerScreen>
  );
}
