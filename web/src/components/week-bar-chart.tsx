import { Box, chakra, Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import { checkInPeriodLabel, checkInPeriodShortLabel, isMonthlyPeriod } from '@sfida/core/maintenance';

export interface WeekBar {
  /** A challenge week 1..8, or beyond 8 a maintenance month's check-in period. */
  weekNumber: number;
  /** Bar height from 0 to 1. */
  ratio: number;
  /** Shown above the bar (a number, an emoji). */
  label: string;
  /** Read by screen readers and shown in the table, e.g. "20 punti". */
  text: string;
  color?: string;
  current?: boolean;
}

/**
 * Eight bars, one per challenge week (or maintenance month), drawn with CSS. The picture is hidden
 * from screen readers, which read the same numbers as a table instead.
 */
export function WeekBarChart({ caption, valueHeader, bars }: { caption: string; valueHeader: string; bars: WeekBar[] }) {
  const monthly = bars.some((bar) => isMonthlyPeriod(bar.weekNumber));
  return (
    <Box>
      <Flex aria-hidden="true" align="flex-end" gap={{ base: '1.5', md: '3' }} h="40" pt="6">
        {bars.map((bar) => (
          <Flex key={bar.weekNumber} direction="column" align="center" justify="flex-end" flex="1" h="full" minW="0">
            <Text fontSize="xs" fontWeight="semibold" mb="1" whiteSpace="nowrap">
              {bar.label}
            </Text>
            {/* Inline height: as a style prop every value would be a class generated at runtime. */}
            <Box
              w="full"
              maxW="12"
              style={{ height: `${Math.max(bar.ratio, 0.02) * 100}%` }}
              bg={bar.color ?? (bar.current ? 'accent.400' : 'brand.500')}
              borderTopRadius="md"
              transition="height 0.3s"
            />
          </Flex>
        ))}
      </Flex>
      <Flex aria-hidden="true" gap={{ base: '1.5', md: '3' }} borderTopWidth="1px" borderColor="border.emphasized" pt="1">
        {bars.map((bar) => (
          <Text key={bar.weekNumber} flex="1" textAlign="center" fontSize="xs" color="fg.muted" fontWeight={bar.current ? 'bold' : 'normal'}>
            {checkInPeriodShortLabel(bar.weekNumber)}
          </Text>
        ))}
      </Flex>
      <VisuallyHidden>
        <chakra.table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{monthly ? 'Periodo' : 'Settimana'}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.weekNumber}>
                <th scope="row">
                  {checkInPeriodLabel(bar.weekNumber)}
                  {bar.current ? ' (in corso)' : ''}
                </th>
                <td>{bar.text}</td>
              </tr>
            ))}
          </tbody>
        </chakra.table>
      </VisuallyHidden>
    </Box>
  );
}
