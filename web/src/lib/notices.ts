/*
 * The app's short notices ("Abitudine completata!", a refused sync…): one at a time, each shown
 * for a few seconds, a new one replacing the one showing. Anything may call `notify`;
 * components/toaster.tsx shows them.
 */

/** How long a notice stays. */
export const NOTICE_DURATION_MS = 3000;

export type NoticeType = 'success' | 'error' | 'info' | 'warning';

export interface Notice {
  id: number;
  title: string;
  description?: string;
  type: NoticeType;
}

let current: Notice | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function show(notice: Notice | null): void {
  current = notice;
  if (timer !== null) clearTimeout(timer);
  timer = notice ? setTimeout(() => show(null), NOTICE_DURATION_MS) : null;
  listeners.forEach((listener) => listener());
}

/** Shows a short notice; the one already showing goes away. */
export function notify({ title, description, type = 'info' }: { title: string; description?: string; type?: NoticeType }): void {
  show({ id: nextId++, title, description, type });
}

/** Removes the notice at once (its close button; tests start each case with none). */
export function clearNotices(): void {
  show(null);
}

export function subscribeToNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notice showing now, if any. */
export function currentNotice(): Notice | null {
  return current;
}
