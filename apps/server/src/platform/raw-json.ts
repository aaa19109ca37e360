import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * JSON bodies of this plugin's routes kept as they came (a webhook's signature is over the exact bytes
 * the sender signed, not over the parsed and re-written JSON): `rawBodyOf(request)` reads it.
 */
export function keepRawJson(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(new AppError('VALIDATION_FAILED'), undefined);
    }
  });
}

export const rawBodyOf = (request: FastifyRequest) => rawBodies.get(request) ?? '';
