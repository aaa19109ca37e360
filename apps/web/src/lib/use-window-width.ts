import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};
const width = () => window.innerWidth;

export function useWindowWidth(): number {
  return useSyncExternalStore(subscribe, width, () => 1280);
}

/** Below this width the sidebar becomes a drawer (a phone). */
export const phoneBelowPx = 768;
