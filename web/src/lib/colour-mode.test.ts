import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyColourMode, chooseColourMode, COLOUR_MODE_KEY, COLOUR_MODE_SCRIPT, storedColourMode } from './colour-mode';

/** A stand-in for the browser's matchMedia (jsdom has none): the system's setting, changeable. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && dark;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    change(to: boolean) {
      dark = to;
      listeners.forEach((listener) => listener());
    },
  };
}

const root = document.documentElement;
/** Runs the pages' inline script as the browser does, before anything else. */
const runInlineScript = () => new Function(COLOUR_MODE_SCRIPT)();

beforeEach(() => {
  localStorage.clear();
  root.className = '';
  root.style.colorScheme = '';
});
afterEach(() => vi.unstubAllGlobals());

describe('the inline colour-mode script', () => {
  it('is the one web/index.html carries, first in <head>', () => {
    const html = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
    const firstScript = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(firstScript).toBe(COLOUR_MODE_SCRIPT);
  });

  it('follows the system when nothing is stored, also when the system changes later', () => {
    const system = fakeSystem(true);
    runInlineScript();
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    system.change(false);
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.style.colorScheme).toBe('light');
  });

  it("puts this device's choice above the system's", () => {
    const system = fakeSystem(true);
    localStorage.setItem(COLOUR_MODE_KEY, 'light');
    runInlineScript();
    expect(root.classList.contains('dark')).toBe(false);
    localStorage.setItem(COLOUR_MODE_KEY, 'dark');
    system.change(false);
    expect(root.classList.contains('dark')).toBe(true);
  });

  it('is light without matchMedia or storage', () => {
    vi.stubGlobal('matchMedia', undefined);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    runInlineScript();
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.style.colorScheme).toBe('light');
    vi.restoreAllMocks();
  });
});

describe('choosing a colour mode', () => {
  it("stores 'light' and 'dark', forgets 'system', and applies each at once", () => {
    fakeSystem(true);
    chooseColourMode('light');
    expect(localStorage.getItem(COLOUR_MODE_KEY)).toBe('light');
    expect(storedColourMode()).toBe('light');
    expect(root.classList.contains('dark')).toBe(false);
    chooseColourMode('system');
    expect(localStorage.getItem(COLOUR_MODE_KEY)).toBeNull();
    expect(storedColourMode()).toBe('system');
    expect(root.classList.contains('dark')).toBe(true);
    chooseColourMode('dark');
    expect(storedColourMode()).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
  });

  it('reads an unknown stored value as the system default', () => {
    localStorage.setItem(COLOUR_MODE_KEY, 'sepia');
    expect(storedColourMode()).toBe('system');
    fakeSystem(false);
    applyColourMode(storedColourMode());
    expect(root.classList.contains('dark')).toBe(false);
  });
});
