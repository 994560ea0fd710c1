import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Starts loading the screen's code now (e.g. at start-up, next to the session request). */
  preload(): Promise<unknown>;
  /**
   * The module it loads, relative to web/ (`src/features/…/x-page.tsx`). Set by the build
   * (web/scripts/screen-sources.ts) so that its page can list the screen's chunks; unset in tests.
   */
  readonly source?: string;
};

/** `React.lazy` whose code can also be fetched ahead of the first render. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>, source?: string): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // a failed preload (offline) is tried again when the screen renders
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(loadOnce), { preload: loadOnce, source });
}
