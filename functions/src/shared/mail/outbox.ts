import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { isDocumentId } from '@sfida/core/document-id';
import { storedUsers } from '../user-repository';
import { claimEmail, createEmail, EMAIL_CLAIM_LEASE_MS, emailId, readEmails, settleEmail, type EmailRequest } from './email-repository';
import type { Mailer } from './transport';
import { isOptionalEmailKind, type OptionalEmailKind } from '@sfida/core/email-preferences';
import { turnOffEmailKind, wantingEmail } from './preferences-repository';

// Email leaves the request (or the job) that causes it as the push fan-out's pushes do
// (push-fan-out.ts): the caller stores each email (email-repository.ts, once per key) and enqueues
// tasks naming them by id; the `emailDeliveries` function (index.ts, a Cloud Tasks queue) sends
// them. A task carries ids only and is believed no further: it sends only what is stored and still
// queued. Cloud Tasks delivers a task at least once and retries it, so each email is claimed before
// it goes (a claim document created once, so one attempt wins) and marked `sent` as soon as the
// server has answered; a retry skips it. A claim left by an attempt that died
// between claim and answer is taken over after CLAIM_LEASE_MS: that email may then go twice, which
// we prefer to one never sent. An SMTP failure that may pass (4xx, no connection) gives the email
// back for a later attempt, up to MAX_ATTEMPTS; a 5xx (a bounce) fails it for good and turns its
// kind off for that person. An email of a kind the person turned off meanwhile is cancelled.

/** A task of the queue: the emails it sends, by id. */
export interface EmailTask {
  emailIds: string[];
}

/** Where the emails wait: Cloud Tasks (its emulator locally), or the API tests' in-process stand-in. */
export interface EmailQueue {
  enqueue(tasks: EmailTask[]): Promise<void>;
}

export interface EmailTaskReport {
  sent: number;
  failed: number;
  /** Emails an earlier attempt already settled, or that went away. */
  skipped: number;
  /** Something is left to do: the queue must run the task again later. */
  retry: boolean;
}

export const EMAIL_QUEUE_FUNCTION = 'emailDeliveries';
export const EMAIL_QUEUE_REGION = 'europe-west1';
/** Emails per task: a task's sends (one connection, one at a time) end well within its timeout. */
export const EMAIL_TASK_ITEMS = 50;
/** Attempts before an email that keeps failing is given up. */
export const MAX_EMAIL_ATTEMPTS = 8;

export interface OutboxDeps {
  db: Firestore;
  emailQueue: EmailQueue;
  clock: () => Date;
}

export interface SendDeps {
  db: Firestore;
  mailer: Mailer | null;
  clock: () => Date;
}

/** Tasks of at most EMAIL_TASK_ITEMS emails. */
export function emailTasks(ids: string[]): EmailTask[] {
  const tasks: EmailTask[] = [];
  for (let start = 0; start < ids.length; start += EMAIL_TASK_ITEMS) tasks.push({ emailIds: ids.slice(start, start + EMAIL_TASK_ITEMS) });
  return tasks;
}

/**
 * Queues emails, each once by its key (one queued before is left alone), and enqueues the tasks
 * that send them. Answers how many were new.
 */
export async function queueEmails(deps: OutboxDeps, requests: EmailRequest[]): Promise<{ queued: number; already: number }> {
  const now = deps.clock();
  const created: string[] = [];
  // A few creates at a time: a round of hundreds stays a bounded stream of writes.
  for (let start = 0; start < requests.length; start += 20) {
    const slice = requests.slice(start, start + 20);
    const landed = await Promise.all(slice.map((request) => createEmail(deps.db, request, now)));
    slice.forEach((request, index) => landed[index] && created.push(emailId(request.key)));
  }
  await deps.emailQueue.enqueue(emailTasks(created));
  return { queued: created.length, already: requests.length - created.length };
}

/** Queues one email for a uid (the event-day email's way in): false when its key was queued before. */
export async function queueEmail(deps: OutboxDeps, request: EmailRequest): Promise<boolean> {
  return (await queueEmails(deps, [request])).queued === 1;
}

/** The task a body names, or null for anything else (ignored, and not asked again). */
export function parseEmailTask(body: unknown): EmailTask | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { emailIds } = body as Record<string, unknown>;
  if (!Array.isArray(emailIds) || emailIds.length === 0 || emailIds.length > EMAIL_TASK_ITEMS) return null;
  if (!emailIds.every((id) => typeof id === 'string' && isDocumentId(id))) return null;
  return { emailIds: emailIds as string[] };
}

/**
 * Runs one task, whoever sent it: each email it names that is stored and queued (or left claimed
 * past its lease) is claimed, sent to its account's current address and settled. Never throws
 * for an SMTP failure: it says `retry` instead.
 */
export async function runEmailTask(deps: SendDeps, body: unknown): Promise<EmailTaskReport> {
  const report: EmailTaskReport = { sent: 0, failed: 0, skipped: 0, retry: false };
  const task = parseEmailTask(body);
  if (!task) return report;
  const emails = await readEmails(deps.db, [...new Set(task.emailIds)]);
  report.skipped += task.emailIds.length - emails.length;
  const due = emails.filter((email) => {
    if (email.state === 'queued') return true;
    if (email.state === 'sending') {
      const held = email.claimedAt && deps.clock().getTime() - email.claimedAt.getTime() < EMAIL_CLAIM_LEASE_MS;
      if (held) report.retry = true; // another attempt holds it: look again once its lease is over
      return !held;
    }
    report.skipped++;
    return false;
  });
  if (due.length === 0) return report;
  if (!deps.mailer) {
    // No SMTP server configured: the emails stay queued, for a deployment that has one.
    report.retry = true;
    return report;
  }
  const accounts = await storedUsers(deps.db, [...new Set(due.flatMap((email) => (email.uid ? [email.uid] : [])))]);
  const wanted = new Map<OptionalEmailKind, Set<string>>();
  for (const kind of new Set(due.map((email) => email.kind).filter(isOptionalEmailKind))) {
    wanted.set(kind, await wantingEmail(deps.db, due.filter((email) => email.kind === kind).map((email) => email.uid), kind));
  }
  const addressOf = new Map(accounts.flatMap((account) => (account?.user.email ? [[account.user.id, account.user.email] as const] : [])));
  for (const email of due) {
    const claim = await claimEmail(deps.db, email, deps.clock());
    if (claim === 'sent') report.skipped++;
    if (claim !== 'mine') {
      // Another attempt holds it: it settles it, or a later run takes it over.
      if (claim === 'busy') report.retry = true;
      continue;
    }
    if (isOptionalEmailKind(email.kind) && !wanted.get(email.kind)?.has(email.uid)) {
      await settleEmail(deps.db, email.id, { state: 'cancelled', response: 'email di questo tipo disattivate' }, deps.clock(), email.to !== null);
      report.skipped++;
      continue;
    }
    const to = email.to ?? addressOf.get(email.uid);
    if (!to) {
      // The account (or its address) is gone: nothing to send, ever.
      await settleEmail(deps.db, email.id, { state: 'failed', response: 'account senza indirizzo' }, deps.clock());
      report.failed++;
      continue;
    }
    const sent = await deps.mailer.send({ to, subject: email.email.subject, text: email.email.text, html: email.email.html, headers: email.email.headers ?? {} });
    // A farewell's address goes once it is settled, from the server's answer too (a refusal quotes it).
    const outcome = email.to ? { ...sent, response: sent.response.split(email.to).join('[indirizzo]') } : sent;
    const now = deps.clock();
    if (outcome.ok) {
      await settleEmail(deps.db, email.id, { state: 'sent', response: outcome.response }, now, email.to !== null);
      report.sent++;
    } else if (outcome.permanent || email.attempts + 1 >= MAX_EMAIL_ATTEMPTS) {
      await settleEmail(deps.db, email.id, { state: 'failed', response: outcome.response }, now, email.to !== null);
      // A bounce: this address gets nothing more of the kind (until the person turns it on again).
      if (outcome.permanent && isOptionalEmailKind(email.kind)) await turnOffEmailKind(deps.db, email.uid, email.kind, 'bounced', now);
      report.failed++;
    } else {
      await settleEmail(deps.db, email.id, { state: 'queued', response: outcome.response }, now);
      report.failed++;
      report.retry = true;
    }
  }
  return report;
}

/** Cloud Tasks through the Admin SDK: the queue of the `emailDeliveries` function (its emulator locally). */
export function cloudTasksEmailQueue(app: App): EmailQueue {
  return {
    async enqueue(tasks) {
      if (tasks.length === 0) return;
      const { getFunctions } = await import('firebase-admin/functions');
      const queue = getFunctions(app).taskQueue<EmailTask>(`locations/${EMAIL_QUEUE_REGION}/functions/${EMAIL_QUEUE_FUNCTION}`);
      for (let start = 0; start < tasks.length; start += 20) await Promise.all(tasks.slice(start, start + 20).map((task) => queue.enqueue(task)));
    },
  };
}
