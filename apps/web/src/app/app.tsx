import { Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { fadePreloader } from '../lib/preloader';
import { UpdatePrompt } from './layout/update-prompt';
import { Providers } from './providers';
import { ServerState } from './server-state';
import { AppRoutes } from './router';
import './global.css';

/** The splash of index.html fades once the app is ready (spec §9: after at least 1000 ms). */
function PreloaderFade() {
  useEffect(() => fadePreloader(), []);
  return null;
}

export { preloadSignedInApp } from './router';

export function App() {
  return (
    // translations load before anything renders; the splash covers the wait
    <Suspense fallback={null}>
      <ServerState>
        <Providers>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <PreloaderFade />
          <UpdatePrompt />
        </Providers>
      </ServerState>
    </Suspense>
  );
}
