import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { documentBytes, documentNameBytes, valueBytes } from './document-size';

describe('documentBytes', () => {
  it("counts Firestore's own example: a task document of four fields is 147 bytes", () => {
    expect(documentNameBytes('users/jeff/tasks/my_task_id')).toBe(44);
    expect(documentBytes('users/jeff/tasks/my_task_id', { type: 'Personal', done: false, priority: 1, description: 'Learn Cloud Firestore' })).toBe(147);
  });

  it('counts strings by their UTF-8 bytes, maps and arrays by what they hold, timestamps as 8', () => {
    expect(valueBytes('è')).toBe(3);
    expect(valueBytes(['a', 1, null])).toBe(2 + 8 + 1);
    expect(valueBytes({ at: Timestamp.fromMillis(0), n: { x: true } })).toBe(3 + 8 + 2 + 2 + 1);
  });
});
