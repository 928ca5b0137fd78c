import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

// The load generator, in a process of its own so that its work never counts as the server's:
// `node --import tsx bench/load.ts '<json LoadOptions>'` runs autocannon once and prints its result as
// one JSON line. runLoad() below starts it and reads that line. Only ever aimed at 127.0.0.1.

export type LoadOptions = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /**
   * Make every request unique: in the body and the headers, {{n}} becomes a counter, {{run}} an id of
   * this load process, {{iso}} a distinct ISO time and {{ip}} a distinct client address.
   */
  unique?: boolean;
  /** Text every answer's body must contain; answers without it are counted as mismatches. */
  expect?: string;
};

export type LoadResult = {
  requests: number;
  /** Mean requests per second (autocannon's per-second samples). */
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  statusCodes: Record<string, number>;
  seconds: number;
};

export function fill(template: string, n: number, run: string, since: number): string {
  return template
    .replaceAll('{{n}}', String(n))
    .replaceAll('{{run}}', run)
    .replaceAll('{{iso}}', new Date(since + n).toISOString())
    .replaceAll('{{ip}}', `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
}

async function main(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  if (url.hostname !== '127.0.0.1') throw new Error('load only ever targets 127.0.0.1');
  const run = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const since = Date.now();
  let n = 0;
  const headers = JSON.stringify(options.headers);
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: options.method,
        headers: options.headers,
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.unique
          ? {
              setupRequest: (request) => {
                const k = n++;
                request.headers = JSON.parse(fill(headers, k, run, since));
                if (options.body !== undefined) request.body = fill(options.body, k, run, since);
                return request;
              },
            }
          : {}),
      },
    ],
    ...(options.expect ? { verifyBody: (body: string) => body.includes(options.expect as string) } : {}),
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = (stat as { count: number }).count;
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    statusCodes,
    seconds: result.duration,
  };
}

/** Runs one load in its own process and answers autocannon's figures. */
/**
 * Runs `script` (a module that prints one JSON line for the options it is given) in a process of its
 * own, so the load it makes does not share this process's CPU with the figures; bounded in time by
 * the load's own duration plus start-up and slack.
 */
export function runInChild<T>(script: string, options: { seconds: number }): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), (options.seconds + 60) * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`${script} failed (${code}): ${out}`));
      else resolve(JSON.parse(line) as T);
    });
  });
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return runInChild(fileURLToPath(import.meta.url), options);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(JSON.parse(process.argv[2] ?? '{}') as LoadOptions).then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
