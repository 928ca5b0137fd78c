import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Endpoint } from '../endpoints.js';
import { fill, runInChild } from '../load.js';
import { nearestRank } from '../percentile.js';

// One minute (or any span) of the soak's mixed traffic, in a process of its own like bench/load.ts:
// autocannon with several request kinds in rotation on each connection, at a capped overall rate.
// Each kind's answers are checked (status < 400, and the expected text when given) and counted.
// `node --import tsx bench/soak/mix.ts '<json MixOptions>'` prints one JSON line; runMix() reads it.

/** A request kind of the mix: an endpoint as the bench sends it, without the bench's target. */
export type MixRequest = Omit<Endpoint, 'target'>;

export type MixOptions = {
  base: string;
  requests: MixRequest[];
  connections: number;
  /** Requests per second over all connections. */
  rate: number;
  seconds: number;
};

export type KindFigures = {
  answers: number;
  failed: number;
  statusCodes: Record<string, number>;
  /** Latency of this kind's answers in ms (request built and sent to answer read, as the load sees it). */
  p50: number;
  p99: number;
  sample?: string;
};

export type MixResult = {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  kinds: Record<string, KindFigures>;
};

async function main(options: MixOptions): Promise<MixResult> {
  if (new URL(options.base).hostname !== '127.0.0.1') throw new Error('load only ever targets 127.0.0.1');
  const run = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const since = Date.now();
  let n = 0;
  const kinds: Record<string, KindFigures> = {};
  const kindLatencies: [KindFigures, number[]][] = [];
  const requests = options.requests.map((r) => {
    const figures: KindFigures = { answers: 0, failed: 0, statusCodes: {}, p50: 0, p99: 0 };
    kinds[r.name] = figures;
    const latencies: number[] = [];
    kindLatencies.push([figures, latencies]);
    const headers = JSON.stringify(r.headers);
    return {
      method: r.method,
      path: r.path,
      headers: r.headers,
      ...(r.body !== undefined ? { body: r.body } : {}),
      // Every kind: the time its request leaves (a connection sends one at a time), for its own latency.
      setupRequest: (
        request: { headers?: Record<string, string>; body?: string | Buffer },
        context: Record<string, unknown>,
      ) => {
        context.sentAt = performance.now();
        if (r.unique) {
          const k = n++;
          request.headers = JSON.parse(fill(headers, k, run, since));
          if (r.body !== undefined) request.body = fill(r.body, k, run, since);
        }
        return request;
      },
      onResponse: (status: number, body: unknown, context: Record<string, unknown>) => {
        if (typeof context.sentAt === 'number') latencies.push(performance.now() - context.sentAt);
        figures.answers++;
        figures.statusCodes[status] = (figures.statusCodes[status] ?? 0) + 1;
        const text = body === undefined || body === null ? '' : String(body);
        if (status >= 400 || (r.expect !== undefined && !text.includes(r.expect))) {
          figures.failed++;
          figures.sample ??= `HTTP ${status} ${text.slice(0, 300)}`;
        }
      },
    };
  });
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.seconds,
    overallRate: options.rate,
    requests,
  } as Parameters<typeof autocannon>[0]);
  for (const [figures, latencies] of kindLatencies) {
    latencies.sort((a, b) => a - b);
    figures.p50 = Math.round(nearestRank(latencies, 0.5));
    figures.p99 = Math.round(nearestRank(latencies, 0.99));
  }
  const latency = result.latency as Record<string, number>;
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p90: latency.p90 ?? 0,
    p99: result.latency.p99,
    max: latency.max ?? 0,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    kinds,
  };
}

/** Runs the mix once in its own process and answers its figures. */
export function runMix(options: MixOptions): Promise<MixResult> {
  return runInChild(fileURLToPath(import.meta.url), options);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(JSON.parse(process.argv[2] ?? '{}') as MixOptions).then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
