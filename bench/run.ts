// `npm run bench` (first half): the product under load from outside, over a large dataset, beside a
// bare Fastify baseline serving the same bytes; the big downloads; start-up time; the targets of docs/decisions.md#operations-bench-targets
// beside every figure. SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set, then a table of
// PostgreSQL against SQLite (within a factor of 2) and the two-process mode: two app processes on one
// PostgreSQL database behind the bench's own round-robin proxy against one (BENCH_PROCESSES=1 skips
// it; `npx tsx bench/run.ts --processes` runs only it). Load only ever targets 127.0.0.1 and is
// bounded in time: BENCH_SECONDS per endpoint (default 8), the baseline BENCH_BASELINE_SECONDS
// (default 3: it serves fixed bytes, its rate settles at once), BENCH_PROCESS_SECONDS per endpoint
// and process count in the two-process mode (default 4), BENCH_CONNECTIONS connections (default 32);
// BENCH_ONLY=<regular expression> loads only the endpoints whose names match. Results: tables on the
// console, bench/results/latest.json and latest.md (Markdown for docs/operations.md). Exits non-zero
// when an endpoint answered anything but success. The scaling mode is bench/scaling.ts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Baseline, CASE_HEADER, type CapturedResponse, startBaseline } from './baselineServer.js';
import {
  type RunningServer,
  root,
  rssMiB,
  type ServerData,
  startServer,
  withPeakRss,
} from './benchServer.js';
import { type Endpoint, endpoints, login } from './endpoints.js';
import { measureExports } from './exports.js';
import { measureInsights } from './insights.js';
import { fill, type LoadOptions, runLoad } from './load.js';
import { startProxy } from './proxy.js';
import { measureReminderPass } from './reminderPass.js';
import {
  type DatabaseFigures,
  type EndpointFigures,
  endpointVerdict,
  failureLines,
  failures,
  machine,
  median,
  type ProcessesFigures,
  printComparison,
  printDatabase,
  printProcesses,
  processesVerdict,
  type RunFigures,
  writeMarkdown,
  writeResults,
} from './report.js';
import type { SeedManifest } from './seed/dataset.js';
import { seedParams } from './seed/params.js';
import { postgresSeed, resetPostgresRun, serverUrl } from './seed/postgresCache.js';
import { sqliteDataDir, sqliteSeed } from './seed/sqliteCache.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? Math.min(SECONDS, 3));
const PROCESS_SECONDS = Number(process.env.BENCH_PROCESS_SECONDS ?? Math.min(SECONDS, 4));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const STARTS = 3;
/** The two-process mode's shared token secret (both processes of one deployment sign alike). */
const SHARED_SECRET = 'bench-two-processes-shared-token-secret-0123456789';

const started = performance.now();

/**
 * `npm start` first builds what is stale (the web app, the server bundle); do that before each timed
 * start, so no start-up figure includes a build (others may edit the sources while the bench runs).
 */
export function buildIfStale() {
  for (const script of ['scripts/webBuild.mjs', 'scripts/serverBuild.mjs'])
    if (fs.existsSync(path.join(root, script)))
      execFileSync(process.execPath, [path.join(root, script)], { stdio: 'inherit' });
}
/**
 * Starts the product STARTS times as `npm start` does, each after building what is stale, and keeps the
 * last one running: the start-up figures, and the server to load.
 */
export async function timedStarts(data: ServerData): Promise<{ runsMs: number[]; running: RunningServer }> {
  const runsMs: number[] = [];
  for (let i = 0; ; i++) {
    buildIfStale();
    const server = await startServer(data);
    runsMs.push(Math.round(server.startupMs));
    if (i === STARTS - 1) return { runsMs, running: server };
    await server.stop();
  }
}
export const log = (line: string) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

/** The endpoints of the run: every one, or those BENCH_ONLY names. */
export const selected = (list: Endpoint[]) => (ONLY ? list.filter((e) => ONLY.test(e.name)) : list);

/** One answer of the product per endpoint, byte for byte, for the baseline to repeat. */
export async function capture(base: string, e: Endpoint): Promise<CapturedResponse> {
  const n = 1 << 22; // far from the load's counters
  const res = await fetch(`${base}${e.path}`, {
    method: e.method,
    // As autocannon asks: no compression.
    headers: {
      ...JSON.parse(fill(JSON.stringify(e.headers), n, 'capture', Date.now())),
      'accept-encoding': 'identity',
    },
    ...(e.body === undefined ? {} : { body: e.unique ? fill(e.body, n, 'capture', Date.now()) : e.body }),
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok || (e.expect && !body.toString('utf8').includes(e.expect)))
    throw new Error(`${e.name}: HTTP ${res.status} ${body.toString('utf8').slice(0, 300)}`);
  if (res.headers.get('content-encoding'))
    throw new Error(`${e.name}: answered compressed without being asked`);
  return {
    method: e.method,
    path: e.path,
    status: res.status,
    contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    body: body.toString('base64'),
  };
}

/**
 * Waits until the server has worked off what the last load left queued: when autocannon stops, up to
 * BENCH_CONNECTIONS requests are still inside the server, and on a slow endpoint they would fall on the
 * next endpoint's figures. One more request of the same endpoint is answered after them (one SQLite
 * connection, PostgreSQL's pool queue: first come, first served).
 */
export async function settle(base: string, e: Endpoint): Promise<void> {
  const n = (1 << 22) + 1;
  await fetch(`${base}${e.path}`, {
    method: e.method,
    headers: JSON.parse(fill(JSON.stringify(e.headers), n, 'settle', Date.now())),
    ...(e.body === undefined ? {} : { body: e.unique ? fill(e.body, n, 'settle', Date.now()) : e.body }),
    signal: AbortSignal.timeout(180_000),
  }).then(
    (res) => res.arrayBuffer(),
    () => undefined,
  );
}

export function loadOptions(base: string, e: Endpoint, seconds = SECONDS): LoadOptions {
  return {
    url: `${base}${e.path}`,
    method: e.method,
    headers: e.headers,
    ...(e.body === undefined ? {} : { body: e.body }),
    connections: CONNECTIONS,
    seconds,
    ...(e.unique ? { unique: true } : {}),
    ...(e.expect ? { expect: e.expect } : {}),
  };
}

async function loadAll(
  database: 'sqlite' | 'postgres',
  server: RunningServer,
  baseline: Baseline,
  list: Endpoint[],
): Promise<EndpointFigures[]> {
  const figures: EndpointFigures[] = [];
  for (const [i, e] of list.entries()) {
    const { result: product, maxRssMiB } = await withPeakRss(server.pid, () =>
      runLoad(loadOptions(server.base, e)),
    );
    await settle(server.base, e);
    // The baseline's answer i is this endpoint's (captured in list order).
    const asBaseline = { ...e, headers: { ...e.headers, [CASE_HEADER]: String(i) } };
    const base = await runLoad(loadOptions(baseline.base, asBaseline, BASELINE_SECONDS));
    const ratio = base.rps > 0 ? Math.round((product.rps / base.rps) * 1000) / 1000 : 0;
    const verdict = endpointVerdict(e.target, database, product, ratio);
    log(
      `${e.name}: ${product.rps} req/s (p50 ${product.p50} ms, p99 ${product.p99} ms); baseline ${base.rps} req/s; ${ratio}x; ` +
        `RSS ${maxRssMiB} MiB; ${verdict.met === null ? 'no target' : verdict.met ? 'ok' : `MISSED (${verdict.target})`}` +
        (failures(product) ? `; ${failures(product)} FAILED ${JSON.stringify(product.statusCodes)}` : ''),
    );
    figures.push({
      name: e.name,
      target: e.target,
      rps: product.rps,
      p50: product.p50,
      p99: product.p99,
      baselineRps: base.rps,
      ratio,
      non2xx: product.non2xx,
      failed: failures(product),
      met: verdict.met,
      maxRssMiB,
      product,
      baseline: base,
    });
  }
  return figures;
}

async function benchDatabase(
  database: 'sqlite' | 'postgres',
  seed: { manifest: SeedManifest; built: boolean; seconds: number },
  data: ServerData,
): Promise<DatabaseFigures> {
  const { runsMs, running } = await timedStarts(data);
  log(`${database}: start-up ${runsMs.join(', ')} ms`);
  let baseline: Baseline | undefined;
  let finished = false;
  try {
    const idleRssMiB = rssMiB(running.pid);
    const { list: all, adminToken } = await endpoints(running.base, seed.manifest);
    const list = selected(all);
    log(`${database}: downloads (report, benchmark CSV, user CSV)`);
    const exportFigures = await measureExports(running.base, running.pid, adminToken, seed.manifest);
    for (const f of Object.values(exportFigures))
      log(`${f.name}: ${f.seconds} s (max ${f.maxSeconds} s), ${f.kilobytes} KB, RSS +${f.growthMiB} MiB`);
    log(`${database}: insight reads (portfolio, role alignment, progress), one at a time`);
    const consultant = await login(running.base, seed.manifest.consultantUserName, seed.manifest.password);
    const insights = await measureInsights(running.base, seed.manifest, { admin: adminToken, consultant });
    for (const f of insights) log(`${f.name}: p50 ${f.p50} ms, p99 ${f.p99} ms (${f.size})`);
    const responses: CapturedResponse[] = [];
    for (const e of list) responses.push(await capture(running.base, e));
    baseline = await startBaseline(responses);
    log(
      `${database}: load, ${CONNECTIONS} connections, ${SECONDS} s per endpoint, product then baseline (${BASELINE_SECONDS} s)`,
    );
    const endpointFigures = await loadAll(database, running, baseline, list);
    finished = true;
    await baseline.stop();
    baseline = undefined;
    await running.stop();
    // A server and database of its own: the pass writes a reminder, an e-mail and an audit row each.
    log(`${database}: reminder pass over 50,000 pending invites, in the server's loop`);
    const reminderPass =
      ONLY && !ONLY.test('reminder pass')
        ? undefined
        : await measureReminderPass(database, process.env.BENCH_DATABASE_URL);
    if (reminderPass)
      log(
        `reminder pass: ${reminderPass.sent} reminders in ${reminderPass.seconds} s (idle pass ${reminderPass.idleSeconds} s); ` +
          `auth/profile p99 ${reminderPass.profile.p99} ms; ${reminderPass.met ? 'ok' : 'MISSED'}`,
      );
    return {
      database,
      seed: {
        hash: seed.manifest.hash,
        built: seed.built,
        seconds: Math.round(seed.seconds * 10) / 10,
        builtInSeconds: seed.manifest.seedSeconds,
        counts: seed.manifest.counts,
      },
      startup: { runsMs, medianMs: median(runsMs) },
      idleRssMiB,
      endpoints: endpointFigures,
      exports: exportFigures,
      insights,
      reminderPass,
      serverErrors: running.errorLines(),
      serverWarnings: running.warningLines(),
    };
  } finally {
    if (!finished) console.error(`the server's log (errors):\n${running.errorLines().join('\n')}`);
    await baseline?.stop();
    await running.stop();
  }
}

/** A few requests straight to each process first, so neither is measured cold. */
async function warm(ports: number[], list: Endpoint[]) {
  for (const port of ports)
    for (const e of list) for (let i = 0; i < 5; i++) await capture(`http://127.0.0.1:${port}`, e);
}

/**
 * The two-process mode: two app processes on one PostgreSQL database (the same environment, the same
 * token secret) behind the bench's round-robin proxy; each read endpoint is loaded through the proxy
 * with one process behind it, then with both, back to back, so noise on the shared machine falls on
 * both figures alike.
 */
async function benchProcesses(url: string, seed: { manifest: SeedManifest; schema: string }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-bench-two-'));
  const data: ServerData = { dataDir, databaseUrl: serverUrl(url, seed.schema), jwtSecret: SHARED_SECRET };
  const servers: RunningServer[] = [];
  const figures: ProcessesFigures[] = [];
  try {
    servers.push(await startServer(data));
    servers.push(await startServer(data));
    const ports = servers.map((s) => Number(new URL(s.base).port));
    const proxy = await startProxy(ports);
    try {
      const { list: all } = await endpoints(proxy.base, seed.manifest);
      const reads = selected(all).filter((e) => e.target === 'list' || e.target === 'point');
      await warm(ports, reads);
      log(
        `two processes: ${reads.length} read endpoints through the proxy, ${PROCESS_SECONDS} s each with one process, then two`,
      );
      for (const e of reads) {
        proxy.setBackends(ports.slice(0, 1));
        const one = await runLoad(loadOptions(proxy.base, e, PROCESS_SECONDS));
        await settle(`http://127.0.0.1:${ports[0]}`, e);
        proxy.setBackends(ports);
        const two = await runLoad(loadOptions(proxy.base, e, PROCESS_SECONDS));
        for (const port of ports) await settle(`http://127.0.0.1:${port}`, e);
        const pick = (r: typeof one) => ({
          rps: r.rps,
          p50: r.p50,
          p99: r.p99,
          failed: failures(r),
          busyCores: r.busyCores,
        });
        const v = processesVerdict(pick(one), pick(two));
        log(
          `${e.name}: 1 process ${one.rps} req/s, 2 processes ${two.rps} req/s; ${v.factor}x ` +
            `(cores busy ${one.busyCores} and ${two.busyCores} of ${os.cpus().length})`,
        );
        figures.push({ name: e.name, one: pick(one), two: pick(two), factor: v.factor, met: v.met });
      }
    } finally {
      await proxy.stop();
    }
    const errors = servers.flatMap((s) => s.errorLines());
    if (errors.length)
      log(`two processes: the servers logged ${errors.length} error line(s); first: ${errors[0]}`);
    return figures;
  } finally {
    for (const s of servers) await s.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await resetPostgresRun(url, seed.schema);
  }
}

async function main() {
  const processesOnly = process.argv.includes('--processes');
  const loadStart = os.loadavg()[0] as number;
  const databases: DatabaseFigures[] = [];
  const url = process.env.BENCH_DATABASE_URL;
  if (processesOnly && !url) throw new Error('--processes needs BENCH_DATABASE_URL (PostgreSQL)');

  if (!processesOnly) {
    const sqlite = await sqliteSeed(log);
    log(
      `SQLite dataset ${sqlite.manifest.hash}: ${sqlite.built ? 'built' : 'cached'} (${sqlite.seconds.toFixed(1)} s)`,
    );
    const dataDir = sqliteDataDir(sqlite.file);
    try {
      databases.push(await benchDatabase('sqlite', sqlite, { dataDir }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  let processes: ProcessesFigures[] | undefined;
  if (url) {
    // BENCH_SCHEMA_PREFIX keeps one checkout's dataset apart from another's running at the same time.
    const pg = await postgresSeed(url, log, { prefix: process.env.BENCH_SCHEMA_PREFIX ?? 'bench' });
    log(`PostgreSQL schema ${pg.schema}: ${pg.built ? 'built' : 'cached'} (${pg.seconds.toFixed(1)} s)`);
    if (!processesOnly) {
      const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-bench-pg-'));
      try {
        databases.push(
          await benchDatabase('postgres', pg, { dataDir: pgDataDir, databaseUrl: serverUrl(url, pg.schema) }),
        );
      } finally {
        fs.rmSync(pgDataDir, { recursive: true, force: true });
        await resetPostgresRun(url, pg.schema);
      }
    }
    if (processesOnly || process.env.BENCH_PROCESSES !== '1') processes = await benchProcesses(url, pg);
  }

  const run: RunFigures = {
    at: new Date().toISOString(),
    machine: { ...machine(), loadAverage: { start: loadStart, end: os.loadavg()[0] as number } },
    settings: {
      connections: CONNECTIONS,
      seconds: SECONDS,
      baselineSeconds: BASELINE_SECONDS,
      params: seedParams,
    },
    databases,
    ...(processes ? { processes } : {}),
    totalSeconds: Math.round((performance.now() - started) / 1000),
  };
  // --processes alone leaves the last full run's latest.json as it is.
  const file = writeResults(run, processesOnly ? 'processes.json' : 'latest.json');
  const markdown = writeMarkdown(run, processesOnly ? 'processes.md' : 'latest.md');
  const m = run.machine;
  console.log(
    `\nSM Roadmap bench, ${run.at}: ${m.cpus} x ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}; ` +
      `load average ${m.loadAverage?.start.toFixed(2)} at the start, ${m.loadAverage?.end.toFixed(2)} at the end; ` +
      `autocannon in its own process, ${CONNECTIONS} connections, ${SECONDS} s per endpoint (baseline ${BASELINE_SECONDS} s)`,
  );
  for (const d of databases) console.log(printDatabase(d));
  console.log(printComparison(run));
  if (processes) console.log(printProcesses(processes));
  console.log(
    `\nwritten to ${path.relative(root, file)} and ${path.relative(root, markdown)}; ${run.totalSeconds} s in all`,
  );
  const failed = failureLines(run);
  if (failed.length) {
    console.error(`\nFAILED REQUESTS:\n${failed.map((l) => `  ${l}`).join('\n')}`);
    process.exitCode = 1;
  }
}

// bench/scaling.ts borrows capture() and loadOptions(): only `tsx bench/run.ts` runs the bench.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename)
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
