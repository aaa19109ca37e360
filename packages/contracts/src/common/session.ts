/** Browser-side constants of the session (spec §4, §9). */
export const tokenStorageKey = 'token';
export const grantsStorageKey = 'grants';
export const languageStorageKey = 'language';
export const coordinatesStorageKey = 'coordinates';
export const tokenExpiryCheckMs = 10_000;
export const loginErrorDisplayMs = 3_000;
export const messageDisplayMs = 3_000;
export const sidebarCollapseBelowPx = 1_000;
export const preloaderFadeMs = 1_000;
export const primaryColor = '#3d7bf7';
/**
 * The brand blue as text and filled buttons use it, each theme's shade that meets WCAG AA 4.5:1
 * (decision 037): deeper on light backgrounds, lighter on dark ones (with dark text on filled buttons).
 */
export const accessiblePrimary = { light: '#2563d6', dark: '#94b8ff' } as const;
export const borderRadius = 8;
export const componentSizes = ['small', 'middle', 'large'] as const;
