import { StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from './lib/i18n';
import { fadePreloader } from './lib/preloader';
import { isExpired, isSignedIn, logout, subscribeSession } from './lib/session';
import { LoginPage } from './features/auth/routes/login-page';

/**
 * Two doors (issue 16, decision 043). Without a session kept, the light sign-in screen opens at once — React,
 * i18next and plain elements — and the signed-in app (antd, TanStack Query, router, the shell) downloads
 * while the user types; after a sign-in it takes the screen's place. With a session, the app opens directly.
 */
const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

const loadApp = () => import('./app/app');
/** The app's module with its shell and catalogues, so that it draws at once when it replaces the sign-in screen. */
const readyApp = () => loadApp().then(async (app) => (await app.preloadSignedInApp(), app));

function FirstPaint() {
  useEffect(() => fadePreloader(), []);
  return null;
}

/**
 * Draws the signed-in app at `address`: at once when the page opens with a session (the splash covers its
 * first loads), or once its shell has arrived when it replaces the sign-in screen (whose button stays busy).
 */
function openApp(address?: string) {
  // the address changes at once, as the route guard's redirect did: the app draws there when it is ready
  if (address) window.history.replaceState(null, '', address);
  const app = address ? readyApp() : loadApp();
  app.then(
    ({ App, preloadSignedInApp }) => {
      if (!address) void preloadSignedInApp();
      render(<App />);
    },
    (error: unknown) => {
      // the app's code did not arrive (the network went between the two doors): say so, a reload tries again
      console.error(error);
      render(<p role="alert">{i18n.t('common:messages.networkError')}</p>);
    },
  );
}

if (isSignedIn() && isExpired()) logout();
if (isSignedIn()) openApp();
else {
  // the route guard's rule (spec §4): every address but /login goes to /login, and back there after the sign-in
  const asked = `${window.location.pathname}${window.location.search}`;
  const back = asked === '/' || window.location.pathname === '/login' ? '/main' : asked;
  if (window.location.pathname !== '/login') window.history.replaceState(null, '', '/login');
  render(
    // the splash covers the catalogues' arrival
    <Suspense fallback={null}>
      <LoginPage />
      <FirstPaint />
    </Suspense>,
  );
  window.addEventListener('input', () => void readyApp().catch(() => undefined), { once: true, capture: true });
  const stop = subscribeSession(() => {
    if (!isSignedIn()) return;
    stop();
    openApp(back);
  });
}
