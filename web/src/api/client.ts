import { takeEarlyCall } from './earlyCalls';
import { bodyMessage, describeFailure, type FailureAction, type FailureKind, failureKind } from './errors';
import { IDEMPOTENCY_HEADER, idempotencyKeys, mayResend, pause, retryPolicy } from './idempotency';
import { ticketStore } from './ticketStore';

const API_BASE = '/api/';
const EXTEND_HEADER = 'authorization-extend';

/** A failed call. `handled` is true once the global handler has told the user about it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: FailureKind;
  handled = false;

  constructor(
    readonly status: number | null,
    readonly body: unknown,
    message: string,
    options?: { cause?: unknown; aborted?: boolean },
  ) {
    super(message, { cause: options?.cause });
    this.kind = failureKind(status, options?.aborted);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the user has already been told about this failure (or it needs no telling). */
export function isHandled(error: unknown): boolean {
  return isApiError(error) && (error.handled || error.kind === 'aborted');
}

/** The server's message when it refused a call (a 4xx answer, e.g. 400 or 429), or null. */
export function refusalMessage(error: unknown): string | null {
  return isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500
    ? bodyMessage(error.body)
    : null;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Supplied message for this call; docs/product.md#messages builds the 404 text and other failures from it. */
  errorMessage?: string;
  /**
   * Failures this call handles (or ignores) itself instead of the global handler: `true` for all,
   * or a list of kinds, e.g. lookups ignore 'unauthorized' and login shows its own text for all.
   */
  skipGlobal?: boolean | readonly FailureKind[];
  /**
   * A submission or save: sent with an Idempotency-Key, and sent again with the same key after a
   * network failure or a 5xx answer (a few times, with pauses), since the server then answers a copy
   * it has already done with its first answer instead of doing it twice.
   */
  idempotent?: boolean;
};

/** Everything but an expired session or a refused permission is left to the caller (downloads, forms). */
export const callerHandlesAllButSession: readonly FailureKind[] = [
  'not-found',
  'bad-request',
  'network',
  'other',
];

type GlobalHandler = (action: FailureAction) => void;
let globalHandler: GlobalHandler | null = null;

/** The app registers how to alert and navigate; the client only decides what happened. */
export function setGlobalFailureHandler(handler: GlobalHandler | null): void {
  globalHandler = handler;
}

function skips(option: RequestOptions['skipGlobal'], kind: FailureKind): boolean {
  return option === true || (Array.isArray(option) && option.includes(kind));
}

function reportFailure(error: ApiError, options: RequestOptions): never {
  if (error.kind !== 'aborted' && !skips(options.skipGlobal, error.kind)) {
    const action = describeFailure({
      status: error.status,
      body: error.body,
      supplied: options.errorMessage,
    });
    if (action.log) console.error('API call failed', error);
    if (action.logout) ticketStore.clear();
    if (globalHandler) {
      globalHandler(action);
      error.handled = true;
    }
  }
  throw error;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends one call and returns the raw response, with the token handling every call needs. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = ticketStore.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const hasBody = options.body !== undefined;
  if (hasBody) headers.set('Content-Type', 'application/json');
  const body = hasBody ? JSON.stringify(options.body) : undefined;
  if (options.idempotent) headers.set(IDEMPOTENCY_HEADER, idempotencyKeys.keyFor(path, body));
  const resends = options.idempotent ? retryPolicy.delaysMs : [];
  const apiPath = path.replace(/^\/+/, '');
  const method = options.method ?? (hasBody ? 'POST' : 'GET');
  const fetchOnce = () => fetch(API_BASE + apiPath, { method, headers, body, signal: options.signal });
  // The same call sent by the route preload script while the app was loading (earlyCalls.ts).
  const early =
    token && ((method === 'POST' && body) || (method === 'GET' && body === undefined))
      ? takeEarlyCall(apiPath, body ?? '', token)
      : null;

  let response: Response | undefined;
  for (let attempt = 0; !response; attempt++) {
    const last = attempt >= resends.length;
    try {
      const answer =
        attempt === 0 && early ? await earlyOrFetch(early, options.signal, fetchOnce) : await fetchOnce();
      if (last || !mayResend(answer.status)) response = answer;
      else await answer.body?.cancel();
    } catch (cause) {
      const aborted = options.signal?.aborted === true || (cause as Error)?.name === 'AbortError';
      if (aborted || last)
        reportFailure(new ApiError(null, null, 'Network failure', { cause, aborted }), options);
    }
    if (!response) {
      try {
        await pause(resends[attempt] ?? 0, options.signal);
      } catch (cause) {
        reportFailure(new ApiError(null, null, 'Network failure', { cause, aborted: true }), options);
      }
    }
  }
  if (options.idempotent && !mayResend(response.status)) idempotencyKeys.answered(path, body);

  // The server slides the session forward on every answer, failed ones included.
  const extended = response.headers.get(EXTEND_HEADER);
  if (extended) ticketStore.extendToken(extended.replace(/^Bearer\s+/i, ''));

  if (!response.ok) {
    const body = await readBody(response).catch(() => null);
    reportFailure(new ApiError(response.status, body, `HTTP ${response.status} on ${path}`), options);
  }
  return response;
}

/** The early call's answer; sent anew if it failed on the way (offline then, maybe not now). */
async function earlyOrFetch(
  early: Promise<Response>,
  signal: AbortSignal | undefined,
  fetchOnce: () => Promise<Response>,
): Promise<Response> {
  let answer: Response;
  try {
    answer = await early;
  } catch {
    return fetchOnce();
  }
  signal?.throwIfAborted();
  return answer;
}

/** A JSON call. Envelopes with isSuccess false come back as values; the caller reads them. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await readBody(response)) as T;
}

/** A call whose answer is a file (CSV, xlsx). */
export async function requestBlob(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; contentDisposition: string | null }> {
  const response = await send(path, options);
  return { blob: await response.blob(), contentDisposition: response.headers.get('content-disposition') };
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown = {}, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'POST', body }),
};
