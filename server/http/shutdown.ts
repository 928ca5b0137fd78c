import type { FastifyInstance } from 'fastify';

/** The whole shutdown, signal to exit, stays under this (docs/product.md#running-start). */
export const SHUTDOWN_DEADLINE_MS = 10_000;
export const SHUTTING_DOWN_MESSAGE = 'The server is shutting down. Please try again in a moment.';

const closingApps = new WeakSet<FastifyInstance>();

/**
 * Requests that arrive once shutdown has begun get 503 with the error envelope of every other error
 * (the app sets Fastify's own return503OnClosing off: its plain body is not ours) and Connection: close;
 * answers still in flight then carry Connection: close too, so each keep-alive connection ends with
 * the answer it was waiting for instead of lingering. Registered before every other hook.
 */
export function registerShutdownGate(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    if (!closingApps.has(app)) return;
    return reply
      .status(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send({ isSuccess: false, message: SHUTTING_DOWN_MESSAGE, statusCode: 503 });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closingApps.has(app)) reply.header('connection', 'close');
  });
}

/**
 * How long requests still get in after the signal. A request a client finished writing just before the
 * signal may not have been read yet: its connection waiting in the kernel's accept queue, its bytes
 * not yet delivered on a busy machine, or the event loop busy with other answers. Refused now, it
 * would be lost though sent in time; so the gate closes after this grace and then three more turns of
 * the event loop: each turn's poll phase reads what has arrived (a long answer may have blocked the
 * loop past the grace with data waiting), and a new connection is read the turn after it is accepted.
 */
export const SHUTDOWN_GRACE_MS = 500;

async function grace(ms: number, turns: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  // Timers run before the poll phase: the turns come last, so what arrived meanwhile is read first.
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * SIGTERM/SIGINT: answers every request already received, refuses new ones (503 or a closed port),
 * lets the mail sender finish the delivery it is in, closes the database (onClose hooks), and resolves
 * with the exit code: 0 when all that finished before the deadline, 1 otherwise.
 */
export async function shutDown(
  app: FastifyInstance,
  deadlineMs = SHUTDOWN_DEADLINE_MS,
): Promise<{ code: 0 | 1; ms: number }> {
  const started = performance.now();
  await grace(SHUTDOWN_GRACE_MS, 3);
  closingApps.add(app);
  // server.close() ends idle keep-alive connections once, as it begins; a connection whose answer was
  // already under way without Connection: close goes idle later, so end those as they appear.
  const idleSweep = setInterval(() => app.server.closeIdleConnections?.(), 100);
  let deadline: NodeJS.Timeout | undefined;
  try {
    const closed = await Promise.race([
      app.close().then(() => true),
      new Promise<false>((resolve) => {
        deadline = setTimeout(() => resolve(false), Math.max(0, deadlineMs - (performance.now() - started)));
      }),
    ]);
    return { code: closed ? 0 : 1, ms: Math.round(performance.now() - started) };
  } finally {
    clearInterval(idleSweep);
    clearTimeout(deadline);
  }
}
