import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';

export type LazyScreen = FunctionComponent & {
  /** Starts loading the screen's code now (e.g. at start-up, next to the session request). */
  preload(): Promise<unknown>;
  /**
   * The module it loads, relative to web/ (`src/features/…/x-page.tsx`). Set by the build
   * (web/scripts/screen-sources.ts) so that its page can list the screen's chunks; unset in tests.
   */
  readonly source?: string;
};

/**
 * `React.lazy` whose code can also be fetched ahead of the first render. React keeps a lazy
 * component's failed load for good, so a screen whose code could not be downloaded (offline) gets
 * a fresh one: the next render, once the network is back (see RouteErrorBoundary), loads it again.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>, source?: string): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let Loaded = lazy(() => loadOnce());
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // a failed preload (offline) is tried again when the screen renders
      Loaded = lazy(() => loadOnce());
      throw error;
    });
    return loading;
  };
  const Screen: FunctionComponent = () => createElement(Loaded);
  return Object.assign(Screen, { preload: loadOnce, source });
}
