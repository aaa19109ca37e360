import type { FastifyInstance, FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pickLanguage, validationKeys, type ErrorBody, type ErrorCode } from '@pharma/contracts';
import { AppError } from './errors.js';
import { translate } from './i18n.js';

export const requestLanguage = (request: FastifyRequest) => pickLanguage(request.headers['accept-language']);

/** The one error envelope: {code, message, fields?, requestId}; never a stack or SQL to a client. */
export function registerErrorHandler(app: FastifyInstance) {
  const send = (request: FastifyRequest, status: number, code: ErrorCode, fieldKeys?: Record<string, { key: string; params?: Record<string, unknown> }>, params?: Record<string, unknown>): ErrorBody & { status: number } => {
    const lng = requestLanguage(request);
    const fields = fieldKeys
      ? Object.fromEntries(Object.entries(fieldKeys).map(([path, f]) => [path, translate(lng, `validation:${f.key}`, f.params)]))
      : undefined;
    // 'Please fill in all required fields.' when something required is missing (spec §5)
    const effective: ErrorCode =
      code === 'VALIDATION_FAILED' && fieldKeys && Object.values(fieldKeys).some((f) => f.key === 'required') ? 'REQUIRED_FIELDS_MISSING' : code;
    return { status, code: effective, message: translate(lng, `errors:${effective}`, params), ...(fields ? { fields } : {}), requestId: request.id };
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ReturnType<typeof send>;
    if (error instanceof AppError) {
      const fields = error.options.fields
        ? Object.fromEntries(Object.entries(error.options.fields).map(([k, key]) => [k, { key }]))
        : undefined;
      body = send(request, error.status, error.code, fields, error.options.params);
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
