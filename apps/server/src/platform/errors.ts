import { errorStatus, type ErrorCode } from '@pharma/contracts';

/**
 * A failure the client can act on. `fields` maps a field path to a message key
 * of the validation namespace (translated by the error handler).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: { fields?: Record<string, string>; params?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(code);
    this.status = errorStatus[code];
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const forbidden = () => new AppError('FORBIDDEN');
/** A one-field validation failure decided by the server (uniqueness, references). */
export const fieldError = (code: ErrorCode, field: string, key: string) => new AppError(code, { fields: { [field]: key } });
