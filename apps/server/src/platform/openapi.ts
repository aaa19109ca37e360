import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorCodes, errorStatus } from '@pharma/contracts';
import type { Access } from './auth.js';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Schema = Record<string, unknown> & { response?: Record<string, unknown>; description?: string; summary?: string; operationId?: string };

/** The one error envelope of the API (`ErrorBody` of contracts), as the document describes it. */
const errorEnvelope = {
  description: 'The error envelope: a stable code, a message in the request’s language, the fields at fault',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: errorCodes },
          message: { type: 'string' },
          fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'field path (dot-joined) → localized message' },
          requestId: { type: 'string' },
        },
      },
    },
  },
};

/** The statuses any API call may answer besides its own: bad input, signed out, no right, too many requests. */
const commonErrors = ['400', '401', '403', '429'];

/** The statuses of the error codes, each answered with the envelope. */
const codedStatuses = [...new Set(Object.values(errorStatus).map(String))];

/** `GET /api/orders/:id/move` → `getOrdersByIdMove`: unique, URL-safe, stable while the route stays. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') || segment.startsWith('{') ? ['by', segment.replace(/[:{}]/g, '')] : segment.split(/[^A-Za-z0-9]+/)));
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/**
 * The zod transform, plus what makes the document usable by others (issue 14): no trailing slash in a
 * path (Fastify answers both), an operationId, a summary, the access in the description, and the error
 * envelope for the 4xx/5xx answers the route can give.
 */
export function openApiTransform(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input) as { schema: Schema; url: string };
  const path = url.length > 1 ? url.replace(/\/+$/, '') : url;
  if (!path.startsWith('/api')) return { schema, url: path };
  const method = [input.route.method].flat()[0] ?? 'GET';
  const access = (input.route.config as { access?: Access } | undefined)?.access ?? 'public';
  const responses: Record<string, unknown> = { ...(schema.response ?? {}) };
  const statuses = access === 'public' ? commonErrors.filter((s) => s !== '401' && s !== '403') : commonErrors;
  for (const status of [...statuses, ...codedStatuses.filter((s) => s !== '401' && s !== '403')]) responses[status] ??= errorEnvelope;
  const accessText =
    access === 'public'
      ? 'Access: public (no sign-in).'
      : access === 'signedIn'
        ? 'Access: any signed-in user.'
        : `Access: the right \`${access}\` (and the role’s data scope).`;
  return {
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, path),
      summary: schema.summary ?? `${method} ${path}`,
      description: [accessText, schema.description].filter(Boolean).join('\n\n'),
      response: responses,
    },
    url: path,
  };
}
