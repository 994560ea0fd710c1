import { useRef, useState, type FormEvent } from 'react';
import { MAX_MESSAGE, messageTexts, type AudienceRequest, type AudiencePreview, type Segment } from '@sfida/core/cohort-messages';
import { formatScheduledAt } from '@sfida/core/scheduled-messages';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useAudiencePreview, useSendMessage } from '../api/messages';
import { useScheduleMessage } from '../api/scheduled-messages';
import { useSendTime } from './use-send-time';

/**
 * A message to the whole cohort or a segment of it: the audience first (its preview), then the
 * send. One `requestId` per composed message, kept across a retry or a double click so the server
 * sends it once; a new one once it is sent or changed.
 */
export function useMessageComposer(cohortId: string, initialPicked: readonly string[] = []) {
  const previewAudience = useAudiencePreview(cohortId);
  const send = useSendMessage(cohortId);
  const schedule = useScheduleMessage(cohortId);
  // A selection's "Scrivi" opens the composer on the people it chose.
  const [segment, setSegment] = useState<Segment>(initialPicked.length > 0 ? 'picked' : 'all');
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set(initialPicked));
  const [tag, setTag] = useState<string | null>(null);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [preview, setPreview] = useState<AudiencePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The button is disabled on the next render; a second click in between must not send again.
  const sending = useRef(false);
  // Another moment is another message (a new request id); the audience's preview still holds.
  const sendTime = useSendTime(() => setRequestId(crypto.randomUUID()));

  const audience = (): AudienceRequest =>
    segment === 'picked'
      ? { segment, userIds: [...picked] }
      : segment === 'tag' && tag !== null
        ? { segment, tag }
        : segment === 'team' && teamId !== null
          ? { segment, teamId }
          : { segment };

  /** A different audience: the preview no longer holds, and it is another message. */
  function audienceChanged() {
    setPreview(null);
    setRequestId(crypto.randomUUID());
  }

  function chooseSegment(next: Segment) {
    setSegment(next);
    audienceChanged();
  }

  function togglePicked(userId: string) {
    const next = new Set(picked);
    if (!next.delete(userId)) next.add(userId);
    setPicked(next);
    audienceChanged();
  }

  function chooseTag(next: string | null) {
    setTag(next);
    audienceChanged();
  }

  function chooseTeam(next: string | null) {
    setTeamId(next);
    audienceChanged();
  }

  function changeText(next: string) {
    setText(next);
    setRequestId(crypto.randomUUID());
  }

  async function showPreview() {
    if (segment === 'picked' && picked.size === 0) return setError(messageTexts.pickSomeone);
    if (segment === 'tag' && tag === null) return setError(messageTexts.pickTag);
    if (segment === 'team' && teamId === null) return setError(messageTexts.pickTeam);
    setError(null);
    try {
      setPreview(await previewAudience.mutateAsync(audience()));
    } catch (caught) {
      setError(errorMessage(caught, 'Impossibile calcolare i destinatari'));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    if (text.trim() === '') return setError(messageTexts.textRequired);
    if (text.trim().length > MAX_MESSAGE) return setError(messageTexts.textTooLong);
    if (segment === 'team' && teamId === null) return setError(messageTexts.pickTeam);
    // A team's message always goes now (the server keeps no schedule of a team's members).
    const later = sendTime.when === 'later' && segment !== 'team';
    const timeProblem = later ? sendTime.problem() : null;
    if (timeProblem) return setError(timeProblem);
    setError(null);
    sending.current = true;
    try {
      if (later) {
        const scheduled = await schedule.mutateAsync({ ...audience(), requestId, text, date: sendTime.date, time: sendTime.time });
        notify({ type: 'success', title: `Messaggio programmato per ${formatScheduledAt(scheduled)}` });
      } else {
        const sent = await send.mutateAsync({ ...audience(), requestId, text });
        notify({ type: 'success', title: `Messaggio inviato a ${sent.recipientCount} ${sent.recipientCount === 1 ? 'partecipante' : 'partecipanti'}` });
      }
      sendTime.reset();
      setText('');
      setPicked(new Set());
      setPreview(null);
      setRequestId(crypto.randomUUID());
    } catch (caught) {
      setError(errorMessage(caught, later ? 'Programmazione del messaggio non riuscita' : 'Invio del messaggio non riuscito'));
    } finally {
      sending.current = false;
    }
  }

  return {
    segment,
    picked,
    tag,
    teamId,
    text,
    preview,
    error,
    previewing: previewAudience.isPending,
    sendPending: send.isPending || schedule.isPending,
    sendTime,
    chooseSegment,
    togglePicked,
    chooseTag,
    chooseTeam,
    changeText,
    showPreview,
    submit,
  };
}
