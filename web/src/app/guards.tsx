import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { useAuth } from '../lib/auth';

/** Landing, login and register: a signed-in user goes to the dashboard. */
export function SignedOutOnly() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
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
