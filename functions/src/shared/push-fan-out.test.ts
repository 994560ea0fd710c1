import { describe, expect, test } from 'vitest';
import { messageTasks, pushTasks, type PushItem } from './push-fan-out';

const item = (index: number, body = 'Ciao'): PushItem => ({ uid: `u${index}`, key: `message:m:u${index}`, payload: { title: 'Messaggio', body, url: '/messaggi', tag: 'messaggio-m' } });

describe('pushTasks', () => {
  test('slices recipients into tasks of at most 200, in order, each with the topic and the TTL', () => {
    const items = Array.from({ length: 450 }, (_, index) => item(index));
    const tasks = pushTasks(items, 'coachMessages', 3600);
    expect(tasks.map((task) => task.items.length)).toEqual([200, 200, 50]);
    expect(tasks.flatMap((task) => task.items)).toEqual(items);
    expect(tasks.every((task) => task.topic === 'coachMessages' && task.ttlSeconds === 3600)).toBe(true);
    expect(pushTasks([], null, 60)).toEqual([]);
  });

  test('keeps each task under 60 kB of JSON, whatever the payloads', () => {
    const long = 'x'.repeat(1500);
    const tasks = pushTasks(Array.from({ length: 200 }, (_, index) => item(index, long)), null, 60);
    expect(tasks.length).toBeGreaterThan(2);
    for (const task of tasks) expect(JSON.stringify(task).length).toBeLessThan(61_000);
  });
});

describe('pushTasks for a message', () => {
  test('each task carries the message once and its recipients\' ids, within the same bounds', () => {
    const message = { id: 'm', cohortId: 'c', coachName: 'Giulia', text: 'x'.repeat(2000), sentAt: '2026-03-25T09:00:00.000Z' };
    const items = Array.from({ length: 450 }, (_, index) => ({ uid: `u${index}`, key: `message:m:u${index}` }));
    const tasks = pushTasks(items, 'coachMessages', 3600, message);
    expect(tasks.map((task) => task.items.length)).toEqual([200, 200, 50]);
    expect(tasks.every((task) => task.message === message)).toBe(true);
    const long = pushTasks(Array.from({ length: 200 }, (_, index) => ({ uid: `u${index}`.padEnd(400, 'u'), key: `k${index}` })), null, 60, message);
    expect(long.length).toBeGreaterThan(1);
    for (const task of long) expect(JSON.stringify(task).length).toBeLessThan(61_000);
  });
});

describe('messageTasks', () => {
  const message = { id: 'coach_req', cohortId: 'c', coachName: 'Giulia', text: 'Ciao {nome}', sentAt: '2026-03-25T09:00:00.000Z' };
  test('up to 200 recipients: their own task, each item keyed by message and recipient', () => {
    const tasks = messageTasks(['a', 'b'], 'coachMessages', 60, message);
    expect(tasks).toEqual([{ topic: 'coachMessages', ttlSeconds: 60, message, items: [{ uid: 'a', key: 'message:coach_req:a' }, { uid: 'b', key: 'message:coach_req:b' }] }]);
  });

  test('more: one task naming the message, whatever their number (it reads them when it runs)', () => {
    const ids = Array.from({ length: 5000 }, (_, index) => `uid-${String(index).padStart(24, '0')}`);
    expect(messageTasks(ids, 'coachMessages', 60, message)).toEqual([{ topic: 'coachMessages', ttlSeconds: 60, items: [], message, recipientsOfMessage: true }]);
    expect(messageTasks(ids.slice(0, 201), 'coachMessages', 60, message)).toHaveLength(1);
  });
});
