import { describe, expect, it, vi } from 'vitest';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { chooseTracker } from './choose-tracker';
import type { ServerCopy } from './server-copy';

const now = new Date('2026-03-10T09:00:00Z');

function tracker(updatedAt: string, habits = 0): TrackerData {
  return {
    ...emptyTracker('Europe/Rome', now),
    updatedAt,
    habits: Array.from({ length: habits }, (_, i) => ({ id: `h${i}`, name: `Abitudine ${i}`, createdAt: updatedAt })),
  };
}

/** A server copy whose content is read only if the choice needs it. */
function remote(copy: TrackerData): ServerCopy & { read: ReturnType<typeof vi.fn> } {
  return { updatedAt: copy.updatedAt, read: vi.fn(() => ({ tracker: copy, repaired: false })) };
}

const earlier = '2026-03-09T09:00:00.000Z';
const later = '2026-03-10T09:00:00.000Z';

describe('chooseTracker', () => {
  it('keeps a confirmed local copy unless the server copy is strictly newer, without reading the server copy', () => {
    const same = remote(tracker(later));
    expect(chooseTracker(tracker(later), same, 'confirmed')).toBe('local');
    const older = remote(tracker(earlier));
    expect(chooseTracker(tracker(later), older, 'confirmed')).toBe('local');
    expect(same.read).not.toHaveBeenCalled();
    expect(older.read).not.toHaveBeenCalled();
    expect(chooseTracker(tracker(earlier), remote(tracker(later)), 'confirmed')).toBe('remote');
  });

  it('gives a repaired local copy up for a server copy at least as new', () => {
    expect(chooseTracker(tracker(later), remote(tracker(later)), 'repaired')).toBe('remote');
    expect(chooseTracker(tracker(later), remote(tracker(earlier)), 'repaired')).toBe('local');
  });

  it('gives a copy started offline up for a server copy with at least as much work, whatever the dates', () => {
    expect(chooseTracker(tracker(later, 1), remote(tracker(earlier, 3)), 'unconfirmed')).toBe('remote');
    expect(chooseTracker(tracker(later, 3), remote(tracker(earlier, 1)), 'unconfirmed')).toBe('local');
  });

  it('takes whichever copy exists', () => {
    expect(chooseTracker(null, remote(tracker(earlier)), 'confirmed')).toBe('remote');
    expect(chooseTracker(tracker(earlier), null, 'confirmed')).toBe('local');
  });
});
