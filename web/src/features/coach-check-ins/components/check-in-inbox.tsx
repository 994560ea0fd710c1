import { useState } from 'react';
import { checkInPeriodLabel, isMonthlyPeriod, monthOfPeriod } from '@sfida/core/maintenance';
import { Box, Button, chakra, Field, Flex, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { CheckInCard, MoodBand } from '@sfida/core/check-in-threads';
import { formatItalianDate } from '@sfida/core/dates';
import { FormError } from '../../../components/form-error';
import { NativeCheckbox } from '../../../components/native-checkbox';
import { errorMessage } from '../../../lib/api-client';
import { moodColor, moodOf } from '../../../lib/moods';
import { notify } from '../../../lib/notices';
import { useCheckInView, useMarkCheckInsRead } from '../api/check-ins';
import { participantPagePath } from '../../../coach-shared/paths';
import { CheckInVoiceNote, MoodWithTrend, ReplyForm, WeekFigures } from './check-in-thread';
import { ShowMoreButton, useShowMore } from '../../../coach-shared/components/show-more';

const moodBandLabels: Record<MoodBand, string> = { low: 'Umore 1–2', mid: 'Umore 3', high: 'Umore 4–5' };

/** The reflection's first line, for a row that must stay one line. */
export function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
}

function InboxRow({
  card,
  selected,
  onSelect,
  onConflict,
}: {
  card: CheckInCard;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onConflict: (message: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const mood = moodOf(card.mood);
  const panelId = `check-in-${card.id}`;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderLeftWidth="6px"
      borderColor="border"
      borderLeftColor={moodColor(card.mood)}
      rounded="md"
      aria-label={`Check-in di ${card.name}, ${checkInPeriodLabel(card.weekNumber).toLowerCase()}`}
    >
      <Flex align="center" gap="2" px="2" py="1.5">
        <NativeCheckbox type="checkbox" checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-label={`Seleziona il check-in di ${card.name}`} />
        <chakra.button
          type="button"
          flex="1"
          minW="0"
          textAlign="start"
          py="1"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          cursor="pointer"
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
        >
          <Flex gap="2" align="baseline" wrap="wrap">
            <Text as="span" aria-hidden="true">
              {mood.emoji}
            </Text>
            <Text as="span" fontWeight="700">
              {card.name}
            </Text>
            <Text as="span" srOnly>
              , umore {mood.label} ({card.mood}/5),
            </Text>
            <Text as="span" fontSize="sm" color="fg.muted">
              {card.cohortName} · {isMonthlyPeriod(card.weekNumber) ? `Mese ${monthOfPeriod(card.weekNumber)} di mantenimento` : `Sett. ${card.weekNumber}`}
            </Text>
          </Flex>
          <Text fontSize="sm" color="fg.muted" truncate>
            {firstLine(card.reflection) || 'Nessuna riflessione'}
          </Text>
        </chakra.button>
      </Flex>
      {open && (
        <Stack id={panelId} gap="3" px="3" pb="3" pt="1" borderTopWidth="1px" borderColor="border">
          <Flex justify="space-between" gap="2" wrap="wrap" fontSize="sm">
            <Link asChild color="brand.fg" textDecoration="underline">
              <RouterLink to={participantPagePath(card.cohortId, card.userId)}>Apri la scheda di {card.name}</RouterLink>
            </Link>
            <Text color="fg.muted">{formatItalianDate(card.date)}</Text>
          </Flex>
          <MoodWithTrend card={card} />
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {card.reflection}
          </Text>
          <CheckInVoiceNote card={card} />
          <WeekFigures card={card} />
          <ReplyForm card={card} onConflict={onConflict} />
        </Stack>
      )}
    </Box>
  );
}

/**
 * "Check-in da leggere": one row each (who, cohort, mood, the reflection's first line), opening in
 * place to the reply form; of the console's chosen cohort (null: all), filtered by mood; `step`
 * rows at a time; several can be marked read at once.
 */
export function CheckInInbox({ cohortId, step = 10 }: { cohortId: string | null; step?: number }) {
  const [mood, setMood] = useState<MoodBand | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A 409 (another coach was faster) removes the row it came from: the message stays above the list.
  const [message, setMessage] = useState<string | null>(null);
  const queue = useCheckInView('queue', { cohortId, mood });
  const markRead = useMarkCheckInsRead();
  const { shown: cards, hidden, more } = useShowMore(queue.data?.cards ?? [], step);
  const chosen = cards.filter((card) => selected.has(card.id)).map((card) => card.id);

  async function markChosenRead() {
    setMessage(null);
    try {
      const answer = await markRead.mutateAsync(chosen);
      setSelected(new Set());
      const n = answer.read.length;
      notify({ type: 'success', title: n === 1 ? '1 check-in segnato come letto' : `${n} check-in segnati come letti` });
      if (answer.alreadyHandled.length > 0) setMessage(`${answer.alreadyHandled.length} erano già stati gestiti da un altro coach.`);
    } catch (caught) {
      setMessage(errorMessage(caught, 'Operazione non riuscita'));
    }
  }

  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Stack gap="3">
      <Flex gap="3" wrap="wrap">
        <Field.Root maxW={{ base: 'full', sm: '14rem' }}>
          <Field.Label fontSize="sm">Umore</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={mood ?? ''} onChange={(e) => setMood(e.target.value === '' ? null : (e.target.value as MoodBand))}>
              <option value="">Tutti gli umori</option>
              {Object.entries(moodBandLabels).map(([band, label]) => (
                <option key={band} value={band}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      <FormError message={message} />
      {queue.isPending ? (
        <Text role="status" color="fg.muted">
          Caricamento...
        </Text>
      ) : queue.isError ? (
        <FormError message={errorMessage(queue.error, 'Impossibile caricare i check-in')} />
      ) : (
        <>
          <Text role="status" fontSize="sm" color="fg.muted">
            {queue.data.total === 0
              ? 'Nessun check-in da leggere.'
              : queue.data.total === 1
                ? '1 check-in da leggere'
                : `${queue.data.total} check-in da leggere`}
            {cards.length < queue.data.total ? ` (qui i primi ${cards.length})` : ''}
          </Text>
          {cards.length > 0 && (
            <>
              <Flex gap="3" align="center" wrap="wrap">
                <Flex as="label" gap="2" align="center" fontSize="sm">
                  <NativeCheckbox
                    type="checkbox"
                    checked={chosen.length === cards.length}
                    onChange={(e) => setSelected(e.target.checked ? new Set(cards.map((c) => c.id)) : new Set())}
                  />
                  Seleziona tutti
                </Flex>
                <Button size="sm" variant="outline" disabled={chosen.length === 0} loading={markRead.isPending} onClick={() => void markChosenRead()}>
                  Segna come letti{chosen.length > 0 ? ` (${chosen.length})` : ''}
                </Button>
              </Flex>
              <Stack as="ol" gap="2" p="0" m="0" listStyleType="none" aria-label="Check-in da leggere">
                {cards.map((card) => (
                  <InboxRow key={card.id} card={card} selected={selected.has(card.id)} onSelect={(on) => select(card.id, on)} onConflict={setMessage} />
                ))}
              </Stack>
              <ShowMoreButton hidden={hidden} onClick={more} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
