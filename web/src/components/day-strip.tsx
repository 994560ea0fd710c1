import { chakra, Flex, Text } from '@chakra-ui/react';
import { addDays, DAYS_PER_WEEK, formatItalianShortDate, italianWeekday } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { ShieldIcon } from './icons';

/** One day of a strip and its state. */
export interface StripDay {
  date: IsoDate;
  state: 'future' | 'today' | 'done' | 'past';
  done: boolean;
  /** Whether the day can be toggled (today and recent past days of a started challenge). */
  editable: boolean;
  /** What the day holds, said to screen readers instead of the done/not done state (a strip that counts rather than ticks). */
  summary?: string;
  /** How many marks (dots) to draw under the date: what was done that day, counted. */
  marks?: number;
  /** A missed day a jolly covers: drawn with a shield, named "Jolly usato". */
  covered?: boolean;
  /** A day the habit's schedule does not ask for: drawn muted, named "non previsto", never as missed. */
  free?: boolean;
}

/**
 * The days a week strip shows: the challenge's current week (core's `currentWeekStrip`), or
 * before the start, when that is empty, the last 7 days (all locked).
 */
export function weekStripDays(currentWeek: IsoDate[], today: IsoDate): IsoDate[] {
  if (currentWeek.length > 0) return currentWeek;
  return Array.from({ length: DAYS_PER_WEEK }, (_, i) => addDays(today, i - (DAYS_PER_WEEK - 1)));
}

const cellStyles = {
  done: { bg: 'brand.solid', color: 'brand.contrast', borderColor: 'brand.solid' },
  today: { bg: 'bg', color: 'fg', borderColor: 'accent.500' },
  past: { bg: 'bg', color: 'fg', borderColor: 'border.emphasized' },
  future: { bg: 'bg.muted', color: 'fg.subtle', borderColor: 'border' },
  free: { bg: 'bg.muted', color: 'fg.muted', borderColor: 'border', borderStyle: 'dashed' },
} as const;

const Cell = chakra('button', {
  base: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '0',
    flex: '1',
    minW: '0',
    minH: '12',
    borderWidth: '2px',
    borderRadius: 'lg',
    fontSize: 'xs',
    lineHeight: 'short',
    cursor: 'pointer',
    transition: 'background 0.15s',
    _disabled: { cursor: 'not-allowed', opacity: 0.75 },
    _focusVisible: { outline: '3px solid {colors.brand.500}', outlineOffset: '2px' },
  },
});

/** "lun 23 nov": the visible "lun 23" (a space between its two spans) stays part of the accessible name (WCAG 2.5.3). */
function dayName(date: IsoDate): string {
  return `${italianWeekday(date)} ${formatItalianShortDate(date)}`;
}

function stateText(day: StripDay): string {
  if (day.summary !== undefined) return day.summary;
  if (day.done) return 'completato';
  if (day.covered) return 'Jolly usato';
  if (day.free) return day.state === 'today' ? 'non previsto oggi' : 'non previsto';
  if (day.state === 'future') return 'giorno futuro';
  return day.state === 'today' ? 'oggi, da fare' : 'non completato';
}

/** One dot per thing done that day, drawn only: the day's name says the count. */
function Marks({ count }: { count: number }) {
  return (
    <Flex aria-hidden="true" gap="0.5" mt="0.5" minH="1.5" justify="center" wrap="wrap">
      {Array.from({ length: count }, (_, i) => (
        <chakra.span key={i} w="1.5" h="1.5" rounded="full" bg="currentColor" />
      ))}
    </Flex>
  );
}

/**
 * The 7 days of the current week. With `onToggle` each day is a toggle button (aria-pressed);
 * days that cannot change (future, before the start, too old) are disabled, not hidden.
 * `label` names the list when "Settimana di <subject>" would not.
 */
export function DayStrip({ days, subject, label, onToggle }: { days: StripDay[]; subject: string; label?: string; onToggle?: (date: IsoDate) => void }) {
  return (
    // Narrow gaps on a phone: seven cells 44 px wide fit a 390 px screen.
    <Flex as="ul" gap={{ base: '0.5', sm: '1.5' }} aria-label={label ?? `Settimana di ${subject}`} listStyleType="none" p="0" m="0">
      {days.map((day) => {
        const style = cellStyles[day.done ? 'done' : day.free ? 'free' : day.state];
        const content = (
          <>
            <Text as="span" fontWeight="semibold" textTransform="capitalize">
              {italianWeekday(day.date)}
            </Text>{' '}
            <Text as="span" fontSize="sm" fontWeight="bold">
              {Number(day.date.slice(8))}
            </Text>
            {day.marks !== undefined && <Marks count={day.marks} />}
            {day.covered && !day.done && <ShieldIcon />}
          </>
        );
        return (
          <chakra.li key={day.date} flex="1" minW="0" display="flex">
            {onToggle ? (
              <Cell
                type="button"
                {...style}
                aria-pressed={day.done}
                aria-label={`${subject}, ${dayName(day.date)}: ${stateText(day)}`}
                disabled={!day.editable}
                onClick={() => onToggle(day.date)}
              >
                {content}
              </Cell>
            ) : (
              <Flex
                direction="column"
                align="center"
                justify="center"
                flex="1"
                minH="12"
                borderWidth="2px"
                borderRadius="lg"
                fontSize="xs"
                {...style}
                aria-label={`${dayName(day.date)}: ${stateText(day)}`}
                role="img"
              >
                {content}
              </Flex>
            )}
          </chakra.li>
        );
      })}
    </Flex>
  );
}
