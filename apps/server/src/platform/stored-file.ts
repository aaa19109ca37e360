import type { FastifyReply } from 'fastify';

/** A file kept in the database (an attachment), as its routes answer it. */
export interface StoredFile {
  name: string;
  contentType: string;
  data: Buffer | Uint8Array;
}

/**
 * Sends a stored file: shown in the page (`inline`, an image) or downloaded (`attachment`), and never
 * run — no type sniffing, a sandbox for whatever is opened, kept privately for a few minutes.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, disposition: 'inline' | 'attachment') {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=300')
    .send(file.data);
}
