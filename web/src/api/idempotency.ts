// Submissions and saves that are safe to send again (docs/decisions.md#data-idempotency). Each carries an Idempotency-Key: the
// server keeps its answer under that key, so a request sent again after a lost answer (a dropped
// connection, a restarting server) gets the first answer instead of being done twice. The same body to
// the same call keeps its key until an answer arrives, so pressing Submit again after a failure is
// also a retry; once answered, the next identical request is a new one.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Pauses before each resend, in milliseconds: three resends over about five seconds. */
export const retryPolicy = { delaysMs: [500, 1500, 3000] };

/** A network failure or a server error (5xx) may have happened before or after the work: resend. */
export function mayResend(status: number | null): boolean {
  return status === null || status >= 500;
}

/** A random (version 4) UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Keys of requests not yet answered, by call and body (a few at most: one per form being sent). */
const unanswered = new Map<string, string>();
const MAX_UNANSWERED = 50;

export const idempotencyKeys = {
  /** The key of this call with this body: the one already used while unanswered, else a new one. */
  keyFor(path: string, body: string | undefined): string {
    const id = `${path}\n${body ?? ''}`;
    let key = unanswered.get(id);
    if (!key) {
      key = newIdempotencyKey();
      if (unanswered.size >= MAX_UNANSWERED) unanswered.delete(unanswered.keys().next().value as string);
      unanswered.set(id, key);
    }
    return key;
  },
  /** The server answered (success or refusal): the next identical request is a new one. */
  answered(path: string, body: string | undefined): void {
    unanswered.delete(`${path}\n${body ?? ''}`);
  },
  clear(): void {
    unanswered.clear();
  },
};

/** Waits `ms`, or rejects at once when the signal aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
