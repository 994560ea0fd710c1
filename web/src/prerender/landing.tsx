import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { LandingPage } from '../features/landing/landing-page';
import { getSystem } from '../theme';

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
