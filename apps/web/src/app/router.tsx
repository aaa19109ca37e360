import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { FullPageSpinner } from '../components/full-page-spinner';
import { appNamespaces, i18n } from '../lib/i18n';
import { paths } from '../lib/paths';
import { GuestOnly, RequireAuth } from './route-guard';

// The sign-in page (main.tsx opens it first when no session is kept; here after a sign-out) and the signed-in
// shell (sidebar, header, every screen of the nav registry) are separate chunks.
const LoginPage = lazy(() => import('../features/auth/routes/login-page').then((m) => ({ default: m.LoginPage })));
// the signed-in app's message catalogues come with its shell (the sign-in page loads only its own)
const loadAppShell = () => Promise.all([import('./layout/app-shell'), i18n.loadNamespaces(appNamespaces)]);
const AppShell = lazy(() => loadAppShell().then(([m]) => ({ default: m.AppShell })));

/**
 * The signed-in shell's code and catalogues, asked for before the app is drawn (main.tsx: at start with a
 * session kept, while the user types on the sign-in screen), not after React's first render (issue 16).
 */
export async function preloadSignedInApp(): Promise<void> {
  // the main screen's code too when that is where the user goes: it arrives with the shell, not after it
  if (window.location.pathname === '/' || window.location.pathname === paths.main) void import('../features/visits/routes/main-page');
  await loadAppShell();
}

export function AppRoutes() {
  const { pathname } = useLocation();
  // the last resort: the sign-in page or the shell itself failed (a page inside the shell has its own boundary)
  return (
    <PageErrorBoundary resetKey={pathname} fullPage>
      <Routes>
        <Route
          path="/login"
          element={
            <GuestOnly>
              <Suspense fallback={<FullPageSpinner />}>
                <LoginPage />
              </Suspense>
            </GuestOnly>
          }
        />
        <Route
          path="*"
          element={
            <RequireAuth>
              <Suspense fallback={<FullPageSpinner />}>
                <AppShell />
              </Suspense>
            </RequireAuth>
          }
        />
      </Routes>
    </PageErrorBoundary>
  );
}
