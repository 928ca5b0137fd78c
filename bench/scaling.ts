// `npm run bench:scaling`: the growth targets of docs/decisions.md#operations-bench-targets. The dataset at 5,000, 50,000 and 200,000 users
// (organizations, invites, results and share links in the same proportion: bench/seed/params.ts
// scaledParams), each cached under its own hash; for each size and database, every search and list
// under load (autocannon in its own process, BENCH_CONNECTIONS connections, BENCH_SECONDS each,
// default 5) with the server's resident memory sampled during the load, and start-up to healthy
// (median of 3). Verdicts: each list's p50 grows at most 1.5x from the smallest size to the largest,
// the server's peak RSS under load at most 50 MB, and SQLite starts in under 1 s at the largest size.
// SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set. BENCH_SCALING_USERS=5000,50000 picks
// sizes; BENCH_ONLY=<regular expression> picks endpoints. Results: bench/results/scaling.json and
// scaling.md. Seeding costs (this machine, quiet): SQLite about 75 s and 80 MB at 50,000 users, and
// in proportion at 200,000; PostgreSQL several times longer (see the seed line of each size).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root, rssMiB, type ServerData, withPeakRss } from './benchServer.js';
import { endpoints } from './endpoints.js';
import { runLoad } from './load.js';
import {
  type Database,
  machine,
  mark,
  markdownTable,
  median,
  p50GrowthVerdict,
  rssGrowthVerdict,
  table,
  targets,
} from './report.js';
import { loadOptions, log, selected, settle, timedStarts } from './run.js';
import type { SeedManifest } from './seed/dataset.js';
import { SCALING_USERS, scaledParams } from './seed/params.js';
import { postgresSeed, resetPostgresRun, serverUrl } from './seed/postgresCache.js';
import { sqliteDataDir, sqliteSeed } from './seed/sqliteCache.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SIZES = process.env.BENCH_SCALING_USERS
  ? process.env.BENCH_SCALING_USERS.split(',').map((n) => Number(n.trim()))
  : [...SCALING_USERS];

export type ScalingSize = {
  users: number;
  database: Database;
  counts: Record<string, number>;
  seed: { built: boolean; seconds: number; builtInSeconds: number; diskMiB: number };
  startup: { runsMs: number[]; medianMs: number };
  idleRssMiB: number;
  /** The largest resident memory seen while any list was under load. */
  maxRssMiB: number;
  endpoints: {
    name: string;
    /** Answers within the load; 0 means none came back in time (p50 and p99 then read 0). */
    requests: number;
    rps: number;
    p50: number;
    p99: number;
    failed: number;
    maxRssMiB: number;
  }[];
};

export type ScalingFigures = {
  at: string;
  machine: ReturnType<typeof machine> & { loadAverage: { start: number; end: number } };
  settings: { connections: number; seconds: number; users: number[] };
  sizes: ScalingSize[];
  totalSeconds: number;
};

const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

async function postgresDiskMiB(url: string, schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const row = await client.query(
      `select coalesce(sum(pg_total_relation_size(c.oid)), 0) as bytes from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind in ('r', 'm')`,
      [schema],
    );
    return mib(Number(row.rows[0].bytes));
  } finally {
    await client.end();
  }
}

/** One size on one database: start-ups, then every list under load with the server's memory sampled. */
async function measureSize(
  users: number,
  database: Database,
  seed: { manifest: SeedManifest; built: boolean; seconds: number },
  diskMiB: number,
  data: ServerData,
): Promise<ScalingSize> {
  const { runsMs, running } = await timedStarts(data);
  try {
    log(`${database} ${users} users: start-up ${runsMs.join(', ')} ms`);
    const idleRssMiB = rssMiB(running.pid);
    const lists = selected((await endpoints(running.base, seed.manifest)).list).filter(
      (e) => e.target === 'list',
    );
    const figures: ScalingSize['endpoints'] = [];
    for (const e of lists) {
      const { result, maxRssMiB } = await withPeakRss(running.pid, () =>
        runLoad(loadOptions(running.base, e, SECONDS)),
      );
      await settle(running.base, e);
      const failed = result.non2xx + result.errors + result.timeouts + result.mismatches;
      log(
        `${database} ${users} users, ${e.name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, RSS ${maxRssMiB} MiB` +
          (failed ? `; ${failed} FAILED` : ''),
      );
      figures.push({
        name: e.name,
        requests: result.requests,
        rps: result.rps,
        p50: result.p50,
        p99: result.p99,
        failed,
        maxRssMiB,
      });
    }
    const errors = running.errorLines();
    if (errors.length)
      log(`${database} ${users} users: the server logged ${errors.length} error line(s): ${errors[0]}`);
    return {
      users,
      database,
      counts: seed.manifest.counts,
      seed: {
        built: seed.built,
        seconds: Math.round(seed.seconds * 10) / 10,
        builtInSeconds: seed.manifest.seedSeconds,
        diskMiB,
      },
      startup: { runsMs, medianMs: median(runsMs) },
      idleRssMiB,
      maxRssMiB: Math.max(idleRssMiB, ...figures.map((f) => f.maxRssMiB)),
      endpoints: figures,
    };
  } finally {
    await running.stop();
  }
}

/** The tables of one database: each list's p50 and p99 at every size with its growth, memory, start-up. */
export function scalingRows(sizes: ScalingSize[]): { lists: string[][]; summary: string[][] } {
  const ordered = [...sizes].sort((a, b) => a.users - b.users);
  const names = ordered[0]?.endpoints.map((e) => e.name) ?? [];
  const at = (s: ScalingSize, name: string) => s.endpoints.find((e) => e.name === name);
  const lists = [
    [
      'list',
      ...ordered.map((s) => `p50 ms at ${s.users.toLocaleString('en-US')}`),
      ...ordered.map((s) => `p99 ms at ${s.users.toLocaleString('en-US')}`),
      'p50 growth',
      `target <= ${targets.scalingP50Growth}x`,
    ],
    ...names.map((name) => {
      const figures = ordered.map((s) => at(s, name));
      const answered = (f: (typeof figures)[number]) => f !== undefined && f.requests > 0;
      const v = p50GrowthVerdict(figures.map((f) => (f && answered(f) ? f.p50 : null)));
      const failed = figures.some((f) => !f || f.failed > 0);
      return [
        name,
        ...figures.map((f) => (f && answered(f) ? String(f.p50) : 'no answer')),
        ...figures.map((f) => (f && answered(f) ? String(f.p99) : 'no answer')),
        `${v.growth.toFixed(2)}x`,
        failed ? 'FAILED' : mark(v.met),
      ];
    }),
  ];
  const rss = rssGrowthVerdict(ordered.map((s) => s.maxRssMiB));
  const largest = ordered[ordered.length - 1];
  const summary = [
    ['figure', ...ordered.map((s) => s.users.toLocaleString('en-US')), 'target', ''],
    [
      'server RSS under load, max (MiB)',
      ...ordered.map((s) => s.maxRssMiB.toFixed(0)),
      `growth <= ${targets.scalingRssGrowthMiB} MiB (${rss.growthMiB >= 0 ? '+' : ''}${rss.growthMiB})`,
      mark(rss.met),
    ],
    ['server RSS idle (MiB)', ...ordered.map((s) => s.idleRssMiB.toFixed(0)), '', ''],
    [
      'start-up to healthy, median of 3 (ms)',
      ...ordered.map((s) => String(s.startup.medianMs)),
      largest?.database === 'sqlite' ? `< ${targets.startupMs} ms at the largest` : '',
      largest?.database === 'sqlite' ? mark(largest.startup.medianMs < targets.startupMs) : '',
    ],
    ['seed: built in (s)', ...ordered.map((s) => String(s.seed.builtInSeconds)), '', ''],
    ['seed: on disk (MiB)', ...ordered.map((s) => s.seed.diskMiB.toFixed(0)), '', ''],
  ];
  return { lists, summary };
}

function printScaling(figures: ScalingFigures): { text: string; markdown: string } {
  const text: string[] = [];
  const markdown: string[] = [
    `Measured ${figures.at}: ${figures.machine.cpus} x ${figures.machine.cpuModel}, load average ${figures.machine.loadAverage.start} at the start, ${figures.machine.loadAverage.end} at the end; ${figures.settings.connections} connections, ${figures.settings.seconds} s per list.`,
  ];
  for (const database of ['sqlite', 'postgres'] as const) {
    const sizes = figures.sizes.filter((s) => s.database === database);
    if (!sizes.length) continue;
    const { lists, summary } = scalingRows(sizes);
    text.push(`\n=== scaling, ${database} ===\n${table(lists)}\n\n${table(summary)}`);
    markdown.push('', `${database}:`, '', markdownTable(lists), '', markdownTable(summary));
  }
  return { text: text.join('\n'), markdown: `${markdown.join('\n')}\n` };
}

async function main() {
  const started = performance.now();
  const loadStart = os.loadavg()[0] as number;
  const url = process.env.BENCH_DATABASE_URL;
  const sizes: ScalingSize[] = [];
  for (const users of SIZES) {
    const params = scaledParams(users);
    const sqlite = await sqliteSeed(log, { params });
    log(`SQLite ${users} users: ${sqlite.built ? 'built' : 'cached'} in ${sqlite.seconds.toFixed(1)} s`);
    const dataDir = sqliteDataDir(sqlite.file);
    try {
      sizes.push(await measureSize(users, 'sqlite', sqlite, mib(fs.statSync(sqlite.file).size), { dataDir }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    if (url) {
      const seed = await postgresSeed(url, log, { params });
      log(`PostgreSQL ${users} users: ${seed.built ? 'built' : 'cached'} in ${seed.seconds.toFixed(1)} s`);
      const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-bench-scaling-'));
      try {
        sizes.push(
          await measureSize(users, 'postgres', seed, await postgresDiskMiB(url, seed.schema), {
            dataDir: pgDataDir,
            databaseUrl: serverUrl(url, seed.schema),
          }),
        );
      } finally {
        fs.rmSync(pgDataDir, { recursive: true, force: true });
        await resetPostgresRun(url, seed.schema);
      }
    }
  }
  const figures: ScalingFigures = {
    at: new Date().toISOString(),
    machine: { ...machine(), loadAverage: { start: loadStart, end: os.loadavg()[0] as number } },
    settings: { connections: CONNECTIONS, seconds: SECONDS, users: SIZES },
    sizes,
    totalSeconds: Math.round((performance.now() - started) / 1000),
  };
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'scaling.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const { text, markdown } = printScaling(figures);
  fs.writeFileSync(path.join(dir, 'scaling.md'), markdown);
  console.log(text);
  console.log(`\nwritten to bench/results/scaling.json and scaling.md; ${figures.totalSeconds} s in all`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename)
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
