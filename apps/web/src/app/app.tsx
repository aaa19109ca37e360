import { Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { preloaderFadeMs } from '@pharma/contracts';
import { UpdatePrompt } from './layout/update-prompt';
import { Providers } from './providers';
import { ServerState } from './server-state';
import { AppRoutes } from './router';
import './global.css';

const startedAt = performance.now();

/** The splash of index.html fades once the app is ready and at least 1000 ms have passed (spec §9). */
function PreloaderFade() {
  useEffect(() => {
    const preloader = document.getElementById('preloader');
    if (!preloader) return;
    const wait = Math.max(0, preloaderFadeMs - (performance.now() - startedAt));
    const fade = window.setTimeout(() => {
      preloader.classList.add('is-hidden');
      preloader.setAttribute('aria-busy', 'false');
    }, wait);
    const remove = window.setTimeout(() => preloader.remove(), wait + 600);
    return () => {
      window.clearTimeout(fade);
      window.clearTimeout(remove);
    };
  }, []);
  return null;
}

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
