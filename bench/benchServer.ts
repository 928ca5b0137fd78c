import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// The product under test, started the way `npm start` starts it (node scripts/start.mjs) as a
// process of its own on 127.0.0.1 and a free port, with its start-up time (spawn to the first healthy
// /api/health) and its resident memory read from /proc.

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Where the server keeps its data: a DATA_DIR, and a PostgreSQL URL when it uses one; the token
 * secret when several processes must share one (the two-process mode), else the server's own.
 */
export type ServerData = {
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  /** Settings over the bench's own (the reminder pass's interval and log level). */
  env?: Record<string, string>;
};

export type RunningServer = {
  base: string;
  pid: number;
  /** Milliseconds from spawn to the first healthy /api/health. */
  startupMs: number;
  /** Lines the server wrote at level error or worse (pino JSON lines), or outside its log, since it started. */
  errorLines: () => string[];
  /** Node's process warnings it printed (once each). */
  warningLines: () => string[];
  /** Its 'reminder pass' log lines (pino JSON), when its LOG_LEVEL lets them through. */
  passLines: () => string[];
  stop: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Resident memory of a process in MiB, from /proc (Linux). */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/**
 * Runs `work` (a load, in a process of its own) while sampling the server's resident memory every
 * 100 ms: the work's answer and the largest figure seen.
 */
export async function withPeakRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; maxRssMiB: number }> {
  let peak = rssMiB(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMiB(pid));
    } catch {
      // The process is gone; the load will say so.
    }
  }, 100);
  try {
    const result = await work();
    return { result, maxRssMiB: peak };
  } finally {
    clearInterval(timer);
  }
}

/** Polls `url` every 10 ms until it answers 2xx; throws after `timeoutMs` or when the child exits. */
export async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    const up = await fetch(url).then(
      async (r) => {
        await r.arrayBuffer();
        return r.ok;
      },
      () => false,
    );
    if (up) return;
    if (performance.now() > deadline) throw new Error(`${url}: not healthy after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Stops a child with SIGTERM (SIGKILL after 15 s) and waits for it to exit. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The server's environment: the caller's, without anything that would point it elsewhere. */
function serverEnv(data: ServerData, port: number): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'SMTP_URL',
    'PUBLIC_URL',
    'JWT_SECRET',
    'JWT_SECRET_FILE',
    'ALLOWED_HOSTS',
  ])
    delete env[name];
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: data.dataDir,
    ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
    ...(data.jwtSecret ? { JWT_SECRET: data.jwtSecret } : {}),
    ADMIN_PASSWORD: 'unused: the seeded database has its administrator',
    LOG_LEVEL: 'warn',
    // The load logs in hundreds of times a second from one address: the limits would answer 429.
    LOGIN_MAX_PER_ADDRESS: '100000000',
    LOGIN_MAX_PER_ACCOUNT: '100000000',
    // Every submission comes from one account, hundreds a second.
    WRITE_LIMIT_FACTOR: '100000000',
    // The login load comes "through a proxy" with many client addresses (X-Forwarded-For), as an
    // institute's users would, so the per-address limit on public calls sees many clients.
    TRUST_PROXY: '127.0.0.1',
    // No reminder pass competes with a measurement, unless one is what is measured (reminderPass.ts).
    REMINDER_INTERVAL_MINUTES: '0',
    ...data.env,
  };
}

/** Starts the product (scripts/start.mjs) and waits until /api/health answers. */
export async function startServer(data: ServerData): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: serverEnv(data, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  const passes: string[] = [];
  const warnings = new Set<string>();
  let tail = '';
  const keep = (chunk: Buffer) => {
    const lines = (tail + chunk.toString('utf8')).split('\n');
    tail = lines.pop() ?? '';
    for (const line of lines) {
      const level = /"level":(\d+)/.exec(line)?.[1];
      if (line.includes('"msg":"reminder pass"')) passes.push(line);
      if (!line.trim() || (level !== undefined && Number(level) < 50)) continue;
      // Node's process warnings (one at each start without JWT_SECRET) are not errors.
      if (level === undefined && /^(\((node:\d+|Use `node --trace-warnings)|Building the web app)/.test(line))
        warnings.add(line);
      else errors.push(line.slice(0, 2000));
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      errors.push(
        `the server exited on its own (code ${code}, signal ${signal}) before the bench stopped it`,
      );
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(`${base}/api/health`, child);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${(error as Error).message}\n${errors.slice(-20).join('\n')}`);
  }
  return {
    base,
    pid: child.pid as number,
    startupMs: performance.now() - started,
    errorLines: () => [...errors],
    warningLines: () => [...warnings].map((w) => w.replace(/^\(node:\d+\) /, '')),
    passLines: () => [...passes],
    stop: () => {
      stopping = true;
      return stopChild(child);
    },
  };
}
