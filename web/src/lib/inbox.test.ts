import { describe, expect, it } from 'vitest';
import type { OwnThread } from '@sfida/core/check-in-threads';
import { historyEntryId, unseenReplies } from './inbox';

describe('inbox helpers', () => {
  it('an unseen reply is one with a reply not yet opened, the newest week first', () => {
    const base: OwnThread = { weekNumber: 1, status: 'open', handledBy: null, reply: null, replySeenAt: null, answer: null };
    const reply = { text: 'Ciao', coachName: 'Giulia', at: '2026-03-01T10:00:00Z' };
    const replied2 = { ...base, weekNumber: 2, status: 'replied' as const, handledBy: 'Giulia', reply };
    const seen3 = { ...replied2, weekNumber: 3, replySeenAt: '2026-03-02T10:00:00Z' };
    const replied4 = { ...replied2, weekNumber: 4 };
    expect(unseenReplies([base, replied2, seen3, replied4]).map((t) => t.weekNumber)).toEqual([4, 2]);
  });

  it('names a week\'s history entry as the dashboard links to it', () => {
    expect(historyEntryId(3)).toBe('settimana-3');
  });
});
