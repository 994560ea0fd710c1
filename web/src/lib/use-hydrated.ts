import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

const noSubscription = () => () => {};

/**
 * False while a prerendered page is still plain HTML (at build time and during hydration), true
 * once React runs it; always true for a screen the app renders itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * What a visitor typed (or the browser autofilled) into a prerendered form before the app took it
 * over: React keeps it in the fields but does not tell the component (React 19 does not replay
 * those changes), so it is handed to `adopt` once, by field name, and nothing typed is lost.
 */
export function useValuesTypedBeforeStart(form: RefObject<HTMLFormElement | null>, adopt: (values: Record<string, string>) => void): void {
  // Only what was there when the form started: later renders' callbacks are not needed.
  const adoptOnce = useRef(adopt);
  useEffect(() => {
    if (!form.current) return;
    const typed: Record<string, string> = {};
    for (const [name, value] of new FormData(form.current)) {
      if (typeof value === 'string' && value !== '') typed[name] = value;
    }
    if (Object.keys(typed).length > 0) adoptOnce.current(typed);
  }, [form]);
}
