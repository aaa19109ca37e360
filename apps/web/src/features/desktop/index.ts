// The public entry of the desktop feature: what other features may use of it (the lint's boundary rule).
export { useDesktopFigures } from './api/get-figures';
