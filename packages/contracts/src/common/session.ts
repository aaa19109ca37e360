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
export const borderRadius = 8;
export const componentSizes = ['small', 'middle', 'large'] as const;
