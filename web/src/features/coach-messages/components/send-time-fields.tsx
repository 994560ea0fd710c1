import { Box, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { todayIn } from '@sfida/core/dates';
import { zoneLabel } from '@sfida/core/scheduled-messages';
import { NativeCheckbox } from '../../../components/native-checkbox';
import type { SendWhen } from '../hooks/use-send-time';

/** A day and a time on the cohort's clock, each labelled with its zone ("ora di Roma"); the picker starts at its today. */
export function DateTimeFields({
  date,
  time,
  timeZone,
  onDate,
  onTime,
}: {
  date: string;
  time: string;
  timeZone: string;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
}) {
  const zone = zoneLabel(timeZone);
  return (
    <Flex gap="3" wrap="wrap">
      <Field.Root w="auto">
        <Field.Label>Giorno ({zone})</Field.Label>
        <Input type="date" value={date} min={todayIn(timeZone, new Date())} onChange={(e) => onDate(e.target.value)} maxW="12rem" />
      </Field.Root>
      <Field.Root w="auto">
        <Field.Label>Ora ({zone})</Field.Label>
        <Input type="time" value={time} onChange={(e) => onTime(e.target.value)} maxW="9rem" />
      </Field.Root>
    </Flex>
  );
}

/** "Invia ora" or "Programma", and for the latter the day and time it goes. */
export function SendTimeFields({
  when,
  date,
  time,
  timeZone,
  onWhen,
  onDate,
  onTime,
}: {
  when: SendWhen;
  date: string;
  time: string;
  timeZone: string;
  onWhen: (when: SendWhen) => void;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
}) {
  const options: Array<[SendWhen, string]> = [
    ['now', 'Invia ora'],
    ['later', 'Programma'],
  ];
  return (
    <Box as="fieldset" borderWidth="1px" borderColor="border" rounded="md" p="3">
      <Text as="legend" fontSize="sm" fontWeight="medium" px="1">
        Quando
      </Text>
      <Stack gap="3">
        <Flex gap="5" wrap="wrap">
          {options.map(([value, label]) => (
            <Flex as="label" key={value} gap="2" align="center" cursor="pointer">
              <NativeCheckbox type="radio" name="send-when" value={value} checked={when === value} onChange={() => onWhen(value)} />
              <Text as="span">{label}</Text>
            </Flex>
          ))}
        </Flex>
        {when === 'later' && (
          <>
            <DateTimeFields date={date} time={time} timeZone={timeZone} onDate={onDate} onTime={onTime} />
            <Text fontSize="sm" color="fg.muted">
              I destinatari sono calcolati al momento dell’invio. Fino ad allora puoi modificarlo o annullarlo.
            </Text>
          </>
        )}
      </Stack>
    </Box>
  );
}
