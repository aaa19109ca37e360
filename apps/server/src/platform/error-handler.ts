import type { FastifyInstance, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { hasForbiddenCharacters, pickLanguage, validationKeys, type ErrorBody, type ErrorCode } from '@pharma/contracts';
import { AppError } from './errors.js';
import { translate } from './i18n.js';
import { pgErrorCode } from './sql.js';

export const requestLanguage = (request: FastifyRequest) => pickLanguage(request.headers['accept-language']);

/**
 * A constraint of the database refused a write the service did not foresee (two requests racing,
 * a record removed meanwhile): 409 with a localized message, never a 500 (decision 034).
 * Unique → ALREADY_EXISTS; a foreign key whose row is gone → REFERENCE_GONE; one still referenced
 * by others (a delete) → IN_USE.
 */
export function constraintError(error: unknown): AppError | undefined {
  const code = pgErrorCode(error);
  if (code === '23505') return new AppError('ALREADY_EXISTS');
  if (code === '23503' || code === '23001') {
    const e = error as { detail?: string; cause?: { detail?: string } };
    const detail = e.cause?.detail ?? e.detail ?? '';
    return new AppError(/still referenced/.test(detail) || code === '23001' ? 'IN_USE' : 'REFERENCE_GONE');
  }
  return undefined;
}

/** The path of the first string (or object key) PostgreSQL could not store: NUL, a lone surrogate. */
export function forbiddenTextAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return hasForbiddenCharacters(value) ? path || '_' : undefined;
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (hasForbiddenCharacters(key)) return path || '_';
    const found = forbiddenTextAt(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The one error envelope: {code, message, fields?, requestId}; never a stack or SQL to a client. */
export function registerErrorHandler(app: FastifyInstance) {
  const send = (
    request: FastifyRequest,
    status: number,
    code: ErrorCode,
    fieldKeys?: Record<string, { key: string; params?: Record<string, unknown> }>,
    params?: Record<string, unknown>,
  ): ErrorBody & { status: number } => {
    const lng = requestLanguage(request);
    const fields = fieldKeys
      ? Object.fromEntries(Object.entries(fieldKeys).map(([path, f]) => [path, translate(lng, `validation:${f.key}`, f.params)]))
      : undefined;
    // 'Please fill in all required fields.' when something required is missing (spec §5)
    const effective: ErrorCode =
      code === 'VALIDATION_FAILED' && fieldKeys && Object.values(fieldKeys).some((f) => f.key === 'required') ? 'REQUIRED_FIELDS_MISSING' : code;
    return { status, code: effective, message: translate(lng, `errors:${effective}`, params), ...(fields ? { fields } : {}), requestId: request.id };
  };

  // every string of the body, query and path, free text included, before any schema sees it
  app.addHook('preValidation', async (request) => {
    const at = forbiddenTextAt(request.body, '') ?? forbiddenTextAt(request.query, '') ?? forbiddenTextAt(request.params, '');
    if (at) throw new AppError('VALIDATION_FAILED', { fields: { [at]: 'invalidCharacters' } });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ReturnType<typeof send>;
    const known = error instanceof AppError ? error : constraintError(error);
    if (known) {
      if (known !== error) request.log.warn({ err: error }, 'a database constraint refused the write');
      if (known.options.headers) void reply.headers(known.options.headers);
      const fields = known.options.fields ? Object.fromEntries(Object.entries(known.options.fields).map(([k, key]) => [k, { key }])) : undefined;
      body = send(request, known.status, known.code, fields, known.options.params);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, { key: string; params?: Record<string, unknown> }> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        if (fields[path]) continue;
        const params = issue.params as Record<string, unknown>;
        const key = (validationKeys as readonly string[]).includes(issue.message ?? '') ? issue.message! : 'invalid';
        fields[path] = { key, params: { min: params.minimum, max: params.maximum } };
      }
      body = send(request, 400, 'VALIDATION_FAILED', fields);
    } else if (error.statusCode === 429) {
      body = send(request, 429, 'RATE_LIMITED');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // malformed JSON, wrong content type, body too large …
      request.log.info({ err: error }, 'bad request');
      body = send(request, error.statusCode === 404 ? 404 : 400, error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', { _: { key: 'invalid' } });
    } else {
      request.log.error({ err: error }, 'unexpected error');
      body = send(request, 500, 'INTERNAL');
    }
    const { status, ...payload } = body;
    return reply.status(status).send(payload);
  });

  app.setNotFoundHandler((request, reply) => {
    const { status, ...payload } = send(request, 404, 'NOT_FOUND');
    return reply.status(status).send(payload);
  });
}

/**
 * Fastify's own refusals before routing (a path that is not valid percent-encoding) in the one
 * envelope; passed as the `frameworkErrors` option of Fastify.
 */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lng = requestLanguage(request);
  return reply.status(400).send({
    code: 'VALIDATION_FAILED',
    message: translate(lng, 'errors:VALIDATION_FAILED'),
    fields: { _: translate(lng, 'validation:invalid') },
    requestId: request.id,
  } satisfies ErrorBody);
}
