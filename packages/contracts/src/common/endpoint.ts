import type { z } from 'zod';
import type { Permission } from './permissions.js';

/** What an endpoint needs: a right, any signed-in user, or nothing (public). */
export type Access = Permission | 'signedIn' | 'public';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answer of an endpoint that sends a file (an .xlsx export, a photo), not JSON. */
export const fileAnswer = { file: true } as const;
export type FileAnswer = typeof fileAnswer;

/**
 * One API endpoint, declared once (issue 14): the server registers its route from it, the web's typed
 * client calls it, and the OpenAPI document describes it. `path` is after `/api`, with `:name` params.
 */
export interface Endpoint {
  method: HttpMethod;
  path: `/${string}`;
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** request headers the endpoint reads (an order's Idempotency-Key), validated like the rest */
  headers?: z.ZodType;
  /** the JSON answer's schema, `null` for 204 No Content, or `fileAnswer` */
  answer: z.ZodType | null | FileAnswer;
  /** the success status when not 200 (201 Created, 202 Accepted); 204 when the answer is null */
  status?: 201 | 202;
  /** another success status the same answer may come with (200 for a retried creation) */
  alsoStatus?: 200;
  /** a longer description for the OpenAPI document */
  description?: string;
}

/** Declares an endpoint, keeping its literal types for the server's handler and the web's client. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** A table of endpoints, grouped by domain (and sub-group where a domain has several resources). */
export interface EndpointGroup {
  [name: string]: Endpoint | EndpointGroup;
}

export function isEndpoint(value: Endpoint | EndpointGroup): value is Endpoint {
  return typeof (value as Endpoint).method === 'string' && typeof (value as Endpoint).path === 'string';
}

/**
 * How the web calls an endpoint, without its schemas: the client's whole table of routes is a few KB,
 * where the endpoints with their schemas (and zod) weigh a phone's login (issue 16, decision 041).
 * `file` marks an endpoint that answers a file.
 */
export interface Route {
  method: HttpMethod;
  path: `/${string}`;
  file?: true;
}
/** The routes of a group of endpoints: the same tree, each endpoint its route. */
export type RouteTable<G> = { [K in keyof G]: G[K] extends Endpoint ? Route : RouteTable<G[K]> };

/** The routes of a table of endpoints (derived at build time for the web: apps/web/vite.config.ts). */
export function routeTableOf<G extends EndpointGroup>(group: G): RouteTable<G> {
  return Object.fromEntries(
    Object.entries(group).map(([name, item]) => [
      name,
      isEndpoint(item) ? { method: item.method, path: item.path, ...(item.answer === fileAnswer ? { file: true } : {}) } : routeTableOf(item),
    ]),
  ) as RouteTable<G>;
}

/** The path with its params filled in (each encoded), e.g. `/orders/:id` → `/orders/42`. */
export function pathOf(e: Pick<Endpoint, 'path'>, params: Record<string, unknown> = {}): string {
  return e.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${e.path}: missing param ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The success status an endpoint answers with. */
export const successStatusOf = (e: Endpoint): 200 | 201 | 202 | 204 => (e.answer === null ? 204 : (e.status ?? 200));

type Schema<S> = S extends z.ZodType ? S : never;
/** The params, query and body as the server sees them after validation. */
export type EndpointParams<E extends Endpoint> = E['params'] extends z.ZodType ? z.output<Schema<E['params']>> : Record<string, never>;
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.output<Schema<E['query']>> : Record<string, never>;
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.output<Schema<E['body']>> : undefined;
export type EndpointHeaders<E extends Endpoint> = E['headers'] extends z.ZodType ? z.output<Schema<E['headers']>> : Record<string, never>;
/** What the web receives. */
export type EndpointAnswer<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<Schema<E['answer']>> : E['answer'] extends FileAnswer ? Blob : void;
/** What a server handler may return for the answer (before the schema serializes it). */
export type EndpointResult<E extends Endpoint> = E['answer'] extends z.ZodType ? z.input<Schema<E['answer']>> : void;
