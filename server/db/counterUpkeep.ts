/** How often each app process looks whether the counters' table needs a vacuum. */
export const COUNTER_UPKEEP_MS = 60_000;

/** What the upkeep needs of a pg Pool (its own: never a connection that serves requests). */
export type UpkeepPool = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  end: () => Promise<void>;
};

/**
 * PostgreSQL only: vacuums the change counters' table (cache_versions) now and then, from a timer
 * in each app process, on a pool of its own, never on a request's path.
 *
 * Every write bumps a counter there, so the table takes thousands of updates a second, each leaving
 * a dead row version. Its low fillfactor lets most be pruned without a vacuum (migration 018), but a
 * long transaction (a backup, a report) holds them back and then updates move rows to new pages
 * that only a vacuum lets the table reuse; autovacuum may be off (as on the bench's machine) or lag
 * on a table this hot (docs/decisions.md#performance-counter-pages). One vacuum of these few pages
 * takes milliseconds. A process skips its turn when any process (or autovacuum) vacuumed the table
 * within the interval, and SKIP_LOCKED skips it while another vacuum runs. A failure (the database
 * restarting, no right to vacuum) waits for the next turn: it can never end the process.
 */
export class CounterUpkeep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private closed = false;

  constructor(
    private readonly pool: UpkeepPool,
    private readonly intervalMs = COUNTER_UPKEEP_MS,
  ) {}

  /** Schedules the turns; the timer never keeps the process alive. */
  start(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.runOnce()
        .catch(() => 'failed')
        .finally(() => {
          this.running = undefined;
          this.start();
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Is a turn scheduled? (false once closed) */
  get scheduled(): boolean {
    return this.timer !== undefined;
  }

  /** One turn: vacuums unless some process did within the interval. */
  async runOnce(): Promise<'vacuumed' | 'skipped'> {
    const { rows } = await this.pool.query(
      `select greatest(last_vacuum, last_autovacuum) > now() - $1 * interval '1 millisecond' as recent
         from pg_stat_user_tables where relid = to_regclass('cache_versions')`,
      [this.intervalMs * 0.9],
    );
    if (rows.length === 0 || rows[0]?.recent === true) return 'skipped';
    await this.pool.query('vacuum (skip_locked) cache_versions');
    return 'vacuumed';
  }

  /** Stops the timer, lets a turn in progress finish, and closes the pool. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    await this.pool.end();
  }
}
