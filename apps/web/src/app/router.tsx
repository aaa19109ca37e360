import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { FullPageSpinner } from '../components/full-page-spinner';
import { appNamespaces, i18n } from '../lib/i18n';
import { GuestOnly, RequireAuth } from './route-guard';

// The sign-in page and the signed-in shell (sidebar, header, every screen of the nav registry) are separate chunks,
// so /login stays light.
const LoginPage = lazy(() => import('../features/auth/routes/login-page').then((m) => ({ default: m.LoginPage })));
// the signed-in app's message catalogues come with its shell (the sign-in page loads only its own)
const AppShell = lazy(() => Promise.all([import('./layout/app-shell'), i18n.loadNamespaces(appNamespaces)]).then(([m]) => ({ default: m.AppShell })));

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
