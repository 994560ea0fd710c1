import { startTransition, useEffect, useState } from 'react';

/**
 * False on a screen's first render in the browser, true once that render has been painted.
 *
 * A long screen can then commit its top first and the rest in a later task: the browser styles and
 * lays out each part on its own instead of the whole screen in one long task, and the top paints
 * sooner. The rest still mounts at once, without waiting for a scroll, so every reader gets all of it.
 */
export function useAfterFirstPaint(): boolean {
  // At build time the whole screen renders: the prerender collects the styles of all of it.
  const [painted, setPainted] = useState(import.meta.env.SSR);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; the timeout after it runs once the paint is done.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
