import { useState } from 'react';

/**
 * A stand-in for vite-plugin-pwa's `virtual:pwa-register/react` (the module exists only in a Vite build
 * with the plugin; vitest.config.ts points the web tests here): the test says whether a new version
 * waits, and reads what the prompt asked of the service worker.
 */
export const pwa = { needRefresh: false, updates: [] as boolean[] };

export function useRegisterSW() {
  const [needRefresh, setNeedRefresh] = useState(pwa.needRefresh);
  const [offlineReady, setOfflineReady] = useState(false);
  return {
    needRefresh: [needRefresh, setNeedRefresh] as const,
    offlineReady: [offlineReady, setOfflineReady] as const,
    updateServiceWorker: (reloadPage?: boolean) => {
      pwa.updates.push(!!reloadPage);
      return Promise.resolve();
    },
  };
}
