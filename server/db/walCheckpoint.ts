import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How long after a write the checkpoint that copies it into the database file begins. */
export const CHECKPOINT_DELAY_MS = 100;

/** What one checkpoint did: frames in the WAL, and how many of them are now in the database file. */
export type CheckpointResult = { busy: number; log: number; checkpointed: number };

// The worker's code, evaluated as a script (the server is one bundled file, so the worker cannot be
// a module beside it): its own connection to the database, and a PASSIVE checkpoint on each request.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const reason = (error) => String((error && error.message) || error);
let db;
try {
  db = new SQLite(workerData.file, { fileMustExist: true });
  // The WAL is synced before the checkpoint copies it and the database file after (synchronous = NORMAL).
  db.pragma('synchronous = NORMAL');
} catch (error) {
  parentPort.postMessage({ error: 'cannot open ' + workerData.file + ': ' + reason(error) });
}
parentPort.on('message', (message) => {
  if (message === 'close') {
    if (db) db.close();
    parentPort.close();
    return;
  }
  if (!db) return;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: reason(error) });
  }
});
`;

/**
 * SQLite's checkpoints (copying the WAL's pages into the database file, and syncing both) on a thread
 * of their own.
 *
 * Left to SQLite, a checkpoint runs inside the commit that brings the WAL to 1,000 pages, on the main
 * thread: a copy of 4 MB and two fsyncs during which no request moves (here 0.8 ms per submission on
 * average, up to 190 ms for the one that pays, measured under load). Instead the connection runs with
 * `wal_autocheckpoint = 0` and this worker, with a connection of its own, checkpoints PASSIVE
 * (never waiting for, nor blocking, a reader or the writer) a short while after writes: a page written
 * by many commits in that while is copied once. Durability does not depend on checkpoints: a commit is
 * durable once its WAL frames are synced (walFlush.ts). Should the worker fail, SQLite's own
 * checkpoints come back (`fallback`), so the WAL never grows without bound.
 */
export class WalCheckpointer {
  private worker: Worker | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private dirtySince = false;
  private closing: Promise<void> | undefined;
  private idleWaiters: (() => void)[] = [];
  /** The last checkpoint's figures (for tests and the curious). */
  last: CheckpointResult | undefined;

  constructor(
    file: string,
    private readonly fallback: (error: unknown) => void,
    private readonly delayMs = CHECKPOINT_DELAY_MS,
  ) {
    try {
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      this.worker = new Worker(WORKER, { eval: true, workerData: { file, driver } });
      // A checkpoint pending must not keep the process alive, nor an idle worker.
      this.worker.unref();
      this.worker.on('message', (message: { result?: CheckpointResult; error?: string }) =>
        this.finished(message),
      );
      this.worker.on('error', (error) => this.fail(error));
    } catch (error) {
      this.fail(error);
    }
  }

  /** Called after every write: a checkpoint follows shortly, unless one is already due. */
  dirty(): void {
    if (!this.worker || this.closing) return;
    if (this.running) {
      this.dirtySince = true;
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => this.start(), this.delayMs);
    this.timer.unref();
  }

  /** Resolves once no checkpoint is due or running (tests). */
  idle(): Promise<void> {
    if (!this.timer && !this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Ends the worker (its connection closed) after the checkpoint it may be running. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      const worker = this.worker;
      if (!worker) return;
      // Held until it has exited: an unreferenced worker's answer would not keep a closing process alive.
      worker.ref();
      await this.idleOfRunning();
      this.worker = undefined;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('close');
      await exited;
      this.wakeIdle();
    })();
    return this.closing;
  }

  private start(): void {
    this.timer = undefined;
    if (!this.worker) return;
    this.running = true;
    this.dirtySince = false;
    this.worker.postMessage('checkpoint');
  }

  private finished(message: { result?: CheckpointResult; error?: string }): void {
    this.running = false;
    if (message.error) {
      this.fail(new Error(message.error));
      return;
    }
    this.last = message.result;
    if (this.dirtySince && !this.closing) {
      // Writes came while it ran: they are the next checkpoint's.
      this.dirtySince = false;
      this.dirty();
    }
    if (!this.timer) this.wakeIdle();
    this.runningDone?.();
  }

  private runningDone: (() => void) | undefined;

  private idleOfRunning(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      this.runningDone = () => {
        this.runningDone = undefined;
        resolve();
      };
    });
  }

  private wakeIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }

  private fail(error: unknown): void {
    const worker = this.worker;
    this.worker = undefined;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    worker?.terminate().catch(() => {});
    this.fallback(error);
    this.wakeIdle();
    this.runningDone?.();
  }
}
