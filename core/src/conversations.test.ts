import { describe, expect, it } from 'vitest';
import {
  MAX_CONVERSATION_MESSAGE,
  conversationListQuerySchema,
  conversationOrderKey,
  conversationTexts,
  excerptOf,
  sendConversationMessageRequestSchema,
  timelinePage,
  timelineQuerySchema,
  weekAtAGlance,
  type TimelineItem,
} from './conversations';
import { emptyTracker, type TrackerData } from './tracker';
import { voiceNoteMessages } from './voice-notes';
import { addHabit, setActionText, toggleAction, toggleHabit, weekActions, type TrackerResult } from './tracker-actions';

const item = (id: string, at: string): TimelineItem => ({
  id,
  kind: 'message',
  from: 'coach',
  authorName: 'Coach',
  text: id,
  at,
  weekNumber: null,
  mood: null,
  replyTo: null,
  voiceNote: null,
  seen: false,
});

describe('a page of the timeline', () => {
  it('merges the sources newest first and cuts at the page', () => {
    const messages = [item('m3', '2026-03-25T10:00:00.000Z'), item('m1', '2026-03-23T10:00:00.000Z')];
    const checkIns = [item('c2', '2026-03-24T10:00:00.000Z')];
    expect(timelinePage([{ items: messages, more: false }, { items: checkIns, more: false }], 10)).toEqual({
      items: [messages[0], checkIns[0], messages[1]],
      nextBefore: null,
    });
    const cut = timelinePage([{ items: messages, more: false }, { items: checkIns, more: false }], 2);
    expect(cut.items.map((i) => i.id)).toEqual(['m3', 'c2']);
    // The next page asks for what is older than the last item shown.
    expect(cut.nextBefore).toBe('2026-03-24T10:00:00.000Z');
  });

  it('has a next page when a source holds older items than it read, even if all it read fits', () => {
    const page = timelinePage([{ items: [item('m1', '2026-03-23T10:00:00.000Z')], more: true }, { items: [], more: false }], 10);
    expect(page).toEqual({ items: [item('m1', '2026-03-23T10:00:00.000Z')], nextBefore: '2026-03-23T10:00:00.000Z' });
    expect(timelinePage([{ items: [], more: false }], 10)).toEqual({ items: [], nextBefore: null });
  });

  it('orders items of the same instant the same way every time', () => {
    const at = '2026-03-23T10:00:00.000Z';
    const a = timelinePage([{ items: [item('a', at), item('b', at)], more: false }], 10);
    const b = timelinePage([{ items: [item('b', at)], more: false }, { items: [item('a', at)], more: false }], 10);
    expect(a.items).toEqual(b.items);
  });
});

describe('the coach list', () => {
  it('puts unread threads first, then the latest activity, in one key that is also the cursor', () => {
    const keys = [
      conversationOrderKey(false, '2026-03-25T10:00:00.000Z'),
      conversationOrderKey(true, '2026-03-20T10:00:00.000Z'),
      conversationOrderKey(true, '2026-03-24T10:00:00.000Z'),
    ];
    expect([...keys].sort().reverse()).toEqual([keys[2], keys[1], keys[0]]);
    expect(conversationListQuerySchema.parse({ cursor: keys[0] })).toEqual({ cohortId: null, cursor: keys[0] });
    expect(conversationListQuerySchema.safeParse({ cursor: '2|x' }).success).toBe(false);
  });
});

describe('what a message may be', () => {
  const request = { requestId: 'richiesta-1234', text: 'Ciao coach' };

  it('2,000 characters at most, and something to read', () => {
    expect(sendConversationMessageRequestSchema.parse({ ...request, text: `  ${'a'.repeat(MAX_CONVERSATION_MESSAGE)}  ` }).text).toHaveLength(MAX_CONVERSATION_MESSAGE);
    const long = sendConversationMessageRequestSchema.safeParse({ ...request, text: 'a'.repeat(MAX_CONVERSATION_MESSAGE + 1) });
    expect(long.error?.issues[0]?.message).toBe(conversationTexts.textTooLong);
    expect(sendConversationMessageRequestSchema.safeParse({ ...request, text: '   ' }).error?.issues[0]?.message).toBe(conversationTexts.textRequired);
    expect(sendConversationMessageRequestSchema.safeParse({ ...request, requestId: 'x' }).error?.issues[0]?.message).toBe(conversationTexts.requestId);
  });

  it('a text, a voice note or both; neither is refused as an empty text', () => {
    const voiceNoteId = 'a'.repeat(32);
    expect(sendConversationMessageRequestSchema.parse({ ...request, voiceNoteId })).toEqual({ ...request, voiceNoteId });
    expect(sendConversationMessageRequestSchema.parse({ ...request, text: '  ', voiceNoteId })).toEqual({ ...request, text: '', voiceNoteId });
    expect(sendConversationMessageRequestSchema.safeParse({ ...request, text: '' }).error?.issues[0]?.message).toBe(conversationTexts.textRequired);
    // Invisible characters are no text, with or without a note.
    expect(sendConversationMessageRequestSchema.safeParse({ ...request, text: '\u200B', voiceNoteId }).success).toBe(false);
    expect(sendConversationMessageRequestSchema.safeParse({ ...request, voiceNoteId: 'nota' }).error?.issues[0]?.message).toBe(voiceNoteMessages.invalid);
  });

  it('a page is asked for by an instant', () => {
    expect(timelineQuerySchema.parse({})).toEqual({ before: null });
    expect(timelineQuerySchema.parse({ before: '2026-03-23T10:00:00.000Z' })).toEqual({ before: '2026-03-23T10:00:00.000Z' });
    expect(timelineQuerySchema.safeParse({ before: 'ieri' }).error?.issues[0]?.message).toBe(conversationTexts.before);
    // Another offset is the same instant, written as the server writes them.
    expect(timelineQuerySchema.parse({ before: '2026-03-23T12:00:00+02:00' })).toEqual({ before: '2026-03-23T10:00:00.000Z' });
  });

  it('previews and quotes are one line, cut with an ellipsis', () => {
    expect(excerptOf('Ciao\n\ncoach   come va?')).toBe('Ciao coach come va?');
    const cut = excerptOf('parola '.repeat(40), 20);
    expect(cut).toHaveLength(20);
    expect(cut.endsWith('…')).toBe(true);
  });
});

const must = (result: TrackerResult): TrackerData => {
  if (!result.ok) throw new Error(result.message);
  return result.data;
};

describe('the week at a glance', () => {
  const START = '2026-03-23';
  const at = (day: string) => new Date(`${day}T10:00:00Z`);

  it('this week’s habits and planner, the latest mood', () => {
    let tracker = emptyTracker('Europe/Rome', at('2026-03-23'), START);
    tracker = must(addHabit(tracker, 'Camminare', at('2026-03-23'), 'h1'));
    // Week 2 (from the 30th): ticked 2 of the 3 days up to Wednesday, today (Wednesday) among them.
    tracker = must(toggleHabit(tracker, 'h1', '2026-03-30', at('2026-03-30')));
    tracker = must(toggleHabit(tracker, 'h1', '2026-04-01', at('2026-04-01')));
    tracker = must(setActionText(tracker, 2, weekActions(tracker, 2)[0]!.id, 'Palestra', at('2026-03-30')));
    tracker = must(setActionText(tracker, 2, weekActions(tracker, 2)[1]!.id, 'Spesa', at('2026-03-30')));
    tracker = must(toggleAction(tracker, 2, weekActions(tracker, 2)[0]!.id, at('2026-03-31')));
    tracker = { ...tracker, checkIns: [{ id: 'c1', mood: 2, reflection: 'dura', date: '2026-03-29', weekNumber: 1, submittedAt: '2026-03-29T10:00:00Z' }] };
    expect(weekAtAGlance(tracker, START, '2026-04-01')).toEqual({
      weekNumber: 2,
      habitsPercent: 67,
      mood: { weekNumber: 1, mood: 2 },
      planner: { planned: 2, completed: 1 },
    });
  });

  it('nothing to measure before the start', () => {
    expect(weekAtAGlance(emptyTracker('Europe/Rome', at('2026-03-20'), START), START, '2026-03-20')).toEqual({
      weekNumber: null,
      habitsPercent: null,
      mood: null,
      planner: null,
    });
  });
});
