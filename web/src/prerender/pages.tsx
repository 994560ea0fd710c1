import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoot } from '../app/app-root';
import { meQueryKey } from '../app/auth';
import { createQueryClient } from '../lib/query-client';
import { takePrerenderedTitle } from '../lib/use-document-title';
import { BUILT_GLOBAL_STYLES_ID, getSystem } from '../theme';

/*
 * Pages rendered at build time (web/scripts/prerender.ts): the same components the SPA shows,
 * with the same design system, as markup plus the style tags emotion emits on the server.
 */

export { isSignedOutOnly, prerenderedPaths, screenPaths, screenSourcesAt } from '../app/router';

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
 * A signed-out page of the app, exactly as the browser's first render will be (AppRoot, signed
 * out), so that main.tsx can hydrate it. Waits for the page's lazy screen.
 */
export async function renderSignedOutPage(path: string): Promise<{ markup: string; title: string }> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, null);
  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={path}>{children}</StaticRouter>;
  }
  const { prelude } = await prerenderToNodeStream(<AppRoot queryClient={queryClient} Router={Router} />);
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  const title = takePrerenderedTitle();
  if (!title) throw new Error(`prerender: ${path} did not set its tab title`);
  return { markup, title };
}
