import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { lazyScreen, type LazyScreen } from '../lib/lazy-screen';
import { RouteErrorBoundary } from './error-boundary';
import { RequireAuth, RequireOnboardingDone, RequireOwner, SignedOutOnly } from './guards';

// Every screen is its own chunk. A first visit to `/` gets the prerendered landing page
// (web/scripts/prerender.ts); the SPA renders it only when it navigates there itself.
// (Declarative routes rather than a data router, whose code every page would load at start-up.)
const LandingPage = lazyScreen(() => import('../features/landing/landing-page'));

/** Landing, login and register: only for signed-out users. */
const signedOutScreens: Record<string, LazyScreen> = {
  '/': LandingPage,
  '/login': lazyScreen(() => import('../features/auth/login-page')),
  '/register': lazyScreen(() => import('../features/auth/register-page')),
};
/** Public whether signed in or not. */
const openScreens: Record<string, LazyScreen> = {
  '/terms': lazyScreen(() => import('../features/legal/terms-page')),
  '/privacy': lazyScreen(() => import('../features/legal/privacy-page')),
};
const OnboardingPage = lazyScreen(() => import('../features/onboarding/onboarding-page'));
const AppShell = lazyScreen(() => import('../components/app-shell'));
/** The signed-in screens inside the app shell, once the onboarding is done. */
const appScreens: Record<string, LazyScreen> = {
  '/dashboard': lazyScreen(() => import('./dashboard/dashboard-page')),
  '/planner': lazyScreen(() => import('../features/planner/planner-page')),
  '/abitudini': lazyScreen(() => import('../features/habits/habits-page')),
  '/checkin': lazyScreen(() => import('../features/check-in/checkin-page')),
  '/classifica': lazyScreen(() => import('../features/leaderboard/classifica-page')),
  '/punti': lazyScreen(() => import('../features/leaderboard/points-rules-page')),
  '/squadra': lazyScreen(() => import('../features/teams/squadra-page')),
  '/eventi': lazyScreen(() => import('../features/events/events-page')),
  '/messaggi': lazyScreen(() => import('../features/messages/messages-page')),
  '/risorse': lazyScreen(() => import('../features/resources/resources-page')),
  '/profilo': lazyScreen(() => import('../features/profile/profile-page')),
};
/**
 * Signed-in screens of one thing, by its id: inside the app shell like the others, with no page
 * file of their own (no id is known at build time), so app.html serves them, as it serves the console.
 */
const EventPage = lazyScreen(() => import('../features/events/event-page'));
const appDetailScreens: Record<string, LazyScreen> = {
  '/eventi/:eventId': EventPage,
};

/**
 * The coach console (/coach and below): one chunk of its own, which participants never load. It
 * routes its own pages, and is served by the SPA's app.html (a few coaches: no shell of its own).
 */
const CoachConsole = lazyScreen(() => import('./coach-console/coach-console'));

function isCoachPath(pathname: string): boolean {
  return pathname === '/coach' || pathname.startsWith('/coach/');
}

/**
 * The pages the build prerenders for the SPA to hydrate (web/scripts/prerender.ts): every
 * signed-out and public screen, except the landing page, which is static HTML of its own.
 * Each is served from `<name>.html` (firebase.json rewrites `/<name>` to it).
 */
export function prerenderedPaths(): string[] {
  return [...Object.keys(signedOutScreens), ...Object.keys(openScreens)].filter((path) => path !== '/');
}

/** Whether `path` is a screen only for signed-out visitors (a signed-in one is sent on). */
export function isSignedOutOnly(path: string): boolean {
  return path in signedOutScreens;
}

/** The screens a path shows when the app starts there, so their code loads with the session. */
function screensAt(pathname: string): LazyScreen[] {
  const appScreen = appScreens[pathname];
  if (appScreen) return [AppShell, appScreen];
  if (/^\/eventi\/[^/]+$/.test(pathname)) return [AppShell, EventPage];
  if (isCoachPath(pathname)) return [AppShell, CoachConsole];
  if (pathname === '/onboarding') return [OnboardingPage];
  const screen = signedOutScreens[pathname] ?? openScreens[pathname];
  return screen ? [screen] : [];
}

/** Every path the app has a screen for. */
export function screenPaths(): string[] {
  return [...Object.keys(signedOutScreens), ...Object.keys(openScreens), ...signedInPaths()];
}

/** The paths of the screens for a signed-in user: the onboarding and the app's own. */
export function signedInPaths(): string[] {
  return ['/onboarding', ...Object.keys(appScreens)];
}

/** The modules of the screens at `pathname` (for the build: see LazyScreen.source). */
export function screenSourcesAt(pathname: string): (string | undefined)[] {
  return screensAt(pathname).map((screen) => screen.source);
}

/** Starts loading the code of the screens at `pathname`; resolves when it is there (or failed). */
export function preloadScreens(pathname: string): Promise<unknown> {
  return Promise.allSettled(screensAt(pathname).map((screen) => screen.preload()));
}

/** One <Route> per entry of `screens`. */
function routes(screens: Record<string, LazyScreen>) {
  return Object.entries(screens).map(([path, screen]) => <Route key={path} path={path} element={page(screen)} />);
}

function page(Page: LazyScreen) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** A new page starts at its top, as a full page load would. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The app's routes and their guards. Render inside a router (BrowserRouter in the app). */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route element={<SignedOutOnly />}>{routes(signedOutScreens)}</Route>
        {routes(openScreens)}
        <Route element={<RequireAuth />}>
          <Route path="/onboarding" element={page(OnboardingPage)} />
          <Route element={<RequireOnboardingDone />}>
            <Route element={page(AppShell)}>
              {routes(appScreens)}
              {routes(appDetailScreens)}
              <Route element={<RequireOwner />}>
                <Route path="/coach/*" element={page(CoachConsole)} />
              </Route>
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </>
  );
}
