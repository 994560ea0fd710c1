import { describe, expect, test } from 'vitest';
import { messageTasks, parsePushTask, reminderTasks } from './push-fan-out';

describe('reminderTasks', () => {
  test('slices the claimed reminders into tasks of at most 200 ids, in order', () => {
    const ids = Array.from({ length: 450 }, (_, index) => `u${index}_habits_2026-03-25`);
    const tasks = reminderTasks(ids);
    expect(tasks.map((task) => ('reminderIds' in task ? task.reminderIds.length : 0))).toEqual([200, 200, 50]);
    expect(tasks.flatMap((task) => ('reminderIds' in task ? task.reminderIds : []))).toEqual(ids);
    expect(reminderTasks([])).toEqual([]);
  });

  test('keeps each task under 60 kB of JSON, whatever the ids', () => {
    const tasks = reminderTasks(Array.from({ length: 200 }, (_, index) => `u${index}_`.padEnd(1400, 'k')));
    expect(tasks.length).toBeGreaterThan(2);
    for (const task of tasks) expect(JSON.stringify(task).length).toBeLessThan(61_000);
  });
});

describe('messageTasks', () => {
  test('up to 200 recipients: their own task, the message and their ids only', () => {
    expect(messageTasks('coach_req', ['a', 'b'])).toEqual([{ messageId: 'coach_req', recipientIds: ['a', 'b'] }]);
  });

  test('more: one task naming the message alone, whatever their number (it reads them when it runs)', () => {
    const ids = Array.from({ length: 5000 }, (_, index) => `uid-${String(index).padStart(24, '0')}`);
    expect(messageTasks('coach_req', ids)).toEqual([{ messageId: 'coach_req' }]);
    expect(messageTasks('coach_req', ids.slice(0, 201))).toEqual([{ messageId: 'coach_req' }]);
  });
});

describe('parsePushTask: a body is a task only when it names ids and nothing else', () => {
  test('the tasks the server enqueues', () => {
    for (const task of [...messageTasks('m', ['a']), ...messageTasks('m', Array.from({ length: 300 }, (_, i) => `u${i}`)), ...reminderTasks(['u_habits_2026-03-25'])]) {
      expect(parsePushTask(JSON.parse(JSON.stringify(task)))).toEqual(task);
    }
  });

  test('what a caller may make up: its text, coach and payloads are dropped, anything else is no task', () => {
    // Extra fields are never read: only the ids come through.
    expect(parsePushTask({ messageId: 'm', recipientIds: ['a'], message: { text: 'x', coachName: 'Il tuo coach' }, topic: null })).toEqual({ messageId: 'm', recipientIds: ['a'] });
    expect(parsePushTask({ reminderIds: ['r'], items: [{ uid: 'a', payload: { body: 'x' } }] })).toEqual({ reminderIds: ['r'] });
    const tooMany = Array.from({ length: 201 }, (_, i) => `u${i}`);
    for (const body of [null, undefined, 'm', 7, [], {}, { messageId: '' }, { messageId: 'a/b' }, { messageId: 'm', recipientIds: 'a' }, { messageId: 'm', recipientIds: [1] }, { messageId: 'm', recipientIds: tooMany }, { reminderIds: tooMany }, { reminderIds: ['__x__'] }, { messageId: 'm', reminderIds: ['r'] }, { items: [] }]) {
      expect(parsePushTask(body), JSON.stringify(body)?.slice(0, 80)).toBeNull();
    }
  });
});
