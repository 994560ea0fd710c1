import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { FIRST_PAINT_FALLBACK_MS, startAfterFirstPaint } from './page-scripts';

/** A page for the inline script: records what it adds to <head>, with a clock and paint timing under the test's control. */
function fakePage(options: { paintTiming: boolean }) {
  const appended: { tag: string; src?: string; href?: string; rel?: string }[] = [];
  let timers: { at: number; run: () => void }[] = [];
  let now = 0;
  const frames: (() => void)[] = [];
  let report: ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void) | null = null;
  let disconnected = false;
  class PerformanceObserver {
    static supportedEntryTypes = options.paintTiming ? ['paint', 'navigation'] : ['navigation'];
    constructor(callback: typeof report) {
      report = callback;
    }
    observe(init: { type: string; buffered: boolean }) {
      expect(init).toEqual({ type: 'paint', buffered: true });
    }
  }
  const window = {
    PerformanceObserver,
    setTimeout: (run: () => void, delay = 0) => timers.push({ at: now + delay, run }),
    requestAnimationFrame: (run: () => void) => frames.push(run),
    document: {
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (element: { tag: string }) => appended.push(element) },
    },
  };
  return {
    appended,
    run: (script: string) => runInNewContext(script, { ...window, window }),
    /** Moves the clock, running the timers that fall due. */
    advance(ms: number) {
      now += ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at);
        if (due.length === 0) return;
        timers = timers.filter((timer) => !due.includes(timer));
        due.forEach((timer) => timer.run());
      }
    },
    frame: () => frames.splice(0).forEach((run) => run()),
    paint(name: string) {
      report?.({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, { disconnect: () => (disconnected = true) });
    },
    get disconnected() {
      return disconnected;
    },
  };
}

const script = startAfterFirstPaint('/assets/index.js', ['/assets/ui.js']);
const appCode = [
  { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/ui.js' },
  { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index.js' },
];

describe("the prerendered pages' start of the app code", () => {
  test('waits for the first contentful paint to be reported, then starts once, in a task of its own', () => {
    const page = fakePage({ paintTiming: true });
    page.run(script);
    page.frame();
    page.paint('first-paint');
    page.advance(100);
    expect(page.appended).toEqual([]);

    page.paint('first-contentful-paint');
    expect(page.appended).toEqual([]);
    expect(page.disconnected).toBe(true);
    page.advance(0);
    expect(page.appended).toEqual(appCode);

    page.advance(FIRST_PAINT_FALLBACK_MS);
    expect(page.appended).toHaveLength(2);
  });

  test('without paint timing: after the next frame', () => {
    const page = fakePage({ paintTiming: false });
    page.run(script);
    page.advance(0);
    expect(page.appended).toEqual([]);
    page.frame();
    page.advance(0);
    expect(page.appended).toEqual(appCode);
  });

  test('a page that does not paint (a tab opened in the background) starts anyway after the fallback delay', () => {
    const page = fakePage({ paintTiming: true });
    page.run(script);
    page.advance(FIRST_PAINT_FALLBACK_MS - 1);
    expect(page.appended).toEqual([]);
    page.advance(1);
    expect(page.appended).toEqual(appCode);
  });
});
