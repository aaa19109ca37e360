/**
 * Every error code the API answers with, and its HTTP status. The message
 * shown to a person is `errors:<CODE>` in the requester's language.
 * A domain adds its codes here.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  REQUIRED_FIELDS_MISSING: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** a unique constraint refused the write (decision 034) */
  ALREADY_EXISTS: 409,
  /** a foreign key refused the write: what it refers to is gone (decision 034) */
  REFERENCE_GONE: 409,
  LOGIN_TAKEN: 409,
  WRONG_CURRENT_PASSWORD: 400,
  MANAGER_CYCLE: 409,
  IN_USE: 409,
  BARCODE_TAKEN: 409,
  INSUFFICIENT_STOCK: 409,
  WRITE_OFF_EXCEEDS_FREE: 409,
  STOCK_BELOW_RESERVED: 409,
  BATCH_RECALLED: 409,
  RESERVATION_CLOSED: 409,
  RESERVATION_HOLD_LIMIT: 409,
  IMPORT_ROWS_INVALID: 400,
  FILE_UNREADABLE: 400,
  /** more rows than EXPORT_MAX_ROWS (decision 035) */
  EXPORT_TOO_LARGE: 422,
  /** EXPORT_MAX_CONCURRENT exports already running; answered with Retry-After (decision 035) */
  EXPORT_BUSY: 503,
  ORGANIZATION_ALREADY_BLACKLISTED: 409,
  ORGANIZATION_NOT_BLACKLISTED: 409,
  ORGANIZATION_BLOCKED: 409,
  LIKELY_DUPLICATE: 409,
  DOCTOR_ALREADY_ADDED: 409,
  BRAND_INN_TAKEN: 409,
  GEOLOCATION_REQUIRED: 400,
  VISIT_STATUS_REFUSED: 409,
  VISIT_NOT_EDITABLE: 409,
  VISIT_DOCTOR_ALREADY_ADDED: 409,
  VISIT_REVIEW_NOT_PENDING: 409,
  VISIT_REVIEW_NOT_ALLOWED: 403,
  VISIT_NOT_IN_PROGRESS: 409,
  VISIT_NOT_OWN: 403,
  VISIT_PRODUCT_ALREADY_ADDED: 409,
  VISIT_NOT_COMPLETED: 409,
  ORDER_STATUS_REFUSED: 409,
  ORDER_MOVE_NOT_ALLOWED: 403,
  TASK_STATUS_REFUSED: 409,
  TASK_MOVE_NOT_ALLOWED: 403,
  /** moving a lead to a lost stage without a reason */
  LEAD_LOST_REASON_REQUIRED: 400,
  LEAD_ALREADY_CONVERTED: 409,
  /** only a lead in a won stage becomes an organization */
  LEAD_NOT_WON: 409,
  /** won and lost are the pipeline's ends: renamed, never removed or moved */
  LEAD_STAGE_FIXED: 409,
  /** testing (issue 19): the n+1-th start, an answer after the deadline and its grace, a finished attempt, too few questions */
  TEST_ATTEMPTS_EXHAUSTED: 409,
  TEST_TIME_UP: 409,
  TEST_ATTEMPT_FINISHED: 409,
  TEST_NOT_ENOUGH_QUESTIONS: 409,
  /** a webhook call whose signature is missing or wrong (or the channel has no secret configured) */
  WEBHOOK_SIGNATURE_INVALID: 401,
  ORDER_MOVES_WITH_DELIVERY: 409,
  ORDER_VISIT_NOT_OWN: 409,
  ORDER_NOT_EDITABLE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  /** the same Idempotency-Key is being answered right now (a duplicate sent while the first runs): send it again later */
  REQUEST_IN_PROGRESS: 409,
  /** a write queued on a device longer than offlineActionMaxHours (issue 16) */
  ACTION_TOO_OLD: 422,
  CREDIT_LIMIT_EXCEEDED: 409,
  CREDIT_OVERDUE: 409,
  CREDIT_NONE: 409,
  CREDIT_PREPAYMENT_UNPAID: 409,
  CREDIT_OVERRIDE_NOT_ALLOWED: 403,
  PAYMENT_EXCEEDS_OWED: 409,
  ORDER_NOT_PAYABLE: 409,
  DELIVERY_ORDER_NOT_READY: 409,
  DELIVERY_STATUS_REFUSED: 409,
  DELIVERY_PHOTO_REQUIRED: 400,
  /** the company has no Telegram bot (TELEGRAM_BOT_TOKEN unset) */
  TELEGRAM_OFF: 409,
  /** telephony (issue 18): the webhook's signature, a replay, no adapter, no extension, the PBX down, a number that is no Uzbek one */
  TELEPHONY_SIGNATURE_INVALID: 401,
  TELEPHONY_REPLAYED: 401,
  TELEPHONY_OFF: 409,
  TELEPHONY_NO_EXTENSION: 409,
  TELEPHONY_UNREACHABLE: 502,
  PHONE_NOT_UZBEK: 400,
  RATE_LIMITED: 429,
  LOGIN_RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/** The one error envelope of the whole API. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** field path (dot-joined) → localized message */
  fields?: Record<string, string>;
  requestId?: string;
}
