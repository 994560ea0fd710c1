import { act, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

const WIDE = 'screen and (min-width: 80rem)';

/** A stand-in for the browser's matchMedia (jsdom has none): one viewport width, resizable. */
function fakeViewport(width: number) {
  const listeners = new Set<() => void>();
  const matches = (query: string) => width >= Number(/min-width: (\d+)rem/.exec(query)?.[1]) * 16;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    listeners,
    resize(to: number) {
      width = to;
      listeners.forEach((listener) => listener());
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useMediaQuery', () => {
  it('knows the viewport on the first render and follows a resize', () => {
    const viewport = fakeViewport(360);
    const { result, unmount } = renderHook(() => useMediaQuery(WIDE));
    expect(result.current).toBe(false);
    act(() => viewport.resize(1280));
    expect(result.current).toBe(true);
    act(() => viewport.resize(1279));
    expect(result.current).toBe(false);
    unmount();
    expect(viewport.listeners.size).toBe(0);
  });

  it('is true where it cannot ask: at build time and in a browser without matchMedia', () => {
    function Probe() {
      return <>{String(useMediaQuery(WIDE))}</>;
    }
    expect(renderToString(<Probe />)).toBe('true');
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useMediaQuery(WIDE));
    expect(result.current).toBe(true);
  });
});
