import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReminderScheduler } from './reminderScheduler.js';

// The reminder loop on a fake clock (docs/decisions.md#insights-reminders): when it runs passes, that it
// runs one at a time, goes on after a failure and stops cleanly.

const MINUTE = 60_000;
const log = { error: vi.fn(), info: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
  log.error.mockReset();
});

describe('the reminder loop', () => {
  it('runs a pass 30 seconds after start and then every interval', async () => {
    vi.useFakeTimers();
    const pass = vi.fn(async () => ({ invites: 0, actions: 0 }));
    const loop = new ReminderScheduler(pass, 15 * MINUTE, log, {
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (t) => clearTimeout(t as NodeJS.Timeout),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(pass).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pass).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(15 * MINUTE - 1);
    expect(pass).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pass).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(pass).toHaveBeenCalledTimes(6);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(pass).toHaveBeenCalledTimes(6);
  });

  it('never overlaps two passes: the next interval counts from the end of a slow one', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    const pass = vi.fn(async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 20 * MINUTE));
      running--;
      return { invites: 2, actions: 0 };
    });
    const loop = new ReminderScheduler(pass, 5 * MINUTE, log, undefined, 1_000);
    loop.start();
    await vi.advanceTimersByTimeAsync(1_000 + 20 * MINUTE + 5 * MINUTE);
    expect(pass).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    // Each pass that sent something says so, with its duration (20 minutes of the fake clock).
    expect(log.info).toHaveBeenCalledWith({ invites: 2, actions: 0, ms: 20 * MINUTE }, 'reminder pass');
    const stopping = loop.stop();
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    await stopping;
    expect(running).toBe(0);
  });

  it('logs a failed pass and goes on', async () => {
    vi.useFakeTimers();
    const pass = vi
      .fn()
      .mockRejectedValueOnce(new Error('database gone'))
      .mockResolvedValue({ invites: 0, actions: 0 });
    const loop = new ReminderScheduler(pass, MINUTE, log, undefined, 0);
    loop.start();
    await vi.advanceTimersByTimeAsync(1);
    expect(log.error).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(pass).toHaveBeenCalledTimes(2);
    await loop.stop();
  });

  it('runs nothing with an interval of 0', async () => {
    vi.useFakeTimers();
    const pass = vi.fn(async () => ({ invites: 0, actions: 0 }));
    const loop = new ReminderScheduler(pass, 0, log);
    loop.start();
    await vi.advanceTimersByTimeAsync(24 * 60 * MINUTE);
    expect(pass).not.toHaveBeenCalled();
    await loop.stop();
  });
});
