import type { PushTask, PushTaskReport } from '../shared/push-fan-out';
import type { EmailTask, EmailTaskReport } from '../shared/mail/outbox';

// The API tests' stand-in for Cloud Tasks (the push queue's and the email queue's) (outside our system; the local stack, e2e and bench use
// its emulator): it runs the real task handler in-process, after the enqueue has answered, as the
// queue would. Cloud Tasks delivers a task at least once, so the stand-in delivers every task
// twice, the second time after the first has settled; a task that asks to be run again (or
// throws) is, up to MAX_ATTEMPTS. What the tests then see on the push service is what reached the
// devices once the duplicates and retries were absorbed.

const MAX_ATTEMPTS = 5;

export interface InProcessQueue<Task, Report extends { retry: boolean }> {
  enqueue(tasks: Task[]): Promise<void>;
  /** Runs a task, as the queue's function does (set once the app's dependencies exist). */
  handler: ((task: Task) => Promise<Report>) | null;
  /** Resolves once every task enqueued so far, its duplicate and its retries have run. */
  idle(): Promise<void>;
  /** Each run's report, in the order they ended. */
  reports: Report[];
  /** The tasks enqueued, in order. */
  enqueued: Task[];
  /** Holds the tasks enqueued from now on until `release()`: what a request answers before any push is sent. */
  hold(): void;
  release(): void;
}

export type InProcessPushQueue = InProcessQueue<PushTask, PushTaskReport>;
export type InProcessEmailQueue = InProcessQueue<EmailTask, EmailTaskReport>;

export function inProcessPushQueue(): InProcessPushQueue {
  return inProcessQueue();
}

export function inProcessEmailQueue(): InProcessEmailQueue {
  return inProcessQueue();
}

function inProcessQueue<Task, Report extends { retry: boolean }>(): InProcessQueue<Task, Report> {
  const pending = new Set<Promise<void>>();
  let gate: { opened: Promise<void>; open: () => void } | null = null;
  const queue: InProcessQueue<Task, Report> = {
    handler: null,
    reports: [],
    enqueued: [],
    hold() {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      gate = { opened, open };
    },
    release() {
      gate?.open();
      gate = null;
    },
    async enqueue(tasks) {
      for (const task of tasks) {
        // A copy, as the queue keeps its own (JSON) copy of a task.
        const copy = JSON.parse(JSON.stringify(task)) as Task;
        queue.enqueued.push(copy);
        const held = gate?.opened;
        const run = (async () => {
          // After the enqueue has answered, as a queue's dispatch is.
          await new Promise((resolve) => setImmediate(resolve));
          await held;
          await dispatch(copy);
          await dispatch(copy);
        })();
        pending.add(run);
        void run.finally(() => pending.delete(run));
      }
    },
    async idle() {
      if (gate) throw new Error('the in-process queue is held: release() it first');
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };

  async function dispatch(task: Task): Promise<void> {
    if (!queue.handler) throw new Error('the in-process queue has no handler');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      let retry: boolean;
      try {
        const report = await queue.handler(task);
        queue.reports.push(report);
        retry = report.retry;
      } catch {
        retry = true;
      }
      if (!retry) return;
    }
  }

  return queue;
}
