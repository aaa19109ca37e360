import type { z } from 'zod';
import { routes } from 'virtual:api-routes';
import {
  pathOf,
  type Endpoint,
  type EndpointAnswer,
  type EndpointGroup,
  type Endpoints,
  type ErrorBody,
  type ErrorCode,
  type FileAnswer,
  type Route,
  type RouteTable,
} from '@pharma/contracts';
import { getSession, logout } from './session';
import { currentLanguage, i18n } from './i18n';
import { reportAnswer } from './connection';

/** A failed call: the server's envelope, or NETWORK when no answer came. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly fields: Record<string, string>;
  readonly requestId?: string;

  constructor(status: number, body: { code: ErrorCode | 'NETWORK'; message: string; fields?: Record<string, string>; requestId?: string }) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.requestId = body.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return i18n.t('errors:INTERNAL');
}

type QueryValue = string | number | boolean | null | undefined;
export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** extra request headers (an order's Idempotency-Key) */
  headers?: Record<string, string>;
  /** give up waiting for the answer after this long (decision 024) */
  timeoutMs?: number;
}

/** A call whose answer has not come in this time fails (decision 024): nothing on the screen spins forever. */
export const answerTimeoutMs = 30_000;
/** Files both ways (a waybill photo up, an export down) may take longer on a field network. */
export const fileTimeoutMs = 120_000;

const base = '/api';

/** A request id of our own (the server logs it as the request's id, and puts it in an error's envelope). */
function newRequestId(): string {
  // crypto.randomUUID exists only in secure contexts; an office server over plain HTTP has getRandomValues
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface AnswerRecord {
  method: string;
  path: string;
  requestId: string;
}
/**
 * The last answers the server gave (newest first). A page that throws while drawing what an answer held
 * (an unexpected shape) shows their request ids, so the server's log can be searched for them.
 */
const recentAnswers: AnswerRecord[] = [];
const recentAnswersKept = 5;
export function lastAnswers(): readonly AnswerRecord[] {
  return recentAnswers;
}
function rememberAnswer(record: AnswerRecord) {
  recentAnswers.unshift(record);
  recentAnswers.length = Math.min(recentAnswers.length, recentAnswersKept);
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return !!value && typeof value === 'object' && typeof (value as ErrorBody).code === 'string' && typeof (value as ErrorBody).message === 'string';
}

/**
 * Every call: Bearer token when one is stored, Accept-Language of the interface, and a time-out for
 * the answer (decision 024; spec §7 had none, which left Save spinning forever on a lost network).
 * No answer — offline, refused, or not in time — is a NETWORK error at once and tells the connection
 * state (the app shell's offline banner). Any 401 drops the session, and the route guard sends the
 * browser to /login (spec §4). Errors are logged and re-thrown.
 */
async function send(method: string, path: string, options: RequestOptions, accept = 'application/json'): Promise<Response> {
  const requestId = newRequestId();
  const headers: Record<string, string> = { ...options.headers, Accept: accept, 'Accept-Language': currentLanguage(), 'X-Request-Id': requestId };
  const token = getSession().access_token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const cancel = () => controller.abort();
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? answerTimeoutMs);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    // the caller cancelled (a query no longer needed): not a connection matter
    if (options.signal?.aborted) throw error;
    console.error(error);
    reportAnswer(false);
    throw new ApiError(0, { code: 'NETWORK', message: i18n.t(timedOut ? 'common:messages.noAnswer' : 'common:messages.networkError') });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
  reportAnswer(true);
  rememberAnswer({ method, path, requestId: response.headers.get('x-request-id') ?? requestId });

  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      /* not JSON: a proxy or a crash */
    }
    // a 401 ends the session it was sent with; a request still on its way when the token was replaced (a password
    // change hands a new one) does not end the new session
    if (response.status === 401 && getSession().access_token === token) logout();
    const error = isErrorBody(body)
      ? new ApiError(response.status, body)
      : new ApiError(response.status, {
          code: response.status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED',
          message: i18n.t(response.status >= 500 ? 'errors:INTERNAL' : 'errors:VALIDATION_FAILED'),
        });
    console.error(`${method} ${path} → ${response.status} ${error.code}`, error.requestId ?? '');
    throw error;
  }
  return response;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The file name of an attachment (`content-disposition`), or the fallback. */
function attachmentName(response: Response): string | null {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/** A file an endpoint answered (an export, a photo): its content and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  name: string | null;
}

/** Hands a downloaded file to the browser as a download; answers the name it was saved under. */
export function saveDownload(file: DownloadedFile, fallbackName: string): string {
  const name = file.name ?? fallbackName;
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

type Schema<S> = S extends z.ZodType ? S : never;
/** How a call is sent, beside its params, query and body. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'headers' | 'timeoutMs'>;
/** What a call of an endpoint takes: its params, query and body as its schemas say. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: z.output<Schema<E['params']>> } : unknown) &
  (E['query'] extends z.ZodType ? { query?: z.input<Schema<E['query']>> } : unknown) &
  (E['body'] extends z.ZodType ? { body: z.input<Schema<E['body']>> } : unknown) &
  CallOptions;
/** What a call of an endpoint answers. */
export type CallAnswer<E extends Endpoint> = E['answer'] extends FileAnswer ? DownloadedFile : EndpointAnswer<E>;
type Caller<E extends Endpoint> =
  object extends CallInput<E> ? (input?: CallInput<E>) => Promise<CallAnswer<E>> : (input: CallInput<E>) => Promise<CallAnswer<E>>;
/** The typed client of a group of endpoints: the same tree, each endpoint a function. */
export type Client<G> = { [K in keyof G]: G[K] extends Endpoint ? Caller<G[K]> : Client<G[K]> };

/**
 * Development builds check an answer against its endpoint's schema, so a server that drifted from the
 * contract shows in the console at once; the schemas load only there (a production build has none of this).
 */
async function checkAnswer(name: readonly string[], route: Route, answer: unknown) {
  const { endpoints } = await import('@pharma/contracts');
  const e = name.reduce<Endpoint | EndpointGroup | undefined>((group, key) => (group as EndpointGroup | undefined)?.[key], endpoints) as Endpoint | undefined;
  const schema = e?.answer as z.ZodType | null | undefined;
  if (!schema || typeof schema.safeParse !== 'function') return;
  const checked = schema.safeParse(answer);
  if (!checked.success) console.error(`${route.method} ${route.path}: the answer does not match the contract`, checked.error.issues);
}

/** Calls one route of the table (`name` is its place in it): the path from its params, its query and body. */
async function call(name: readonly string[], route: Route, input: object = {}): Promise<unknown> {
  const { params, query, body, ...options } = input as { params?: Record<string, unknown>; query?: Record<string, QueryValue>; body?: unknown } & CallOptions;
  const path = pathOf(route, params);
  if (route.file) {
    const response = await send(route.method, path, { timeoutMs: fileTimeoutMs, ...options, query }, '*/*');
    return { blob: await response.blob(), name: attachmentName(response) } satisfies DownloadedFile;
  }
  const answer = await request<unknown>(route.method, path, {
    ...options,
    query,
    body: body ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {}),
  });
  if (import.meta.env.DEV) void checkAnswer(name, route, answer);
  return answer;
}

const isRoute = (item: object): item is Route => typeof (item as Route).method === 'string' && typeof (item as Route).path === 'string';

function clientOf<G>(table: RouteTable<G>, prefix: readonly string[] = []): Client<G> {
  return Object.fromEntries(
    Object.entries(table as Record<string, object>).map(([key, item]) => {
      const name = [...prefix, key];
      return [key, isRoute(item) ? (input?: object) => call(name, item, input) : clientOf(item as RouteTable<unknown>, name)];
    }),
  ) as Client<G>;
}

/** The API: `api.<domain>.<resource>.<call>(input)`, typed by the contracts' endpoint table, called by its routes. */
export const api = clientOf<Endpoints>(routes);
