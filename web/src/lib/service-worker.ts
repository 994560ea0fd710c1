import { useEffect, useSyncExternalStore } from 'react';

/*
 * The service worker (web/scripts/service-worker.ts builds it): registered once a signed-in page
 * has painted and the browser is idle, in production builds, so it costs the start-up nothing
 * (and no script of its own). When a new deploy's worker is waiting, `updateReady`
 * turns true: applying it lets the new worker take over and reloads the page, so a page never runs
 * a mix of old and new files. It applies on the user's tap or at their next navigation.
 */

let applyUpdate: (() => void) | null = null;
let registering = false;
const listeners = new Set<() => void>();

/** A new version waits and `apply` installs it (the registration calls it; null: none waits). */
export function announceUpdate(apply: (() => void) | null): void {
  applyUpdate = apply;
  listeners.forEach((listener) => listener());
}

/** Offers `worker` (installed, waiting) as the update; applying it makes it take over, then the page reloads. */
function offer(worker: ServiceWorker, reload: () => void): void {
  announceUpdate(() => {
    navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
    // Workbox's generated worker takes over on this message (see web/scripts/service-worker.ts).
    worker.postMessage({ type: 'SKIP_WAITING' });
  });
}

/** Registers /sw.js and watches for a new version (exported for its test). */
export async function registerServiceWorker(reload: () => void = () => window.location.reload()): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js');
  // A worker already waiting (a deploy seen by another tab), or one that finishes installing now.
  // The first install of all is no update: nothing controlled the page before it.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting, reload);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing, reload);
    });
  });
}

/** Registers the worker once, after the paint and when the browser is idle. */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || registering || !('serviceWorker' in navigator)) return;
    registering = true;
    const start = () => void registerServiceWorker().catch((error: unknown) => console.warn('Service worker non registrato', error));
    requestAnimationFrame(() => {
      setTimeout(() => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3000 });
        else setTimeout(start, 200);
      });
    });
  }, []);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How to apply the new version that waits; null while none waits. */
export function waitingUpdate(): (() => void) | null {
  return applyUpdate;
}

/** Whether a new version waits, and how to apply it (null while none waits). */
export function useUpdateReady(): (() => void) | null {
  return useSyncExternalStore(subscribe, waitingUpdate, () => null);
}
