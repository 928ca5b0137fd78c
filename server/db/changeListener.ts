import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { COUNTER_CHANNEL, type CounterChanges } from './counterChanges.js';
import { SESSION_CHANNEL, type SessionChanges } from './sessionChanges.js';

/** How long to wait before opening the listening connection again after it was lost. */
const RECONNECT_MS = 1_000;
/** How long the first notice (the probe) may take; one that never comes means no LISTEN here. */
const PROBE_MS = 5_000;
/** After a probe that never came (a pooler in transaction mode), when to try again. */
const PROBE_RETRY_MS = 60_000;

/** What the listener tells: changed session rows (migration 017) and moved change counters (019). */
export type Changes = { sessions: SessionChanges; counters: CounterChanges };

/**
 * A connection of its own, one per process, that LISTENs for the notices any process sends on commit
 * of changed session rows (migration 017) and moved change counters (migration 019), and tells
 * `changes` of those of this schema. Kept rows and counts are served only while it listens: when the
 * connection is lost both go not live (every look reads the database) and it reconnects every
 * second; once listening again, it drops what was kept and goes live. Notices missed meanwhile can
 * thus never leave an old row or count behind. It goes live only once a notice sent from another
 * connection (a probe) has arrived: behind a pooler in transaction mode LISTEN seems to work but
 * hears nothing, and nothing kept would ever be dropped.
 */
export function listenForChanges(
  Client: typeof pg.Client,
  config: pg.ClientConfig,
  changes: Changes,
): { close: () => Promise<void> } {
  const setLive = (live: boolean) => {
    changes.sessions.setLive(live);
    changes.counters.setLive(live);
  };
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const lost = (which: pg.Client, retryMs = RECONNECT_MS) => {
    if (which !== client) return;
    client = undefined;
    setLive(false);
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
      const prefix = `${schema}:`;
      next.on('notification', (notice) => {
        if (!notice.payload?.startsWith(prefix)) return;
        const what = notice.payload.slice(prefix.length);
        if (notice.channel === COUNTER_CHANNEL) changes.counters.changed(what === '*' ? undefined : what);
        else if (notice.channel === SESSION_CHANNEL) {
          const id = Number(what);
          changes.sessions.changed(Number.isSafeInteger(id) ? id : undefined);
        }
      });
      await next.query(`listen ${SESSION_CHANNEL}; listen ${COUNTER_CHANNEL}`);
      if (!(await probeArrives(next, `${schema}:probe-${randomBytes(6).toString('hex')}`))) {
        lost(next, PROBE_RETRY_MS);
        return;
      }
      if (client === next && !closed) setLive(true);
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
      setLive(false);
      await last?.end().catch(() => {});
    },
  };
}
