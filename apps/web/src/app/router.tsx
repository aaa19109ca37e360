import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { FullPageSpinner } from '../components/full-page-spinner';
import { GuestOnly, RequireAuth } from './route-guard';

// The sign-in page and the signed-in shell (sidebar, header, every screen of the nav registry) are separate chunks,
// so /login stays light.
const LoginPage = lazy(() => import('../features/auth/routes/login-page').then((m) => ({ default: m.LoginPage })));
const AppShell = lazy(() => import('./layout/app-shell').then((m) => ({ default: m.AppShell })));

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
