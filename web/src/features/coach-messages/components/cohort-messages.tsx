import { countOf, nounFor } from '@sfida/core/plural';
import { useState } from 'react';
import { Box, Button, Field, Flex, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { fillPlaceholders } from '@sfida/core/check-in-threads';
import type { RosterRow } from '@sfida/core/coach';
import { MAX_MESSAGE, messageTexts, readCountText, segmentLabels, segmentSchema, type AudiencePreview, type Segment } from '@sfida/core/cohort-messages';
import { FormError } from '../../../components/form-error';
import { SelectField, optionsOf } from '../../../components/select-field';
import { ShowMoreButton, useShowMore } from '../../../coach-shared/components/show-more';
import { errorMessage } from '../../../lib/api-client';
import { formatDayTime } from '../../../lib/day-time';
import { useSentMessages } from '../api/messages';
import { useCohortTags } from '../../../coach-shared/api/cohort-tags';
import { useCoachTeams } from '../../../coach-shared/api/coach-teams';
import { NativeCheckbox } from '../../../components/native-checkbox';
import { useMessageComposer } from '../hooks/use-message-composer';
import { PlaceholderText } from './placeholder-text';
import { ScheduledMessages } from './scheduled-messages';
import { SendTimeFields } from './send-time-fields';

function recipientsText(count: number): string {
  return count === 1 ? 'Lo riceverà 1 partecipante' : `Lo riceveranno ${count} partecipanti`;
}

function PreviewList({ preview }: { preview: AudiencePreview }) {
  if (preview.count === 0) return <Text fontWeight="semibold">{messageTexts.noRecipients}</Text>;
  const more = preview.count - preview.recipients.length;
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{recipientsText(preview.count)}</Text>
      {preview.emailCount > 0 && (
        <Text fontSize="sm">
          {/* Those the app no longer reaches (no notifications, no visit for 3 days) get it in their inbox too. */}
          Anche via email a {countOf(preview.emailCount, 'persona', 'persone')}: {nounFor(preview.emailCount, 'non apre', 'non aprono')} l’app da qualche giorno.
        </Text>
      )}
      <Flex as="ul" gap="1" columnGap="3" wrap="wrap" p="0" m="0" listStyleType="none" fontSize="sm" aria-label="Destinatari">
        {preview.recipients.map((recipient) => (
          <li key={recipient.userId}>{recipient.name}</li>
        ))}
      </Flex>
      {more > 0 && (
        <Text fontSize="sm" color="fg.muted">
          e altri {more}
        </Text>
      )}
    </Stack>
  );
}

type Recipient = AudiencePreview['recipients'][number];

/**
 * The message as one recipient will read it, filled by the very function the server sends with
 * (and trimmed, as the server stores it). Not a live region: it changes on every keystroke.
 */
function MessagePreview({ recipients, text }: { recipients: Recipient[]; text: string }) {
  const [chosenId, setChosenId] = useState(recipients[0]!.userId);
  // A new audience may leave the chosen one out: then its first.
  const chosen = recipients.find((recipient) => recipient.userId === chosenId) ?? recipients[0]!;
  const message = text.trim();
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>Anteprima per</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={chosen.userId} onChange={(e) => setChosenId(e.target.value)}>
            {recipients.map((recipient) => (
              <option key={recipient.userId} value={recipient.userId}>
                {recipient.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Box role="region" aria-label={`Anteprima per ${chosen.name}`} borderWidth="1px" borderColor="border" rounded="md" p="3">
        {message === '' ? (
          <Text color="fg.muted">Scrivi il messaggio per vederne l’anteprima.</Text>
        ) : (
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {fillPlaceholders(message, chosen.placeholders)}
          </Text>
        )}
      </Box>
    </Stack>
  );
}

/** Who gets the message: the whole cohort or a segment of it. */
function SegmentField({ segment, onChoose }: { segment: Segment; onChoose: (segment: Segment) => void }) {
  return (
    <SelectField label="Destinatari" value={segment} options={optionsOf(segmentLabels)} onChange={(value) => onChoose(segmentSchema.parse(value))} />
  );
}

/** The participants to pick one by one (the "picked" segment); those who withdrew are not offered. */
function RecipientPicker({ rows, picked, onToggle }: { rows: RosterRow[]; picked: ReadonlySet<string>; onToggle: (userId: string) => void }) {
  const candidates = rows.filter((row) => !row.withdrawn);
  return (
    <Box as="fieldset" borderWidth="1px" borderColor="border" rounded="md" p="3">
      <Text as="legend" fontSize="sm" fontWeight="medium" px="1">
        Scegli i partecipanti ({picked.size} scelti)
      </Text>
      {candidates.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Nessun partecipante nella coorte.
        </Text>
      ) : (
        <Stack as="ul" gap="1" p="0" m="0" listStyleType="none" maxH="16rem" overflowY="auto">
          {candidates.map((row) => (
            <li key={row.userId}>
              <Flex as="label" gap="2" align="center" py="1" cursor="pointer">
                <NativeCheckbox type="checkbox" checked={picked.has(row.userId)} onChange={() => onToggle(row.userId)} />
                <Text as="span" overflowWrap="anywhere">
                  {row.name}
                </Text>
              </Flex>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The coaches' tag whose participants get the message (the "tag" segment). */
function TagSegmentField({ cohortId, tag, onChoose }: { cohortId: string; tag: string | null; onChoose: (tag: string | null) => void }) {
  const tags = useCohortTags(cohortId).data ?? [];
  if (tags.length === 0) return <Text fontSize="sm" color="fg.muted">Nessuna etichetta nella coorte: aggiungile dal roster o dalla pagina di un partecipante.</Text>;
  return (
    <Field.Root>
      <Field.Label>Etichetta</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={tag ?? ''} onChange={(e) => onChoose(e.target.value === '' ? null : e.target.value)}>
          <option value="">Scegli un’etichetta</option>
          {tags.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function TeamSegmentField({ cohortId, teamId, onChoose }: { cohortId: string; teamId: string | null; onChoose: (teamId: string | null) => void }) {
  const teams = useCoachTeams(cohortId).data?.teams ?? [];
  if (teams.length === 0) return <Text fontSize="sm" color="fg.muted">Nessuna squadra nella coorte: formale nella sezione «Squadre».</Text>;
  return (
    <Field.Root>
      <Field.Label>Squadra</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={teamId ?? ''} onChange={(e) => onChoose(e.target.value === '' ? null : e.target.value)}>
          <option value="">{messageTexts.pickTeam}</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A message to the whole cohort or a segment of it: the audience first ("Vedi destinatari"), then the send. */
export function MessageComposer({ cohortId, rows, initialPicked = [] }: { cohortId: string; rows: RosterRow[]; initialPicked?: readonly string[] }) {
  const composer = useMessageComposer(cohortId, initialPicked);
  const { segment, picked, text, preview, sendTime } = composer;

  return (
    <Stack asChild gap="4">
      <form onSubmit={composer.submit} noValidate aria-label="Messaggio alla coorte">
        <FormError message={composer.error} />
        <SegmentField segment={segment} onChoose={composer.chooseSegment} />
        {segment === 'picked' && <RecipientPicker rows={rows} picked={picked} onToggle={composer.togglePicked} />}
        {segment === 'tag' && <TagSegmentField cohortId={cohortId} tag={composer.tag} onChoose={composer.chooseTag} />}
        {segment === 'team' && <TeamSegmentField cohortId={cohortId} teamId={composer.teamId} onChoose={composer.chooseTeam} />}
        <Field.Root invalid={text.length > MAX_MESSAGE}>
          <Field.Label>Messaggio</Field.Label>
          <Textarea rows={5} value={text} onChange={(e) => composer.changeText(e.target.value)} />
          <Field.HelperText>
            {text.length}/{MAX_MESSAGE} · {'{nome}'} diventa il nome di ciascun partecipante, {'{settimana}'} la sua settimana (per esempio «settimana 3»).
          </Field.HelperText>
        </Field.Root>
        <Box>
          <Button type="button" size="sm" variant="outline" loading={composer.previewing} loadingText="Calcolo..." onClick={() => void composer.showPreview()}>
            Vedi destinatari
          </Button>
        </Box>
        {preview && (
          <Box role="status" borderWidth="1px" borderColor="border" rounded="md" p="3" bg="bg.muted">
            <PreviewList preview={preview} />
          </Box>
        )}
        {preview && preview.recipients.length > 0 && <MessagePreview recipients={preview.recipients} text={text} />}
        {preview && preview.count > 0 && (
          <>
            {segment === 'team' ? (
              <Text fontSize="sm" color="fg.muted">
                {messageTexts.teamNotScheduled}.
              </Text>
            ) : (
              <SendTimeFields
                when={sendTime.when}
                date={sendTime.date}
                time={sendTime.time}
                timeZone={sendTime.timeZone}
                onWhen={sendTime.chooseWhen}
                onDate={sendTime.changeDate}
                onTime={sendTime.changeTime}
              />
            )}
            <Box>
              <Button type="submit" loading={composer.sendPending} loadingText="Invio..." disabled={composer.sendPending}>
                {sendTime.when === 'later' && segment !== 'team' ? 'Programma messaggio' : 'Invia messaggio'}
              </Button>
            </Box>
          </>
        )}
      </form>
    </Stack>
  );
}

/** The cohort's messages waiting for their time, then the sent ones. */
export function SentMessages({ cohortId }: { cohortId: string }) {
  return (
    <Stack gap="5">
      <ScheduledMessages cohortId={cohortId} />
      <SentList cohortId={cohortId} />
    </Stack>
  );
}

/** The cohort's sent messages, newest first; ten at a time. */
function SentList({ cohortId }: { cohortId: string }) {
  const messages = useSentMessages(cohortId);
  const { shown, hidden, more } = useShowMore(messages.data ?? [], 10);
  if (messages.isPending) {
    return (
      <Text role="status" color="fg.muted">
        Caricamento...
      </Text>
    );
  }
  if (messages.isError) return <FormError message={errorMessage(messages.error, 'Impossibile caricare i messaggi inviati')} />;
  if (messages.data.length === 0) return <Text color="fg.muted">Nessun messaggio inviato.</Text>;
  return (
    <Stack gap="3">
      <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label="Messaggi inviati">
        {shown.map((message) => (
          <Box as="li" key={message.id} borderWidth="1px" borderColor="border" rounded="lg" p="3">
            <Text fontSize="sm" color="fg.muted">
              {formatDayTime(message.sentAt)} · {segmentLabels[message.segment]}
              {message.tag && ` «${message.tag}»`} · {message.recipientCount}{' '}
              {message.recipientCount === 1 ? 'destinatario' : 'destinatari'} · {message.coachName}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {readCountText(message.readCount, message.recipientCount)}
            </Text>
            <Text mt="1" whiteSpace="pre-wrap" overflowWrap="anywhere">
              <PlaceholderText text={message.text} />
            </Text>
          </Box>
        ))}
      </Stack>
      <ShowMoreButton hidden={hidden} onClick={more} />
    </Stack>
  );
}
