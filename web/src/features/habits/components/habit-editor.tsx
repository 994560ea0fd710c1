import { useId, useState, type FormEvent } from 'react';
import { Button, chakra, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import type { Habit } from '@sfida/core/tracker';
import { MAX_HABIT_NAME } from '@sfida/core/tracker';
import type { HabitSchedule } from '@sfida/core/habit-schedule';
import { DAYS_PER_WEEK } from '@sfida/core/dates';
import { MAX_TIMES_PER_WEEK, MIN_TIMES_PER_WEEK, scheduleLabel, scheduleMessages, scheduleOf, weekdayName } from '@sfida/core/habit-schedule';
import { moveHabit, renameHabit, setHabitSchedule } from '@sfida/core/tracker-actions';
import { NativeCheckbox } from '../../../components/native-checkbox';
import { notify } from '../../../lib/notices';
import { useTracker } from '../../../tracker/use-tracker';

type Kind = HabitSchedule['kind'];

const KIND_LABELS: Record<Kind, string> = {
  daily: 'Ogni giorno',
  weekdays: 'Giorni scelti',
  timesPerWeek: 'N volte a settimana',
};

const Choice = chakra('label', { base: { display: 'flex', alignItems: 'center', gap: '2', minH: '8', cursor: 'pointer' } });

/**
 * "Modifica" of a habit: its name (by the rules of adding one), its place among the others (up and
 * down buttons, no dragging), and its schedule. Each part saves on its own.
 */
export function HabitEditor({ habit, position, count }: { habit: Habit; position: number; count: number }) {
  const { tracker, apply } = useTracker();
  const id = useId();
  const [name, setName] = useState(habit.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const current = scheduleOf(habit);
  const [kind, setKind] = useState<Kind>(current.kind);
  const [days, setDays] = useState<number[]>(current.kind === 'weekdays' ? current.days : []);
  const [times, setTimes] = useState(String(current.kind === 'timesPerWeek' ? current.times : 3));
  const [scheduleError, setScheduleError] = useState<string | null>(null);

  function rename(event: FormEvent) {
    event.preventDefault();
    const result = apply(renameHabit(tracker, habit.id, name, new Date()));
    if (!result.ok) return setNameError(result.message);
    setNameError(null);
    notify({ type: 'success', title: 'Nome aggiornato', description: name.trim() });
  }

  function move(step: -1 | 1) {
    const result = apply(moveHabit(tracker, habit.id, step, new Date()));
    if (!result.ok) notify({ type: 'warning', title: result.message });
  }

  function saveSchedule(event: FormEvent) {
    event.preventDefault();
    let schedule: HabitSchedule;
    if (kind === 'daily') schedule = { kind };
    else if (kind === 'weekdays') {
      if (days.length === 0) return setScheduleError(scheduleMessages.weekdaysRequired);
      schedule = { kind, days };
    } else {
      const n = Number(times);
      if (!Number.isInteger(n) || n < MIN_TIMES_PER_WEEK || n > MAX_TIMES_PER_WEEK) return setScheduleError(scheduleMessages.timesOutOfRange);
      schedule = { kind, times: n };
    }
    const result = apply(setHabitSchedule(tracker, habit.id, schedule, new Date()));
    if (!result.ok) return setScheduleError(result.message);
    setScheduleError(null);
    notify({ type: 'success', title: 'Programma aggiornato', description: `${habit.name}: ${scheduleLabel(schedule)}` });
  }

  return (
    <Stack gap="4" borderTopWidth="1px" borderColor="border" pt="3" role="group" aria-label={`Modifica ${habit.name}`}>
      <Stack as="form" onSubmit={rename} gap="2" aria-label={`Rinomina ${habit.name}`}>
        <Field.Root invalid={nameError !== null}>
          <Field.Label>Nome dell&apos;abitudine</Field.Label>
          <Input
            value={name}
            maxLength={MAX_HABIT_NAME}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
          />
          <Field.HelperText>
            {name.length}/{MAX_HABIT_NAME} caratteri
          </Field.HelperText>
          {nameError && <Field.ErrorText role="alert">{nameError}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" size="sm" alignSelf="flex-start">
          Salva nome
        </Button>
      </Stack>

      <Flex gap="2" wrap="wrap" align="center">
        <Text fontSize="sm" flexBasis="full">
          Posizione {position + 1} di {count}
        </Text>
        <Button size="sm" variant="outline" disabled={position === 0} onClick={() => move(-1)} aria-label={`Sposta ${habit.name} su`}>
          ↑ Su
        </Button>
        <Button size="sm" variant="outline" disabled={position === count - 1} onClick={() => move(1)} aria-label={`Sposta ${habit.name} giù`}>
          ↓ Giù
        </Button>
      </Flex>

      <chakra.form onSubmit={saveSchedule} noValidate display="flex" flexDirection="column" gap="2">
        <chakra.fieldset border="0" p="0" m="0" minW="0">
          <chakra.legend fontWeight="medium" fontSize="sm" mb="1">
            Quando farla
          </chakra.legend>
          <Stack gap="1">
            {(Object.keys(KIND_LABELS) as Kind[]).map((value) => (
              <Choice key={value}>
                <NativeCheckbox
                  type="radio"
                  name={`${id}-kind`}
                  value={value}
                  checked={kind === value}
                  onChange={() => {
                    setKind(value);
                    setScheduleError(null);
                  }}
                />
                {KIND_LABELS[value]}
              </Choice>
            ))}
          </Stack>
        </chakra.fieldset>
        {kind === 'weekdays' && (
          <chakra.fieldset border="0" p="0" m="0" minW="0">
            <chakra.legend fontSize="sm" mb="1">
              Giorni della settimana
            </chakra.legend>
            <Flex gap="3" wrap="wrap">
              {Array.from({ length: DAYS_PER_WEEK }, (_, day) => (
                <Choice key={day} title={weekdayName(day, 'long')}>
                  <NativeCheckbox
                    type="checkbox"
                    checked={days.includes(day)}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setDays((previous) => (checked ? [...previous, day].sort((a, b) => a - b) : previous.filter((d) => d !== day)));
                      setScheduleError(null);
                    }}
                  />
                  {weekdayName(day)}
                </Choice>
              ))}
            </Flex>
          </chakra.fieldset>
        )}
        {kind === 'timesPerWeek' && (
          <Field.Root maxW="48">
            <Field.Label>Volte a settimana</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={MIN_TIMES_PER_WEEK}
              max={MAX_TIMES_PER_WEEK}
              value={times}
              onChange={(event) => {
                setTimes(event.target.value);
                setScheduleError(null);
              }}
            />
            <Field.HelperText>Da {MIN_TIMES_PER_WEEK} a {MAX_TIMES_PER_WEEK}, nella tua settimana della sfida</Field.HelperText>
          </Field.Root>
        )}
        {scheduleError && (
          <Text role="alert" color="fg.error" fontSize="sm">
            {scheduleError}
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted">
          Il programma vale per tutti i giorni dell&apos;abitudine, anche quelli passati: serie e punti si ricalcolano.
        </Text>
        <Button type="submit" size="sm" alignSelf="flex-start">
          Salva programma
        </Button>
      </chakra.form>
    </Stack>
  );
}
