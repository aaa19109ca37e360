// The public entry of the users feature: what other features may use of it (the lint's boundary rule).
export { useUserOptions } from './api/get-user-options';
