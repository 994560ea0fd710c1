import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoot } from './app/app-root';
import { meQueryKey, meQueryOptions } from './lib/session';
import { preloadScreens } from './app/router';
import { createQueryClient } from './lib/query-client';
import { deleteMarkedFirebaseDatabases } from './lib/firebase-leftovers';
import { getSystem } from './theme';

// A page that ran Firebase's SDK for "Accedi con Google" left its databases to this one.
deleteMarkedFirebaseDatabases();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const queryClient = createQueryClient();

/**
 * An error that a boundary caught (app/error-boundary.tsx) shows its fallback, and is reported as
 * uncaught all the same: what watches the page's errors (the end-to-end tests) still sees it.
 */
const rootOptions = { onCaughtError: (error: unknown) => reportError(error) };

/** Lets the browser paint and handle input between two long steps. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function Router({ children }: { children: ReactNode }) {
  // Location updates render together with session changes (see logout in lib/auth.tsx).
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}

// Start-up, tuned for phones: the session (already requested by the page's first script) and the
// first screen's code load side by side, then the app renders once, with the real screen rather
// than a spinner first. Building the Chakra system is the costliest single step: it runs in a
// task of its own while the session and the screens' code are still on their way.
// The signed-out pages (login, register, terms, privacy) arrive prerendered (web/scripts/prerender.ts)
// and are hydrated; every other page shows the shell's "Caricamento..." until the first render (a
// signed-in screen's shell already carries the screen's styles: see web/scripts/prerender.ts).
// Both are transitions, so React yields to the browser every few milliseconds.
const systemBuilt = nextTask().then(getSystem);
void Promise.all([queryClient.prefetchQuery(meQueryOptions), preloadScreens(window.location.pathname), systemBuilt]).then(async () => {
  await nextTask(); // the screens' modules may have been evaluated in this task
  const app = <AppRoot queryClient={queryClient} Router={Router} />;
  // The prerendered markup is the signed-out page: a signed-in visitor gets the app's own render.
  const hydrate = root.dataset.prerendered === window.location.pathname && queryClient.getQueryData(meQueryKey) === null;
  startTransition(() => {
    if (hydrate) {
      hydrateRoot(root, app, rootOptions);
    } else {
      root.replaceChildren();
      createRoot(root, rootOptions).render(app);
    }
  });
});
