import type { FastifyBaseLogger } from 'fastify';

/** The timers the loop waits on: the real ones, or a test's fake clock. */
export type Timers = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
};

const realTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

/**
 * The reminder pass's loop in the app process (docs/decisions.md#insights-reminders): no cron to set
 * up. It runs a pass shortly after start and then every interval, one pass at a time; several
 * processes may each run it, since a reminder is claimed once in the database. A pass that fails is
 * logged and the loop goes on; a pass that sent reminders logs how many and how long it took. stop() waits for a pass under way, so the database never closes under it.
 */
export class ReminderScheduler {
  private timer: unknown;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly pass: () => Promise<{ invites: number; actions: number }>,
    private readonly intervalMs: number,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'info'>,
    private readonly timers: Timers = realTimers,
    /** The first pass's delay: long enough for start-up to settle, short enough to catch up soon. */
    private readonly firstDelayMs = Math.min(intervalMs, 30_000),
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.stopped || this.timer !== undefined) return;
    this.schedule(this.firstDelayMs);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.running = this.runOnce().finally(() => {
        this.running = undefined;
        this.schedule(this.intervalMs);
      });
    }, ms);
  }

  private async runOnce(): Promise<void> {
    const started = performance.now();
    try {
      const sent = await this.pass();
      // A line per pass that sent anything: how many, and how long the pass took (the bench reads it).
      if (sent.invites + sent.actions > 0)
        this.log.info({ ...sent, ms: Math.round(performance.now() - started) }, 'reminder pass');
    } catch (error) {
      this.log.error({ err: error }, 'the reminder pass failed');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
