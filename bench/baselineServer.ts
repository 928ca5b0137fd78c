import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { freePort, stopChild, waitHealthy } from './benchServer.js';

// The baseline: a bare Fastify process answering the benchmarked paths with the same method, status,
// content type and bytes as the product answered them once, so each endpoint's figure can be read as
// a fraction of what Node and Fastify themselves manage on this machine. It parses JSON bodies like
// any Fastify app and does nothing else.
// `node --import tsx bench/baselineServer.ts <responses.json> <port>`.

export type CapturedResponse = {
  method: 'GET' | 'POST';
  path: string;
  status: number;
  contentType: string;
  /** The body, base64. */
  body: string;
};

export type Baseline = { base: string; stop: () => Promise<void> };

/**
 * Several endpoints share a path (searches with different filters): the baseline tells them apart by
 * this header, which only the baseline's load sends, and answers each its own captured bytes.
 */
export const CASE_HEADER = 'x-bench-case';

async function serve(file: string, port: number) {
  const responses = JSON.parse(fs.readFileSync(file, 'utf8')) as CapturedResponse[];
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  app.get('/__ready', async () => 'ok');
  const routes = new Map<string, Map<string, CapturedResponse & { bytes: Buffer }>>();
  for (const [i, r] of responses.entries()) {
    const key = `${r.method} ${r.path}`;
    if (!routes.has(key)) routes.set(key, new Map());
    routes.get(key)?.set(String(i), { ...r, bytes: Buffer.from(r.body, 'base64') });
  }
  for (const cases of routes.values()) {
    const first = [...cases.values()][0] as CapturedResponse & { bytes: Buffer };
    app.route({
      method: first.method,
      url: first.path,
      handler: async (request, reply) => {
        const r = cases.get(String(request.headers[CASE_HEADER])) ?? first;
        return reply.code(r.status).type(r.contentType).send(r.bytes);
      },
    });
  }
  await app.listen({ port, host: '127.0.0.1' });
}

/** Starts the baseline on a free port with these responses. */
export async function startBaseline(responses: CapturedResponse[]): Promise<Baseline> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-baseline-'));
  const file = path.join(dir, 'responses.json');
  fs.writeFileSync(file, JSON.stringify(responses));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), file, String(port)],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(`${base}/__ready`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  serve(process.argv[2] as string, Number(process.argv[3])).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
