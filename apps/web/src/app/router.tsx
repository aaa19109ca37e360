import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { FullPageSpinner } from '../components/full-page-spinner';
import { appNamespaces, i18n } from '../lib/i18n';
import { isSignedIn } from '../lib/session';
import { GuestOnly, RequireAuth } from './route-guard';

// The sign-in page and the signed-in shell (sidebar, header, every screen of the nav registry) are separate chunks,
// so /login stays light.
const loadLoginPage = () => import('../features/auth/routes/login-page');
const LoginPage = lazy(() => loadLoginPage().then((m) => ({ default: m.LoginPage })));
// the signed-in app's message catalogues come with its shell (the sign-in page loads only its own)
const loadAppShell = () => Promise.all([import('./layout/app-shell'), i18n.loadNamespaces(appNamespaces)]);
const AppShell = lazy(() => loadAppShell().then(([m]) => ({ default: m.AppShell })));
// the first screen's code is asked for as the app starts, beside the entry's, not after its first render (issue 16)
if (isSignedIn()) void loadAppShell();
else void loadLoginPage();

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
