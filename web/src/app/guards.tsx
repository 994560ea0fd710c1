import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { useAuth } from '../lib/auth';
import { homePathFor } from '../lib/home-path';

/** Landing, login and register: a signed-in user goes home (the dashboard, or the console for a coach). */
export function SignedOutOnly() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'authenticated') return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}

/** Every app route needs a session; without one the user goes to the login page. */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** App routes: a participant who has not completed onboarding goes there first. */
export function RequireOnboardingDone() {
  const { needsOnboarding } = useAuth();
  if (needsOnboarding) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}

/** The coach console: a participant who opens it goes to the dashboard. */
export function RequireOwner() {
  const { user } = useAuth();
  if (user?.role !== 'OWNER') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
