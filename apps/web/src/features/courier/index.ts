// The public entry of the courier feature: what the app composition uses of it (the lint's boundary rule).
export { loadCourierDay } from './api/deliveries';
