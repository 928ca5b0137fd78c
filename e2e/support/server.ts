import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  logs: string[];
  stop: () => Promise<number | null>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the product the way an operator does (`node scripts/start.mjs`, i.e. `npm start`) on a free
 * port and a fresh data folder, and waits for /api/health.
 */
export async function startServer(
  env: Record<string, string> | ((baseUrl: string) => Record<string, string>) = {},
): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const extraEnv = typeof env === 'function' ? env(baseUrl) : env;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-e2e-'));
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOGIN_MAX_PER_ACCOUNT: '1000',
      LOGIN_MAX_PER_ADDRESS: '1000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => logs.push(...d.toString().split('\n').filter(Boolean)));
  child.stderr?.on('data', (d: Buffer) => logs.push(...d.toString().split('\n').filter(Boolean)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('\n')}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    logs,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
