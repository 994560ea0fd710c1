import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceUpdate, registerServiceWorker, waitingUpdate } from './service-worker';

type FakeWorker = ReturnType<typeof fakeWorker>;

/** A ServiceWorker-like object: its state, the messages it got, its statechange listeners. */
function fakeWorker(state: string) {
  const listeners: Array<() => void> = [];
  return {
    state,
    postMessage: vi.fn(),
    addEventListener: (_type: string, listener: () => void) => void listeners.push(listener),
    become(next: string) {
      this.state = next;
      listeners.forEach((listener) => listener());
    },
  };
}

/** navigator.serviceWorker as a browser would have it: controlled or not, maybe a worker already waiting. */
function fakeBrowser({ controlled, waiting = null }: { controlled: boolean; waiting?: FakeWorker | null }) {
  const onUpdateFound: Array<() => void> = [];
  const registration = {
    waiting,
    installing: null as FakeWorker | null,
    addEventListener: (_type: string, listener: () => void) => void onUpdateFound.push(listener),
  };
  const onContainer = new Map<string, () => void>();
  const container = {
    controller: controlled ? {} : null,
    register: vi.fn(async () => registration),
    addEventListener: (type: string, listener: () => void) => void onContainer.set(type, listener),
  };
  vi.stubGlobal('navigator', { serviceWorker: container });
  return {
    container,
    installs(worker: FakeWorker) {
      registration.installing = worker;
      onUpdateFound.forEach((listener) => listener());
    },
    takesOver: () => onContainer.get('controllerchange')?.(),
  };
}

afterEach(() => {
  announceUpdate(null);
  vi.unstubAllGlobals();
});

describe('service worker registration', () => {
  it('offers a new version once it is installed; applying it tells the worker to take over, then reloads', async () => {
    const reload = vi.fn();
    const browser = fakeBrowser({ controlled: true });
    await registerServiceWorker(reload);
    expect(browser.container.register).toHaveBeenCalledWith('/sw.js');

    const next = fakeWorker('installing');
    browser.installs(next);
    expect(waitingUpdate()).toBeNull();
    next.become('installed');
    const apply = waitingUpdate();
    expect(apply).toBeTypeOf('function');

    apply!();
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    browser.takesOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the very first install is no update', async () => {
    const browser = fakeBrowser({ controlled: false });
    await registerServiceWorker(vi.fn());
    const first = fakeWorker('installing');
    browser.installs(first);
    first.become('installed');
    expect(waitingUpdate()).toBeNull();
  });

  it('a version already waiting (seen by another tab) is offered at once', async () => {
    const waiting = fakeWorker('installed');
    fakeBrowser({ controlled: true, waiting });
    await registerServiceWorker(vi.fn());
    waitingUpdate()!();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });
});
