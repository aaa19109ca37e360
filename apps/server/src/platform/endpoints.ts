import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import {
  fileAnswer,
  idempotencyHeader,
  successStatusOf,
  type Endpoint,
  type EndpointBody,
  type EndpointHeaders,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
} from '@pharma/contracts';
import { operationIdOf } from './openapi.js';

/** A request as the handler of an endpoint sees it: params, query and body typed from the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  /** the headers the endpoint declares, validated (the rest stay in `headers`) */
  declaredHeaders: EndpointHeaders<E>;
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
};

type Awaitable<T> = T | Promise<T>;
/** A handler answers the endpoint's answer (the status is set from the endpoint), or sends the reply itself (a file). */
export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Awaitable<EndpointResult<E> | FastifyReply>;

/** Route options an endpoint does not carry: a body limit, a rate limit, hooks. */
export type ServeOptions = Pick<RouteShorthandOptions, 'bodyLimit' | 'preHandler' | 'preValidation' | 'onRequest'> & {
  config?: Omit<FastifyContextConfig, 'access'>;
};

/**
 * Registers the route of an endpoint of the contracts' table (issue 14): its path (under the plugin's
 * prefix), its schemas, its access and its success status all come from the one declaration.
 */
export function serve<E extends Endpoint>(app: FastifyInstance, e: E, handler: EndpointHandler<E>, options: ServeOptions = {}) {
  const full = `/api${e.path}`;
  const prefix = app.prefix;
  if (full !== prefix && !full.startsWith(`${prefix}/`)) throw new Error(`${e.method} ${full} is outside the plugin's prefix ${prefix}`);
  const status = successStatusOf(e);
  const answer = e.answer === null ? z.null() : e.answer === fileAnswer ? undefined : (e.answer as z.ZodType);
  app.route({
    ...options,
    method: e.method,
    url: full.slice(prefix.length) || '/',
    // every write answers a repeated Idempotency-Key once (decision 040), but one that keeps its own keys (an order)
    config: {
      ...options.config,
      access: e.access,
      replayable: e.method !== 'GET' && !(e.headers instanceof z.ZodObject && idempotencyHeader in e.headers.shape),
    },
    schema: {
      tags: [e.path.split('/')[1]!],
      summary: e.summary,
      description: e.description,
      operationId: operationIdOf(e.method, full),
      ...(e.access === 'public' ? { security: [] } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.headers ? { headers: e.headers } : {}),
      ...(answer ? { response: { [status]: answer, ...(e.alsoStatus ? { [e.alsoStatus]: answer } : {}) } } : {}),
    },
    handler: async (request, reply) => {
      if (status !== 200) reply.code(status);
      const typed = Object.assign(request, { declaredHeaders: request.headers }) as unknown as EndpointRequest<E>;
      const result = await handler(typed, reply);
      if (result === reply || reply.sent) return reply;
      if (status === 204) return reply.send(null);
      return result;
    },
  });
}
