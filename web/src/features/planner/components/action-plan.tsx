import { useId, useState } from 'react';
import { Button, Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { challengeWeekDays, formatItalianShortDate, weekdayIndex } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { plannedActionText, weekdayName } from '@sfida/core/planned-actions';
import { MAX_ACTION_PLACE, type ActionWhen, type PlannerAction } from '@sfida/core/tracker';
import { setActionPlan, type TrackerResult } from '@sfida/core/tracker-actions';
import { useTracker } from '../../../tracker/use-tracker';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The days of the participant's week, in its order, as the day picker offers them: "Giovedì 26 mar". */
function dayOptions(challengeStartDate: IsoDate, week: number) {
  return challengeWeekDays(challengeStartDate, week).map((day) => ({ weekday: weekdayIndex(day), label: `${capitalised(weekdayName(weekdayIndex(day)))} ${formatItalianShortDate(day)}` }));
}

/**
 * An action's if-then plan: what it reads as ("Giovedì alle 18:30 in palestra: …") and, behind
 * "Quando e dove", the day of the week, the time and the place. A day without a time (or the
 * reverse) waits here until both are chosen: only a whole "quando" is stored.
 */
export function ActionPlan({ week, action, index, onResult }: { week: number; action: PlannerAction; index: number; onResult: (result: TrackerResult) => void }) {
  const { tracker } = useTracker();
  const [open, setOpen] = useState(false);
  // Half a "quando" being chosen; a stored one (perhaps from another device) is what shows.
  const [draft, setDraft] = useState({ day: '', time: '' });
  const day = action.when ? String(action.when.weekday) : draft.day;
  const time = action.when?.time ?? draft.time;
  const panelId = useId();
  const number = index + 1;
  const written = action.text.trim() !== '';
  const planned = action.when !== undefined || (action.where ?? '').trim() !== '';

  function save(when: ActionWhen | null, where: string) {
    onResult(setActionPlan(tracker, week, action.id, { when, where }, new Date()));
  }
  function changeWhen(nextDay: string, nextTime: string) {
    setDraft({ day: nextDay, time: nextTime });
    const when = nextDay !== '' && nextTime !== '' ? { weekday: Number(nextDay), time: nextTime } : null;
    // Only a change of what is stored: half a "quando" over none leaves the tracker alone.
    if (when !== null || action.when !== undefined) save(when, action.where ?? '');
  }

  return (
    <Stack gap="2" ps="8">
      {written && planned && (
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {plannedActionText(action)}
        </Text>
      )}
      <Button
        alignSelf="flex-start"
        variant="ghost"
        size="xs"
        px="1"
        color="brand.fg"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Quando e dove, azione ${number}`}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? '▾' : '▸'} Quando e dove
      </Button>
      {open && tracker.challengeStartDate !== null && (
        <Flex id={panelId} gap="3" wrap="wrap" align="flex-end">
          <Field.Root w="10rem">
            <Field.Label fontSize="sm">Giorno</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field aria-label={`Giorno dell'azione ${number}`} value={day} onChange={(event) => changeWhen(event.target.value, time)}>
                <option value="">Nessun giorno</option>
                {dayOptions(tracker.challengeStartDate, week).map((option) => (
                  <option key={option.weekday} value={option.weekday}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root w="7.5rem">
            <Field.Label fontSize="sm">Ora</Field.Label>
            <Input type="time" size="sm" aria-label={`Ora dell'azione ${number}`} value={time} onChange={(event) => changeWhen(day, event.target.value)} />
          </Field.Root>
          <Field.Root flex="1" minW="12rem">
            <Field.Label fontSize="sm">Dove</Field.Label>
            <Input
              size="sm"
              aria-label={`Dove, azione ${number}`}
              placeholder="Es. in palestra"
              maxLength={MAX_ACTION_PLACE}
              value={action.where ?? ''}
              onChange={(event) => save(action.when ?? null, event.target.value)}
            />
          </Field.Root>
        </Flex>
      )}
    </Stack>
  );
}
