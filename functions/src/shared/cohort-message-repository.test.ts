import { describe, expect, test } from 'vitest';
import { joinRecipients, recipientIdsOf } from './cohort-message-repository';

describe("a message's stored recipients", () => {
  test('ids joined into one value come back whole and in order', () => {
    const ids = ['Ab3xYz0123456789012345678901', 'user_2', 'a-b.c'];
    expect(recipientIdsOf({ recipients: joinRecipients(ids) })).toEqual(ids);
    expect(recipientIdsOf({ recipients: joinRecipients(['solo']) })).toEqual(['solo']);
  });

  test('no recipients is an empty list, not one empty id', () => {
    expect(recipientIdsOf({ recipients: joinRecipients([]) })).toEqual([]);
    expect(recipientIdsOf({})).toEqual([]);
  });

  test('a message stored before the joined form is read from its array', () => {
    expect(recipientIdsOf({ recipientIds: ['a', 'b'] })).toEqual(['a', 'b']);
  });
});
