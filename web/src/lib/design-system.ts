import { lazy, useSyncExternalStore, type ComponentType } from 'react';
import type { SystemContext } from '@chakra-ui/react';
import { baseSystem } from '../theme';

/*
 * The Chakra system in use. The landing page starts with the base system (only its own recipes,
 * to keep its bundle small); the first lazy route loads the full one (theme-app.ts) before it
 * renders, so no screen ever shows without its styles.
 */
let current: SystemContext = baseSystem;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Loads the full system once; later calls return the same promise. */
export function loadAppSystem(): Promise<void> {
  loading ??= import('../theme-app').then(({ appSystem }) => {
    current = appSystem;
    listeners.forEach((listener) => listener());
  });
  return loading;
}

/** The current system, re-rendering when the full one arrives. */
export function useDesignSystem(): SystemContext {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** `React.lazy` for a screen that needs the full system: loads both in parallel. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => Promise.all([load(), loadAppSystem()]).then(([module]) => module));
}
