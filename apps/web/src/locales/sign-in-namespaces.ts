/**
 * The namespaces the sign-in screen reads (its own, the shared words, the server's errors and the form
 * checks): loaded first; vite.config.ts groups every other namespace of a language into one chunk.
 */
export const signInNamespaces = ['common', 'auth', 'errors', 'validation'] as const;
