import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { SESSION_CHANNEL, type SessionChanges } from './sessionChanges.js';

/** How long to wait before opening the listening connection again after it was lost. */
const RECONNECT_MS = 1_000;
/** How long the first notice (the probe) may take; one that never comes means no LISTEN here. */
const PROBE_MS = 5_000;
/** After a probe that never came (a pooler in transaction mode), when to try again. */
const PROBE_RETRY_MS = 60_000;

/**
 * A connection of its own that LISTENs for migration 015's notices of changed session rows, sent by
 * any process on commit, and tells `changes` of those of this schema. Kept rows are served only while
 * it listens: when the connection is lost `changes` goes not live (every look reads the database) and
 * it reconnects every second; once listening again, it drops what was kept and goes live. Notices
 * missed meanwhile can thus never leave an old row behind. It goes live only once a notice sent from
 * another connection (a probe) has arrived: behind a pooler in transaction mode LISTEN seems to
 * work but hears nothing, and the rows would never be dropped.
 */
export function listenForSessionChanges(
  Client: typeof pg.Client,
  config: pg.ClientConfig,
  changes: SessionChanges,
): { close: () => Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const lost = (which: pg.Client, retryMs = RECONNECT_MS) => {
    if (which !== client) return;
    client = undefined;
    changes.setLive(false);
    which.end().catch(() => {});
    if (!closed) timer = setTimeout(connect, retryMs);
    timer?.unref();
  };

  /** Whether a notice sent on a connection of its own reaches `listener`. */
  async function probeArrives(listener: pg.Client, payload: string): Promise<boolean> {
    let timeout: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      listener.on('notification', (notice) => {
        if (notice.channel === SESSION_CHANNEL && notice.payload === payload) resolve(true);
      });
      timeout = setTimeout(() => resolve(false), PROBE_MS);
      timeout.unref();
    });
    const sender = new Client(config);
    try {
      await sender.connect();
      await sender.query('select pg_notify($1, $2)', [SESSION_CHANNEL, payload]);
    } finally {
      await sender.end().catch(() => {});
    }
    const arrived = await heard;
    clearTimeout(timeout);
    return arrived;
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new Client(config);
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      const schema = (await next.query<{ schema: string }>('select current_schema() as schema')).rows[0]
        ?.schema;
      next.on('notification', (notice) => {
        if (notice.channel !== SESSION_CHANNEL || !notice.payload) return;
        const split = notice.payload.lastIndexOf(':');
        if (notice.payload.slice(0, split) !== schema) return;
        const id = Number(notice.payload.slice(split + 1));
        changes.changed(Number.isSafeInteger(id) ? id : undefined);
      });
      await next.query(`listen ${SESSION_CHANNEL}`);
      if (!(await probeArrives(next, `${schema}:probe-${randomBytes(6).toString('hex')}`))) {
        lost(next, PROBE_RETRY_MS);
        return;
      }
      if (client === next && !closed) changes.setLive(true);
    } catch {
      lost(next);
    }
  }

  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const last = client;
      client = undefined;
      changes.setLive(false);
      await last?.end().catch(() => {});
    },
  };
}
