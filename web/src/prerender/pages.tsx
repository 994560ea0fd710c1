import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { User } from '@sfida/core/user';
import { AppRoot } from '../app/app-root';
import { signedInPaths } from '../app/router';
import { STORAGE_KEYS } from '../tracker/storage-keys';
import { meQueryKey } from '../lib/session';
import { loadUserModule } from '../lib/user-module';
import { browserTimeZone } from '../lib/browser-time-zone';
import { createQueryClient } from '../lib/query-client';
import { takePrerenderedTitle } from '../lib/use-document-title';
import { BUILT_GLOBAL_STYLES_ID, getSystem } from '../theme';
import { fixtureAnswer, fixtureNewcomer, fixtureParticipant, fixtureStartDate, fixtureTracker } from './signed-in-fixture';

/*
 * Pages rendered at build time (web/scripts/prerender.ts): the same components the SPA shows,
 * with the same design system, as markup plus the style tags emotion emits on the server.
 */

export { isSignedOutOnly, prerenderedPaths, screenSourcesAt, signedInPaths } from '../app/router';

/** The landing page: static HTML, never hydrated. */
export async function renderLanding(): Promise<string> {
  // Imported as the router does, so that the screen stays a chunk of its own in the app.
  const { LandingPage } = await import('../features/landing/landing-page');
  return renderToString(
    <ChakraProvider value={getSystem()}>
      <StaticRouter location="/">
        <LandingPage />
      </StaticRouter>
    </ChakraProvider>,
  );
}

/** Chakra's global styles, as emotion emits them on the server, for app.html (see getProvidedSystem). */
export function renderGlobalStyles(): { id: string; markup: string } {
  return { id: BUILT_GLOBAL_STYLES_ID, markup: renderToString(<ChakraProvider value={getSystem()}>{null}</ChakraProvider>) };
}

/**
 * Renders the app at `path` for `user` (null: signed out) once its lazy screens are in. With
 * `answer`, the queries the first render started are answered with it and the page is rendered
 * again, loaded.
 */
async function renderApp(path: string, user: User | null, answer?: (queryKey: readonly unknown[]) => unknown): Promise<string> {
  // In the browser a user reaches the session through core's user module, which brings its rules.
  if (user) await loadUserModule();
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, user);
  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={path}>{children}</StaticRouter>;
  }
  const render = async () => {
    const { prelude } = await prerenderToNodeStream(<AppRoot queryClient={queryClient} Router={Router} />);
    let markup = '';
    for await (const chunk of prelude) markup += String(chunk);
    return markup;
  };
  const markup = await render();
  if (!answer) return markup;
  let answered = false;
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data === undefined ? answer(query.queryKey) : undefined;
    if (data === undefined) continue;
    queryClient.setQueryData(query.queryKey, data);
    answered = true;
  }
  // Both renders' styles: a screen shows its loading state first, then its data.
  return answered ? markup + (await render()) : markup;
}

/** A `Storage` in memory: the tracker screens read the participant's tracker from local storage. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/**
 * The signed-in screens (`signedInPaths`), rendered for a participant in the third week of the
 * challenge (see signed-in-fixture.ts), one after the other. Only their styles are used: the
 * markup of a participant's screens is theirs alone.
 */
export async function renderSignedInScreens(): Promise<{ path: string; markup: string; title: string }[]> {
  const now = new Date();
  const zone = browserTimeZone();
  const participant = fixtureParticipant(fixtureStartDate(zone, now));
  const newcomer = fixtureNewcomer();
  const tracker = fixtureTracker(zone, now);
  const storage = new MemoryStorage();
  storage.setItem(STORAGE_KEYS.tracker(participant.id), JSON.stringify(tracker));
  const answer = (queryKey: readonly unknown[]) => fixtureAnswer(queryKey, participant);
  globalThis.localStorage = storage;
  try {
    const rendered = [];
    for (const path of signedInPaths()) {
      const markup = path === '/onboarding' ? await renderApp(path, newcomer) : await renderApp(path, participant, answer);
      const title = takePrerenderedTitle();
      if (!title) throw new Error(`prerender: ${path} did not set its tab title`);
      rendered.push({ path, markup, title });
    }
    return rendered;
  } finally {
    Reflect.deleteProperty(globalThis, 'localStorage');
  }
}

/**
 * A signed-out page of the app, exactly as the browser's first render will be (AppRoot, signed
 * out), so that main.tsx can hydrate it. Waits for the page's lazy screen.
 */
export async function renderSignedOutPage(path: string): Promise<{ markup: string; title: string }> {
  const markup = await renderApp(path, null);
  const title = takePrerenderedTitle();
  if (!title) throw new Error(`prerender: ${path} did not set its tab title`);
  return { markup, title };
}
