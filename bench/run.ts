// `npm run bench` (first half): the product under load from outside, over a large dataset, beside a
// bare Fastify baseline serving the same bytes; the big downloads; start-up time. SQLite always,
// PostgreSQL too when BENCH_DATABASE_URL is set. Load only ever targets 127.0.0.1 and is bounded in
// time (BENCH_SECONDS per endpoint, BENCH_CONNECTIONS connections). Results: a table on the console
// and bench/results/latest.json. Exits non-zero when an endpoint answered anything but success.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Baseline, type CapturedResponse, startBaseline } from './baselineServer.js';
import { type RunningServer, root, rssMiB, type ServerData, startServer } from './benchServer.js';
import { type Endpoint, endpoints, login } from './endpoints.js';
import { measureExports } from './exports.js';
import { measureInsights } from './insights.js';
import { fill, type LoadOptions, runLoad } from './load.js';
import {
  type DatabaseFigures,
  type EndpointFigures,
  endpointVerdict,
  failureLines,
  failures,
  machine,
  printDatabase,
  type RunFigures,
  writeResults,
} from './report.js';
import type { SeedManifest } from './seed/dataset.js';
import { seedParams } from './seed/params.js';
import { postgresSeed, resetPostgresRun, serverUrl } from './seed/postgresCache.js';
import { sqliteDataDir, sqliteSeed } from './seed/sqliteCache.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const STARTS = 3;

const started = performance.now();

/**
 * `npm start` first builds what is stale (the web app, the server bundle); do that before each timed
 * start, so no start-up figure includes a build (others may edit the sources while the bench runs).
 */
function buildIfStale() {
  for (const script of ['scripts/webBuild.mjs', 'scripts/serverBuild.mjs'])
    if (fs.existsSync(path.join(root, script)))
      execFileSync(process.execPath, [path.join(root, script)], { stdio: 'inherit' });
}
const log = (line: string) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

/** One answer of the product per endpoint, byte for byte, for the baseline to repeat. */
async function capture(base: string, e: Endpoint): Promise<CapturedResponse> {
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

function loadOptions(base: string, e: Endpoint): LoadOptions {
  return {
    url: `${base}${e.path}`,
    method: e.method,
    headers: e.headers,
    ...(e.body === undefined ? {} : { body: e.body }),
    connections: CONNECTIONS,
    seconds: SECONDS,
    ...(e.unique ? { unique: true } : {}),
    ...(e.expect ? { expect: e.expect } : {}),
  };
}

async function loadAll(
  server: RunningServer,
  baseline: Baseline,
  list: Endpoint[],
): Promise<EndpointFigures[]> {
  const figures: EndpointFigures[] = [];
  for (const e of list) {
    const product = await runLoad(loadOptions(server.base, e));
    const base = await runLoad(loadOptions(baseline.base, e));
    const ratio = base.rps > 0 ? Math.round((product.rps / base.rps) * 1000) / 1000 : 0;
    const verdict = endpointVerdict(e.target, product, ratio);
    log(
      `${e.name}: ${product.rps} req/s (p50 ${product.p50} ms, p99 ${product.p99} ms); baseline ${base.rps} req/s; ${ratio}x` +
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
  const runsMs: number[] = [];
  let server: RunningServer | undefined;
  for (let i = 0; i < STARTS; i++) {
    buildIfStale();
    server = await startServer(data);
    runsMs.push(Math.round(server.startupMs));
    if (i < STARTS - 1) await server.stop();
  }
  log(`${database}: start-up ${runsMs.join(', ')} ms`);
  const running = server as RunningServer;
  let baseline: Baseline | undefined;
  let finished = false;
  try {
    const idleRssMiB = rssMiB(running.pid);
    const { list, adminToken } = await endpoints(running.base, seed.manifest);
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
    log(`${database}: load, ${CONNECTIONS} connections, ${SECONDS} s per endpoint, product then baseline`);
    const endpointFigures = await loadAll(running, baseline, list);
    const sorted = [...runsMs].sort((a, b) => a - b);
    finished = true;
    return {
      database,
      seed: {
        hash: seed.manifest.hash,
        built: seed.built,
        seconds: Math.round(seed.seconds * 10) / 10,
        builtInSeconds: seed.manifest.seedSeconds,
        counts: seed.manifest.counts,
      },
      startup: { runsMs, medianMs: sorted[Math.floor(sorted.length / 2)] as number },
      idleRssMiB,
      endpoints: endpointFigures,
      exports: exportFigures,
      insights,
      serverErrors: running.errorLines(),
      serverWarnings: running.warningLines(),
    };
  } finally {
    if (!finished) console.error(`the server's log (errors):\n${running.errorLines().join('\n')}`);
    await baseline?.stop();
    await running.stop();
  }
}

async function main() {
  const databases: DatabaseFigures[] = [];
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

  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const pg = await postgresSeed(url, log);
    log(`PostgreSQL schema ${pg.schema}: ${pg.built ? 'built' : 'cached'} (${pg.seconds.toFixed(1)} s)`);
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

  const run: RunFigures = {
    at: new Date().toISOString(),
    machine: machine(),
    settings: { connections: CONNECTIONS, seconds: SECONDS, params: seedParams },
    databases,
    totalSeconds: Math.round((performance.now() - started) / 1000),
  };
  const file = writeResults(run);
  const m = run.machine;
  console.log(
    `\nSM Roadmap bench, ${run.at}: ${m.cpus} x ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}; ` +
      `autocannon in its own process, ${CONNECTIONS} connections, ${SECONDS} s per endpoint`,
  );
  for (const d of databases) console.log(printDatabase(d));
  console.log(`\nwritten to ${path.relative(root, file)}; ${run.totalSeconds} s in all`);
  const failed = failureLines(run);
  if (failed.length) {
    console.error(`\nFAILED REQUESTS:\n${failed.map((l) => `  ${l}`).join('\n')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
