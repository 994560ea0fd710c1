import { StrictMode, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { RootErrorBoundary } from './error-boundary';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * Everything below #root. The browser passes a BrowserRouter, the build (web/scripts/prerender.ts)
 * a StaticRouter: one tree in both places, so a prerendered page hydrates instead of being
 * rendered a second time.
 */
export function AppRoot({ queryClient, Router }: { queryClient: QueryClient; Router: ComponentType<{ children: ReactNode }> }) {
  return (
    <StrictMode>
      <RootErrorBoundary>
        <AppProvider queryClient={queryClient}>
          <Router>
            <AppRoutes />
          </Router>
        </AppProvider>
      </RootErrorBoundary>
    </StrictMode>
  );
}
