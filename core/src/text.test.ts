import { describe, expect, it } from 'vitest';
import { cutText } from './text';

describe('cutText', () => {
  it('leaves a text of at most `length` characters as it is', () => {
    expect(cutText('ciao', 4)).toBe('ciao');
    expect(cutText('💪💪', 2, '…')).toBe('💪💪');
  });

  it('cuts whole characters, never half an emoji, with the ellipsis when asked', () => {
    expect(cutText('💪💪💪', 2)).toBe('💪💪');
    expect(cutText('buongiorno', 4, '…')).toBe('buon…');
  });
});
