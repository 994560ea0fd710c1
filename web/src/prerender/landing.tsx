import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { LandingPage } from '../features/landing/landing-page';
import { BUILT_GLOBAL_STYLES_ID, getSystem } from '../theme';

/**
 * The landing page rendered at build time (web/scripts/prerender.ts): the same component the SPA
 * shows, with the same design system, as markup plus the style tags emotion emits on the server.
 */
export function renderLanding(): string {
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
