/**
 * The namespaces the sign-in screen reads (its own, the shared words, the server's errors and the form
 * checks): loaded first; vite.config.ts groups every other namespace of a language into one chunk.
 */
export const signInNamespaces = ['common', 'auth', 'errors', 'validation'] as const;

/**
 * Namespaces a page loads when it opens, not with the signed-in app: those of screens a rep's first
 * screen does not show (issue 16's budget). Each is a chunk of its own per language. A namespace is here
 * only while every component that says `<ns>:key` names it in its useTranslation (it is loaded then).
 */
export const pageNamespaces = [
  'tasks',
  'notifications',
  'messages',
  'events',
  'courier',
  'incomes',
  'statistics',
  'matrix',
  'users',
  'audit',
  'pricing',
  'brands',
  'roles',
  'desktop',
  'orgUnits',
  'territories',
  'chats',
  'leads',
  'calls',
  'knowledge',
  'testing',
] as const;
