// The public entry of the search feature: what the app shell and other features may use of it (the lint's boundary rule).
export { SearchLauncher } from './components/search-launcher';
