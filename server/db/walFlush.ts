import fs from 'node:fs';

/** fs.fsync looked up at each call (not bound once), so a test can count the flushes. */
const fsync = (fd: number) =>
  new Promise<void>((resolve, reject) => fs.fsync(fd, (error) => (error ? reject(error) : resolve())));

/**
 * Durable commits without blocking the event loop, and one disk flush for many commits.
 *
 * With `synchronous = FULL`, every SQLite commit waits for fsync (about 2.3 ms here) inside
 * better-sqlite3, on the main thread: nothing else runs meanwhile, and submissions top out near 100
 * per second. Instead the database runs with `synchronous = NORMAL` (a commit writes the WAL without
 * syncing it) and no answer leaves the server until an fsync of the WAL that began after the
 * request's commit has finished. The fsync runs on libuv's thread pool, and every commit made before
 * it began rides on the same one (group commit). An acknowledged write is on disk either way; a write
 * not yet acknowledged may be lost by a power cut, as with FULL. A failed fsync fails the request.
 */
export class WalFlusher {
  private writes = 0;
  private flushed = 0;
  private inFlight: Promise<void> | undefined;
  private fd: number | undefined;

  constructor(private readonly walPath: string) {}

  /** Called after every statement that may have changed the database (a commit, a write outside one). */
  noteWrite(): void {
    this.writes++;
  }

  /** Resolves once every write noted so far is on disk. */
  async flush(): Promise<void> {
    const target = this.writes;
    while (this.flushed < target) {
      this.inFlight ??= this.syncOnce().finally(() => {
        this.inFlight = undefined;
      });
      await this.inFlight;
    }
  }

  private async syncOnce(): Promise<void> {
    const covers = this.writes; // every write noted before the fsync begins
    // Opened once, after the first write has made the file; any descriptor of the file flushes it.
    try {
      this.fd ??= fs.openSync(this.walPath, 'r');
    } catch (error) {
      // No WAL: the database was closed, and closing checkpointed every frame into the synced file.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.flushed = Math.max(this.flushed, covers);
      return;
    }
    await fsync(this.fd);
    this.flushed = Math.max(this.flushed, covers);
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }
}
