import { chakra, Flex, Text } from '@chakra-ui/react';
import type { CohortRules } from '@sfida/core/cohort';
import { pointsRulesFor } from '@sfida/core/points';
import { pointsText } from '../../../lib/points-notice';

/** How points are earned (core's points table, with the lines the cohort's rules add). */
export function PointsRulesList({ rules }: { rules: CohortRules }) {
  return (
    <chakra.ul listStyleType="none" p="0" m="0" display="grid" gap="2">
      {pointsRulesFor(rules).map((rule) => (
        <Flex as="li" key={rule.label} justify="space-between" align="center" gap="3" borderBottomWidth="1px" borderColor="border" pb="2">
          <div>
            <Text fontWeight="medium">{rule.label}</Text>
            <Text fontSize="sm" color="fg.muted">
              {rule.note}
            </Text>
          </div>
          <Text fontWeight="bold" color="brand.fg" whiteSpace="nowrap">
            {pointsText(rule.points)}
          </Text>
        </Flex>
      ))}
    </chakra.ul>
  );
}
