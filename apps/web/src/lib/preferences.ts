import { useSyncExternalStore } from 'react';
import { componentSizes } from '@pharma/contracts';
import { storage } from './storage';

/** Interface preferences kept in localStorage: light or dark theme, component size (spec §9). */
export const themes = ['light', 'dark'] as const;
export type Theme = (typeof themes)[number];
export type ComponentSize = (typeof componentSizes)[number];

const themeKey = 'theme';
const sizeKey = 'size';

interface Preferences {
  theme: Theme;
  size: ComponentSize;
}

function read(): Preferences {
  const theme = storage.get(themeKey);
  const size = storage.get(sizeKey);
  return {
    theme: theme === 'dark' ? 'dark' : 'light',
    // large tap targets on a phone until the user picks a size
    size: (componentSizes as readonly string[]).includes(size ?? '') ? (size as ComponentSize) : window.innerWidth < 768 ? 'large' : 'middle',
  };
}

let current = read();
const listeners = new Set<() => void>();

function update(patch: Partial<Preferences>) {
  current = { ...current, ...patch };
  storage.set(themeKey, current.theme);
  storage.set(sizeKey, current.size);
  document.documentElement.setAttribute('data-theme', current.theme);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => current;

export function usePreferences() {
  const prefs = useSyncExternalStore(subscribe, snapshot, snapshot);
  return {
    ...prefs,
    setTheme: (theme: Theme) => update({ theme }),
    toggleTheme: () => update({ theme: prefs.theme === 'dark' ? 'light' : 'dark' }),
    setSize: (size: ComponentSize) => update({ size }),
  };
}
