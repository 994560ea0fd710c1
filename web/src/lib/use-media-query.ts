import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the viewport matches a media query, known on the first render and kept current as the
 * window is resized.
 *
 * For parts that CSS hides at some widths anyway: not rendering them there spares a phone their
 * styling work on start-up. Keep the CSS that hides them: at build time (the prerender, which must
 * collect every part's styles) and in a browser without `matchMedia` this is `true`, so everything
 * renders and CSS decides.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatchMedia()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => !canMatchMedia() || window.matchMedia(query).matches,
    () => true,
  );
}

function canMatchMedia(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function';
}
