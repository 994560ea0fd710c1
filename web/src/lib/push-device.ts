import type { PushSubscriptionRequest } from '@sfida/core/notifications';
import { apiFetch, noContent } from './api-client';

/*
 * This device's side of push notifications: the browser's Push API around our two endpoints. The
 * settings (what to receive) belong to the user; each device subscribes on its own. The service
 * worker that shows the messages is web/scripts/service-worker.ts (registered in production only).
 */

export type PushSupport = 'supported' | 'unsupported' | 'ios-needs-install';

/** A failure whose message is Italian and meant for the user (the browser's own errors are not). */
export class PushDeviceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushDeviceError';
  }
}

export const pushDeviceMessages = {
  denied: 'Hai bloccato le notifiche per questo sito: puoi riattivarle dalle impostazioni del browser.',
  dismissed: 'Non hai ancora consentito le notifiche: tocca di nuovo «Attiva le notifiche» e scegli «Consenti».',
  noWorkerInDevelopment: 'Le notifiche funzionano nell’app pubblicata, non in questa versione di sviluppo.',
  noWorkerYet: 'L’app si sta ancora preparando: riprova tra qualche secondo.',
} as const;

const SUBSCRIPTIONS = '/api/me/push-subscriptions';

/** iPhone, iPod, or an iPad (which since iPadOS 13 calls itself a Mac, but has a touch screen). */
function isAppleMobile(): boolean {
  const agent = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
}

/** Opened from the home screen rather than in the browser. */
function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}

/**
 * Whether this browser can receive push. On iPhone and iPad only an app added to the home screen
 * can (iOS 16.4+), so there the browser gets a hint to install it instead of a plain "no".
 */
export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  return isAppleMobile() && !isInstalled() ? 'ios-needs-install' : 'unsupported';
}

/** This device's subscription, or null (none, no worker registered, or no Push API). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The server's VAPID key (base64url, as the API sends it) as `pushManager.subscribe` wants it. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** What `POST /api/me/push-subscriptions` accepts: the subscription's endpoint and keys, nothing else. */
function subscriptionRequest(subscription: PushSubscription): PushSubscriptionRequest {
  const { endpoint = subscription.endpoint, keys = {} } = subscription.toJSON();
  return { endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } };
}

/**
 * Asks the browser's permission, subscribes this device with the server's key and tells the
 * server. Call it only from a user's tap: browsers refuse (or remember as a "no") a prompt that
 * no gesture asked for. Throws `PushDeviceError` with an Italian message, or the API's `ApiError`.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushDeviceError(pushDeviceMessages.denied);
  if (permission !== 'granted') throw new PushDeviceError(pushDeviceMessages.dismissed);

  // Not `serviceWorker.ready`: it never settles where no worker is registered (the dev server).
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) throw new PushDeviceError(import.meta.env.PROD ? pushDeviceMessages.noWorkerYet : pushDeviceMessages.noWorkerInDevelopment);

  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
  try {
    // Imported here, not at the top: lib/ rides in every page's chunk, core and zod do not (see lib/inbox.ts).
    const { pushSubscribedAnswerSchema } = await import('@sfida/core/notifications');
    await apiFetch(SUBSCRIPTIONS, { method: 'POST', body: subscriptionRequest(subscription), schema: pushSubscribedAnswerSchema });
  } catch (error) {
    // A subscription the server does not know would show as active here and never receive anything.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return subscription;
}

/**
 * Stops push on this device: tells the server (a failure is only logged: once unsubscribed, the
 * push service refuses the endpoint, so nothing reaches this device anyway), then unsubscribes the browser.
 */
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await apiFetch(`${SUBSCRIPTIONS}/remove`, { method: 'POST', body: { endpoint: subscription.endpoint }, schema: noContent });
  } catch (error) {
    console.warn('Iscrizione alle notifiche non rimossa dal server', error);
  }
  await subscription.unsubscribe();
}
