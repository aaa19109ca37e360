/**
 * The namespaces the sign-in screen reads (its own, the shared words, the server's errors and the form
 * checks): loaded first; vite.config.ts groups every other namespace of a language into one chunk.
 */
export const signInNamespaces = ['common', 'auth', 'errors', 'validation'] as const;

/**
 * Namespaces a page loads when it opens, not with the signed-in app: those of screens a rep's first
 * screen does not show (issue 16's budget). Each is a chunk of its own per language.
 */
export const pageNamespaces = ['tasks', 'notifications', 'messages', 'events'] as const;
