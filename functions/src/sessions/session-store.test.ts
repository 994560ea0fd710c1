import { expect, test } from 'vitest';
import { uidOfToken } from './session-store';

test('uidOfToken reads well-formed tokens only', () => {
  const random = 'A'.repeat(43);
  expect(uidOfToken(`abc123.${random}`)).toBe('abc123');
  expect(uidOfToken(`abc.${random}x`)).toBeNull();
  expect(uidOfToken(random)).toBeNull();
  expect(uidOfToken(`a/b.${random}`)).toBeNull();
});
