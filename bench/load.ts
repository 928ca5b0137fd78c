import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { nearestRank } from './percentile.js';

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
  /**
   * How many of the machine's cores were busy over the load, on average (all processes: the server,
   * the database, this load generator): near the core count, a figure is the machine's ceiling.
   */
  busyCores: number;
};

/** Response times in milliseconds, as many as come; percentiles to a hundredth of a millisecond. */
class Latencies {
  private values = new Float64Array(1 << 16);
  private count = 0;

  add(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }

  /** The nearest-rank percentile (`p` from 0 to 100), to a hundredth; 0 when nothing was answered. */
  percentile(p: number): number {
    const sorted = this.values.slice(0, this.count).sort();
    return Math.round(nearestRank(sorted, p / 100) * 100) / 100;
  }
}

/** The machine's busy and total CPU time so far (/proc/stat's first line; undefined off Linux). */
function cpuTimes(): { busy: number; total: number } | undefined {
  try {
    const fields = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      ?.trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    if (!fields || fields.length < 5) return undefined;
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

function busyCores(before: ReturnType<typeof cpuTimes>, after: ReturnType<typeof cpuTimes>): number {
  if (!before || !after || after.total <= before.total) return 0;
  const share = (after.busy - before.busy) / (after.total - before.total);
  return Math.round(share * os.cpus().length * 100) / 100;
}

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
  const busyBefore = cpuTimes();
  const instance = autocannon({
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
  // autocannon's own percentiles are whole milliseconds (its histogram's unit), too coarse for calls
  // answered in one or two: every successful answer's time is kept here as it reports it (a float).
  const times = new Latencies();
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
    if (statusCode >= 200 && statusCode < 300) times.add(ms);
  });
  const result = await instance;
  const busy = busyCores(busyBefore, cpuTimes());
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = (stat as { count: number }).count;
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average * 10) / 10,
    p50: times.percentile(50),
    p99: times.percentile(99),
    busyCores: busy,
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
