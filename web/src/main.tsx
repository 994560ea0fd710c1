import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { meQueryOptions } from './app/auth';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadScreens } from './app/router';
import { createQueryClient } from './lib/query-client';
import { getSystem } from './theme';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const queryClient = createQueryClient();

/** Lets the browser paint and handle input between two long steps. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// Start-up, tuned for phones: the session (already requested by app.html) and the first screen's
// code load side by side, then the app renders once, with the real screen rather than a spinner
// first. app.html shows "Caricamento..." until then. The render is a transition, so React
// yields to the browser every few milliseconds instead of blocking it for the whole first render.
// Building the Chakra system is the costliest single step: it runs in a task of its own while
// the session and the screens' code are still on their way.
const systemBuilt = nextTask().then(getSystem);
void Promise.all([queryClient.prefetchQuery(meQueryOptions), preloadScreens(window.location.pathname), systemBuilt]).then(async () => {
  await nextTask(); // the screens' modules may have been evaluated in this task
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          {/* Location updates render together with session changes (see logout in app/auth.tsx). */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    );
  });
});
