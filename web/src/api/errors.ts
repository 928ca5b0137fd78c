import { messages } from '@domain/messages';

/** How a failed call is classified for the global handling of docs/product.md#messages. */
export type FailureKind =
  | 'not-found'
  | 'unauthorized'
  | 'forbidden'
  | 'bad-request'
  | 'network'
  | 'aborted'
  | 'other';

/** What the app does about a failure: pure data, so the rules are testable without a browser. */
export type FailureAction = {
  kind: FailureKind;
  /** Shown as a danger alert; null when nothing is shown. */
  message: string | null;
  /** A second, timed alert (403 only). */
  timedMessage?: string;
  redirectTo?: '/' | '/404';
  logout?: boolean;
  /** Unexpected failures are also written to the console for whoever investigates. */
  log?: boolean;
};

export type FailureInput = {
  /** HTTP status, or null when no answer arrived. */
  status: number | null;
  /** The parsed response body, when there was one. */
  body?: unknown;
  aborted?: boolean;
  /** The message the caller supplies for this call, e.g. 'An error occurred retrieving this item.' */
  supplied?: string;
};

/** The `message` of a server error body ({isSuccess:false, message, statusCode}), or of a plain text body. */
export function bodyMessage(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() || null;
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

export function failureKind(status: number | null, aborted = false): FailureKind {
  if (aborted) return 'aborted';
  if (status === null || status === 0) return 'network';
  if (status === 404) return 'not-found';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 400) return 'bad-request';
  return 'other';
}

/** Maps a failed call to what the user sees and where they go (docs/product.md#messages-global). */
export function describeFailure({ status, body, aborted, supplied }: FailureInput): FailureAction {
  const kind = failureKind(status, aborted);
  switch (kind) {
    case 'aborted':
      // The caller cancelled (navigation, unmount): not an error for the user.
      return { kind, message: null };
    case 'network':
      return { kind, message: messages.global.networkFailure, log: true };
    case 'not-found':
      return {
        kind,
        message: `${supplied ?? ''}${messages.global.notFoundSuffix}`.trim(),
        redirectTo: '/404',
      };
    case 'unauthorized':
      return { kind, message: messages.global.mustBeLoggedIn, redirectTo: '/', logout: true };
    case 'forbidden':
      return {
        kind,
        message: messages.global.notPermittedAction,
        timedMessage: messages.global.notPermittedArea,
        redirectTo: '/',
      };
    case 'bad-request':
      return { kind, message: bodyMessage(body) ?? messages.global.genericBadRequest };
    default: {
      // A readable 4xx answer (e.g. 429) is meant for the user; a 5xx body is not.
      const readable = status !== null && status < 500 ? bodyMessage(body) : null;
      return { kind, message: supplied ?? readable ?? messages.global.genericBadRequest, log: true };
    }
  }
}
