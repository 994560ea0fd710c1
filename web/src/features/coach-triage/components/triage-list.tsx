import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Box, Button, Field, Flex, Heading, Input, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { addDays, formatItalianDate, todayIn } from '@sfida/core/dates';
import { MAX_NOTE } from '@sfida/core/participant-notes';
import { MAX_SNOOZE_DAYS, TRIAGE_MAX_LIMIT, triageGroups, type TriageDay, type TriageItem } from '@sfida/core/triage';
import { FormError } from '../../../components/form-error';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { errorMessage } from '../../../lib/api-client';
import { formatDayTime } from '../../../lib/day-time';
import { moodOf } from '../../../lib/moods';
import { notify } from '../../../lib/notices';
import { useTriage, useTriageAction, type TriageAction } from '../api/triage';
import { conversationPath, participantPagePath } from '../../../coach-shared/paths';
import { ShowMoreButton, useShowMore } from '../../../coach-shared/components/show-more';
import { NativeCheckbox } from '../../../components/native-checkbox';
import { TriageBulkBar } from './triage-bulk-bar';

/** Items the list asks for at a time. */
export const TRIAGE_STEP = 30;

/** "Oggi hai contattato 2 partecipanti…": what the coach did today and how the list moved since yesterday. */
export function dayRecap(day: TriageDay): string[] {
  const done: string[] = [];
  if (day.contacted > 0) done.push(day.contacted === 1 ? 'contattato 1 partecipante' : `contattato ${day.contacted} partecipanti`);
  if (day.snoozed > 0) done.push(day.snoozed === 1 ? 'rimandato 1 partecipante' : `rimandato ${day.snoozed} partecipanti`);
  if (day.checkInsRead > 0) done.push(day.checkInsRead === 1 ? 'segnato come letto 1 check-in' : `segnato come letti ${day.checkInsRead} check-in`);
  const lines = [done.length === 0 ? 'Oggi non c’era niente da fare.' : `Oggi hai ${joinItalian(done)}.`];
  if (day.openYesterday !== null && day.openToday !== null) {
    const today = day.openToday === day.openYesterday ? 'lo stesso numero' : String(day.openToday);
    lines.push(`Ieri alla prima occhiata avevi ${people(day.openYesterday)} da seguire, oggi ${today}.`);
  } else if (day.openToday !== null) {
    lines.push(`Alla prima occhiata di oggi avevi ${people(day.openToday)} da seguire.`);
  }
  return lines;
}

const people = (n: number) => (n === 1 ? '1 persona' : `${n} persone`);

function joinItalian(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`;
}

type Open = 'contacted' | 'snooze' | null;

/** An action on an item, in place: its fields, a submit, "Annulla", and the server's refusal above them. */
function ItemActionForm({
  item,
  action,
  submitLabel,
  done,
  onDone,
  children,
}: {
  item: TriageItem;
  action: TriageAction;
  submitLabel: string;
  /** The notice once it went through. */
  done: string;
  onDone: () => void;
  children: ReactNode;
}) {
  const mutation = useTriageAction();
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await mutation.mutateAsync({ cohortId: item.cohortId, userId: item.userId, action });
      notify({ type: 'success', title: done });
      onDone();
    } catch (caught) {
      setError(errorMessage(caught, 'Operazione non riuscita'));
    }
  }
  return (
    <Stack asChild gap="2" mt="2">
      <form onSubmit={submit} noValidate>
        <FormError message={error} />
        {children}
        <Flex gap="2" wrap="wrap">
          <Button type="submit" size="sm" loading={mutation.isPending}>
            {submitLabel}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onDone}>
            Annulla
          </Button>
        </Flex>
      </form>
    </Stack>
  );
}

function ContactedForm({ item, onDone }: { item: TriageItem; onDone: () => void }) {
  const [note, setNote] = useState('');
  return (
    <ItemActionForm item={item} action={{ kind: 'contacted', note }} submitLabel="Segna come contattato" done={`${item.name}: contattato`} onDone={onDone}>
      <Field.Root>
        <Field.Label>Nota (facoltativa)</Field.Label>
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={MAX_NOTE} rows={2} placeholder="Es. chiamato, riparte lunedì" />
      </Field.Root>
    </ItemActionForm>
  );
}

function SnoozeForm({ item, onDone }: { item: TriageItem; onDone: () => void }) {
  const today = todayIn(browserTimeZone(), new Date());
  const [until, setUntil] = useState(addDays(today, 1));
  return (
    <ItemActionForm
      item={item}
      action={{ kind: 'snooze', until }}
      submitLabel="Rimanda"
      done={`${item.name}: rimandato al ${formatItalianDate(until)}`}
      onDone={onDone}
    >
      <Field.Root required>
        <Field.Label>Riproponi il</Field.Label>
        <Input type="date" value={until} min={addDays(today, 1)} max={addDays(today, MAX_SNOOZE_DAYS)} onChange={(e) => setUntil(e.target.value)} maxW="14rem" />
      </Field.Root>
    </ItemActionForm>
  );
}

function TriageEntry({ item, selected, onToggle }: { item: TriageItem; selected: boolean; onToggle: () => void }) {
  const [open, setOpen] = useState<Open>(null);
  const contact = item.lastContact;
  const noteLine = contact?.note?.split('\n')[0];
  return (
    <Box as="li" borderWidth="1px" borderColor="border" rounded="lg" p="3" aria-label={`${item.name}, ${item.cohortName}`}>
      <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
        <Flex minW="0" gap="1" align="flex-start">
          {/* The whole 44 px square takes the tap, not only the box drawn in it. */}
          <Flex as="label" align="center" justify="center" minW="11" minH="11" mt="-2.5" ml="-2.5" cursor="pointer" flexShrink="0">
            <NativeCheckbox type="checkbox" checked={selected} onChange={onToggle} aria-label={`Seleziona ${item.name}`} />
          </Flex>
          <Box minW="0">
            <Link asChild color="brand.fg" fontWeight="700" textDecoration="underline">
              <RouterLink to={participantPagePath(item.cohortId, item.userId)}>{item.name}</RouterLink>
            </Link>
            <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
              {item.email}
            </Text>
          </Box>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {item.cohortName}
        </Text>
      </Flex>
      <Flex as="ul" gap="2" wrap="wrap" mt="2" p="0" listStyleType="none" aria-label={`Motivi per ${item.name}`}>
        {item.reasons.map((reason) => (
          <li key={reason.code}>
            <Badge colorPalette={reason.code === 'lowMood' || reason.code === 'moodDrop' ? 'red' : 'orange'} variant="subtle" whiteSpace="normal">
              {reason.label}
            </Badge>
          </li>
        ))}
      </Flex>
      <Text fontSize="sm" color="fg.muted" mt="2">
        Ultima attività: {item.lastActivity ? formatItalianDate(item.lastActivity) : 'mai'}
        {item.lastMood !== null && ` · Umore: ${moodOf(item.lastMood).label} (${item.lastMood}/5)`}
      </Text>
      {contact && (
        <Text fontSize="sm" color="fg.muted" title={contact.note ?? undefined}>
          Contattato {formatDayTime(contact.at)} da {contact.byName}
          {noteLine ? `: «${noteLine}»` : ''}
        </Text>
      )}
      <Flex gap="2" wrap="wrap" mt="3">
        <Button asChild size="sm">
          <RouterLink to={conversationPath(item.cohortId, item.userId)}>Scrivi</RouterLink>
        </Button>
        <Button size="sm" variant="outline" aria-expanded={open === 'contacted'} onClick={() => setOpen(open === 'contacted' ? null : 'contacted')}>
          Contattato
        </Button>
        <Button size="sm" variant="outline" aria-expanded={open === 'snooze'} onClick={() => setOpen(open === 'snooze' ? null : 'snooze')}>
          Rimanda a…
        </Button>
      </Flex>
      {open === 'contacted' && <ContactedForm item={item} onDone={() => setOpen(null)} />}
      {open === 'snooze' && <SnoozeForm item={item} onDone={() => setOpen(null)} />}
    </Box>
  );
}

/** One group's cards: the first `step`, then "Mostra altri (N)", so the next group stays in reach; each one selectable. */
function TriageGroup(props: { id: string; label: string; items: TriageItem[]; step: number; chosen: ReadonlySet<string>; onToggle: (userId: string) => void }) {
  const { id, label, items, step, chosen, onToggle } = props;
  const { shown, hidden, more } = useShowMore(items, step);
  return (
    <Stack as="section" gap="2" aria-labelledby={`triage-${id}`}>
      <Heading as="h3" size="sm" id={`triage-${id}`}>
        {label} ({items.length})
      </Heading>
      <Stack as="ol" gap="3" p="0" m="0" listStyleType="none">
        {shown.map((item) => (
          <TriageEntry key={item.userId} item={item} selected={chosen.has(item.userId)} onToggle={() => onToggle(item.userId)} />
        ))}
      </Stack>
      <ShowMoreButton hidden={hidden} onClick={more} />
    </Stack>
  );
}

/**
 * "Da fare oggi": the open items of the coach's cohorts (or of `cohortId`, the console's chosen
 * one) grouped by reason, most urgent first, each to act on where it stands; `perGroup` cards of
 * a group at first.
 */
export function TriageList({ cohortId, perGroup = 3 }: { cohortId: string | null; perGroup?: number }) {
  // Another cohort starts from its first items again.
  return <CohortTriage key={cohortId ?? ''} cohortId={cohortId} perGroup={perGroup} />;
}

function CohortTriage({ cohortId, perGroup }: { cohortId: string | null; perGroup: number }) {
  const [limit, setLimit] = useState(TRIAGE_STEP);
  const triage = useTriage(cohortId, limit);
  // The chosen people, kept to those shown: one who leaves the list leaves the selection.
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const toggle = (userId: string) =>
    setSelection((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });

  if (triage.isPending) {
    return (
      <Text role="status" color="fg.muted">
        Caricamento...
      </Text>
    );
  }
  if (triage.isError) return <FormError message={errorMessage(triage.error, 'Impossibile caricare le cose da fare')} />;
  const { items, total, day } = triage.data;
  const shownIds = items.map((item) => item.userId);
  const chosen = new Set(shownIds.filter((id) => selection.has(id)));
  const allChosen = items.length > 0 && chosen.size === items.length;
  if (total === 0) {
    return (
      <Box role="status" bg="green.subtle" color="green.fg" rounded="lg" p="4">
        <Heading as="h3" size="md">
          Tutto fatto per oggi
        </Heading>
        {dayRecap(day).map((line) => (
          <Text key={line} mt="1">
            {line}
          </Text>
        ))}
      </Box>
    );
  }
  return (
    <Stack gap="4">
      <Text role="status" fontSize="sm" color="fg.muted">
        {total === 1 ? '1 persona da seguire oggi' : `${total} persone da seguire oggi`}
        {items.length < total ? ` (qui le prime ${items.length})` : ''}
      </Text>
      <Flex as="label" gap="2" align="center" minH="11" cursor="pointer" w="fit-content">
        <NativeCheckbox
          type="checkbox"
          checked={allChosen}
          ref={(input: HTMLInputElement | null) => {
            if (input) input.indeterminate = chosen.size > 0 && !allChosen;
          }}
          onChange={(e) => setSelection(e.target.checked ? new Set(shownIds) : new Set())}
        />
        <Text as="span" fontSize="sm">
          Seleziona tutti
        </Text>
      </Flex>
      {triageGroups.map((group) => {
        const inGroup = items.filter((item) => item.group === group.id);
        if (inGroup.length === 0) return null;
        return <TriageGroup key={group.id} id={group.id} label={group.label} items={inGroup} step={perGroup} chosen={chosen} onToggle={toggle} />;
      })}
      {chosen.size > 0 && <TriageBulkBar selected={chosen} items={items} onDone={() => setSelection(new Set())} />}
      {items.length < total && limit < TRIAGE_MAX_LIMIT && (
        <Box>
          <Button variant="outline" size="sm" loading={triage.isFetching} onClick={() => setLimit((n) => Math.min(n + TRIAGE_STEP, TRIAGE_MAX_LIMIT))}>
            Carica altri
          </Button>
        </Box>
      )}
    </Stack>
  );
}
