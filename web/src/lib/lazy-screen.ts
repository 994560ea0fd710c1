import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Starts loading the screen's code now (e.g. at start-up, next to the session request). */
  preload(): Promise<unknown>;
};

/** `React.lazy` whose code can also be fetched ahead of the first render. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // a failed preload (offline) is tried again when the screen renders
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}
