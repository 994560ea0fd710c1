import { useState } from 'react';
import { Field, Input, Stack } from '@chakra-ui/react';
import { addDays, formatItalianDate, todayIn } from '@sfida/core/dates';
import { countOf } from '@sfida/core/plural';
import { MAX_SNOOZE_DAYS } from '@sfida/core/triage';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { ConfirmInline } from './confirm-inline';

/** "Rimandare 3 persone al 5 dicembre 2026?" */
export function postponeQuestion(count: number, until: string): string {
  return `Rimandare ${countOf(count, 'persona', 'persone')} al ${formatItalianDate(until)}?`;
}

/**
 * "Rimanda a…" for a selection (the triage's and the roster's bars): the day, from tomorrow to the
 * longest a snooze may last, and one confirmation that says how many and until when.
 */
export function PostponeSelected({ count, pending, onPostpone }: { count: number; pending: boolean; onPostpone: (until: string) => Promise<unknown> }) {
  const today = todayIn(browserTimeZone(), new Date());
  const [until, setUntil] = useState(addDays(today, 1));
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label fontSize="sm">Riproponi il</Field.Label>
        <Input type="date" value={until} min={addDays(today, 1)} max={addDays(today, MAX_SNOOZE_DAYS)} onChange={(e) => setUntil(e.target.value)} maxW="12rem" minH="11" />
      </Field.Root>
      <ConfirmInline
        label="Rimanda a…"
        accessibleLabel="Rimanda a… (i selezionati)"
        question={postponeQuestion(count, until)}
        confirmLabel={`Rimanda ${countOf(count, 'persona', 'persone')}`}
        pending={pending}
        tall
        onConfirm={() => onPostpone(until)}
      />
    </Stack>
  );
}
