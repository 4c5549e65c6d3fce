import type { ApiError as ApiErrorBody } from '@seguridad/contracts/http/errors';
import {
  COMPANY_KEY_HEADER,
  EMAIL_UNVERIFIED_ERROR,
  HTTP_TIMEOUT_MS,
  REAUTH_ERRORS,
  UPLOAD_TIMEOUT_MS,
} from '@seguridad/contracts/constants';
import { errorMessages } from '@seguridad/contracts/messages';
import { clearSessionToken, getSessionToken } from './session-token';
import type {
  RequestBody,
  RequestQuery,
  RequestResponse,
  RouteRequest,
} from '@seguridad/contracts/http/api-route';

/** A failed call: the HTTP status (0 when no answer came) and the server's error body if any. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** The first message a person should read (spec §8: the first of the server's list). */
  get userMessage(): string {
    return this.body?.data[0] ?? this.body?.message ?? this.message;
  }
}

type QueryValues = Record<string, string | number | boolean | undefined>;

export type RequestOptions<Body = unknown, Query = QueryValues> = {
  /** Only for a path that is not a contract route; a route's request carries its own method. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON; for a contract route, what its body schema takes. */
  body?: Body;
  /** For a contract route, what its query schema takes. */
  query?: Query;
  /** Send the session token as a bearer token (App API). */
  auth?: boolean;
  /** Send this company's key as the `company-key` header (company service API). */
  companyKey?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Base URL for tests or other origins; defaults to this page's origin. */
  baseUrl?: string;
  /** Extra headers, e.g. the call token of an anonymous caller; the ones above take precedence. */
  headers?: Record<string, string>;
};

function buildUrl(path: string, query: unknown, baseUrl?: string): string {
  const origin = baseUrl ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
  const url = new URL(path, origin);
  for (const [name, value] of Object.entries((query ?? {}) as QueryValues)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return baseUrl ? url.toString() : `${url.pathname}${url.search}`;
}

function buildHeaders(
  options: Pick<RequestOptions, 'auth' | 'companyKey' | 'headers'>,
  hasJsonBody: boolean,
) {
  // Lower-cased so an extra `Authorization` cannot sit beside our own `authorization`.
  const extra = Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]);
  const headers: Record<string, string> = { ...Object.fromEntries(extra), accept: 'application/json' };
  if (hasJsonBody) headers['content-type'] = 'application/json';
  if (options.companyKey) headers[COMPANY_KEY_HEADER] = options.companyKey;
  const token = options.auth ? getSessionToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    Array.isArray((value as ApiErrorBody).data)
  );
}

/** The HTTP status of a failed call, or undefined for anything else (0: no answer came). */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiRequestError ? error.status : undefined;
}

/** What a person reads after a failed call: the server's own message, else the given fallback. */
export function errorText(error: unknown, fallback: string = errorMessages.generic): string {
  return error instanceof ApiRequestError ? error.userMessage : fallback;
}

/** Whether a failed call was refused for want of a proven e-mail (decision 039). */
export function isEmailUnverified(error: unknown): boolean {
  return error instanceof ApiRequestError && error.body?.error === EMAIL_UNVERIFIED_ERROR;
}

/**
 * Spec §7: 401 and 403 drop the stored token; every other non-2xx is just rejected. A 403 that
 * asks for the current password (a two-step phone change) or for a proven e-mail keeps the
 * session: the page asks for the password, or offers a new verification link.
 */
function failure(status: number, payload: unknown): ApiRequestError {
  const body = isErrorBody(payload) ? payload : undefined;
  const keepsSession =
    status === 403 &&
    body !== undefined &&
    [...Object.values(REAUTH_ERRORS), EMAIL_UNVERIFIED_ERROR].includes(body.error);
  if (status === 401 || (status === 403 && !keepsSession)) clearSessionToken();
  return new ApiRequestError(status, body, body?.message ?? errorMessages.generic);
}

/** A contract route's request (`route.request(params)`), or a plain path for a GET. */
export type RequestTarget = string | RouteRequest;

/** The options of a contract route's request: its body and query are typed by its schemas. */
export type RouteRequestOptions<Target extends RouteRequest> = RequestOptions<
  RequestBody<Target>,
  RequestQuery<Target>
>;

/**
 * JSON request with the spec's rules: 10 s timeout, non-2xx rejected, 401/403 forget the token.
 * Given a route's request, the method is the route's own (lint refuses a method written here),
 * and the answer's type is the one its contract declares: nothing to write, nothing to drift.
 * A plain path (a URL the server handed out) names the answer it expects.
 */
export function apiRequest<Target extends RouteRequest>(
  target: Target,
  options?: RouteRequestOptions<Target>,
): Promise<RequestResponse<Target>>;
export function apiRequest<T>(target: string, options?: RequestOptions): Promise<T>;
export async function apiRequest(
  target: RequestTarget,
  options: RequestOptions<unknown, unknown> = {},
): Promise<unknown> {
  const path = typeof target === 'string' ? target : target.path;
  const method = typeof target === 'string' ? options.method : target.method;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const hasJsonBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query, options.baseUrl), {
      method: method ?? (hasJsonBody ? 'POST' : 'GET'),
      headers: buildHeaders(options, hasJsonBody),
      body: hasJsonBody ? JSON.stringify(options.body) : undefined,
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiRequestError(0, undefined, errorMessages.generic);
  }
  const payload = parseJson(await response.text());
  if (!response.ok) throw failure(response.status, payload);
  return payload;
}

/** A file the API answers (a CSV export), with the same headers, timeout and refusals as JSON calls. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? HTTP_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query, options.baseUrl), {
      headers: buildHeaders(options, false),
      signal,
    });
  } catch {
    throw new ApiRequestError(0, undefined, errorMessages.generic);
  }
  if (!response.ok) throw failure(response.status, parseJson(await response.text()));
  return response.blob();
}

/**
 * Multipart upload with progress (XMLHttpRequest reports upload progress; fetch does not).
 * One hour of timeout, as spec §7 gives attachments and recordings.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  options: Pick<RequestOptions, 'auth' | 'companyKey' | 'headers' | 'baseUrl' | 'signal' | 'timeoutMs'> & {
    onProgress?: (fraction: number) => void;
  } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', buildUrl(path, undefined, options.baseUrl));
    request.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(buildHeaders(options, false)))
      request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const payload = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve(payload as T);
      } else reject(failure(request.status, payload));
    };
    const networkFailure = () => reject(new ApiRequestError(0, undefined, errorMessages.generic));
    request.onerror = networkFailure;
    request.ontimeout = networkFailure;
    request.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
