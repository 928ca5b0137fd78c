import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

// The product as `npm start` runs it (node scripts/start.mjs), on 127.0.0.1 and a port of its own,
// started again on the same data after each SIGKILL.

export const root = path.resolve(import.meta.dirname, '../..');

/** A fixed secret: the tokens signed before a crash stay valid after the restart. */
const JWT_SECRET = 'crash-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';

export type ServerPlace = { dataDir: string; databaseUrl?: string };

export type Server = { base: string; child: ChildProcess; log: () => string };

export { freePort } from '../../bench/benchServer.js';

function environment(place: ServerPlace, port: number, adminPassword: string): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'SMTP_URL',
    'PUBLIC_URL',
    'JWT_SECRET_FILE',
    'ALLOWED_HOSTS',
    'TRUST_PROXY',
  ])
    delete env[name];
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: place.dataDir,
    ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
    JWT_SECRET,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    // Every client signs in from 127.0.0.1.
    LOGIN_MAX_PER_ADDRESS: '100000000',
    LOGIN_MAX_PER_ACCOUNT: '100000000',
    // Every submission comes from one account, hundreds a second.
    WRITE_LIMIT_FACTOR: '100000000',
    // A reminder pass every 300 ms (the first 300 ms after start), so kills meet passes mid-way.
    REMINDER_INTERVAL_MINUTES: '0.005',
  };
}

/** Starts the server and resolves once GET /api/health answers 200. */
export async function startServer(place: ServerPlace, port: number, adminPassword: string): Promise<Server> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: environment(place, port, adminPassword),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    const healthy = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      async (r) => {
        await r.arrayBuffer();
        return r.ok;
      },
      () => false,
    );
    if (healthy) return { base, child, log: () => output };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not healthy after 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** SIGKILL, as a power cut or the OOM killer would: no shutdown code runs. Resolves once it is gone. */
export async function killServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}
