// `npm run soak -- --minutes N` (docs/decisions.md#operations-soak, "Soak"): the product, started the way `npm start` starts
// it, under steady mixed traffic of every role for N minutes (default 3, at most 30) after a 30 s
// warm-up, on SQLite (and PostgreSQL too when BENCH_DATABASE_URL is set). Every second the server's
// resident memory is read from /proc. Criteria, each failing the run (exit code 1):
//   - memory flat: the median RSS of the first minute after the warm-up and the median RSS of the last
//     minute differ by at most 10% (|last - first| / first; with --minutes 1 they are the same minute);
//   - 0 error answers: every answer of every kind below 400 and, for writes, a success envelope; no
//     socket errors or timeouts; no error line in the server's log;
//   - p99 stable: the last minute's p99 latency at most 2x the first minute's.
// Load only ever targets 127.0.0.1: --connections (16) connections at --rate (60) requests per second
// in all (autocannon's overallRate: each connection sends its share of a second back to back, then
// waits for the next second), one autocannon process per minute (bench/soak/mix.ts). Figures: a table on the console and
// bench/results/soak.json.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningServer, root, rssMiB, type ServerData, startServer } from './benchServer.js';
import { login, SUCCESS } from './endpoints.js';
import { fill } from './load.js';
import { manufacturerBody } from './organizationBody.js';
import { machine } from './report.js';
import type { SeedManifest } from './seed/dataset.js';
import { sqliteDataDir } from './seed/sqliteCache.js';
import { type MixRequest, type MixResult, runMix } from './soak/mix.js';
import { resetPostgresRun, serverUrl, soakPostgresSeed } from './soak/postgres.js';
import { soakSqliteSeed } from './soak/seed.js';

function option(name: string, fallback: number, min: number, max: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw =
    i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max} (got ${raw})`);
    process.exit(2);
  }
  return value;
}

const MINUTES = option('minutes', 3, 1, 30);
const CONNECTIONS = option('connections', 16, 1, 64);
const RATE = option('rate', 60, 10, 2000);
const WARMUP_SECONDS = 30;
const MAX_RSS_GROWTH = 0.1;
const MAX_P99_RATIO = 2;

const started = performance.now();
const log = (line: string) =>
  console.log(`[soak ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s] ${line}`);

/** As bench/run.ts: build what is stale first, so the start is not a build. */
function buildIfStale() {
  for (const script of ['scripts/webBuild.mjs', 'scripts/serverBuild.mjs'])
    if (fs.existsSync(path.join(root, script)))
      execFileSync(process.execPath, [path.join(root, script)], { stdio: 'inherit' });
}

type Criteria = {
  assessmentId: number;
  sections: { questions: { value: unknown; choices: { id: number; selected: boolean }[] }[] }[];
};

async function getJson<T>(
  base: string,
  method: string,
  p: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The mix: requests of every role (administrator, consultant, champion, manufacturer, visitor, anonymous). */
async function mixRequests(base: string, seed: SeedManifest): Promise<MixRequest[]> {
  const pad = (n: number) => String(n).padStart(4, '0');
  const users = {
    admin: seed.adminUserName,
    consultant: `firm${pad(0)}-consultant0`,
    champion: seed.championUserName,
    manufacturer: seed.championUserName.replace('-champion', '-user001'),
    visitor: `visitor${pad(0)}`,
  };
  const tokens: Record<string, string> = {};
  for (const [role, userName] of Object.entries(users))
    tokens[role] = await login(base, userName, seed.password);
  const as = (role: keyof typeof users) => ({
    'content-type': 'application/json',
    authorization: `Bearer ${tokens[role]}`,
  });
  const admin = tokens.admin as string;
  const lookups = await getJson<Parameters<typeof manufacturerBody>[0]>(
    base,
    'GET',
    '/api/admin/lookup/getall',
    admin,
  );
  const bycode = (query: string, role: keyof typeof users) =>
    getJson<Criteria>(base, 'POST', '/api/assessment/bycode', tokens[role] as string, { query });
  const current = await bycode('current-state', 'admin');
  const future = await bycode('future-state', 'admin');
  const trial = await bycode('trial', 'champion');
  for (const section of trial.sections)
    for (const q of section.questions) {
      const choice = q.choices[2] ?? q.choices[0];
      if (choice) {
        choice.selected = true;
        q.value = choice.id;
      }
    }
  // An organization save as an admin makes it: three new people and their invites.
  const organization = manufacturerBody(
    lookups,
    { current: current.assessmentId, future: future.assessmentId },
    0,
    3,
  );
  organization.organization.name = 'Soak Manufacturer {{run}}-{{n}}';
  for (const [i, user] of organization.users.entries()) {
    user.userName = `soak-{{run}}-{{n}}-${i}`;
    user.fullName = `Soak Person {{n}}-${i}`;
    user.email = `soak-{{run}}-{{n}}-${i}@example.com`;
  }
  const post = (
    name: string,
    p: string,
    role: keyof typeof users,
    body: unknown,
    extra: Partial<MixRequest> = {},
  ) =>
    ({
      name,
      method: 'POST',
      path: p,
      headers: as(role),
      body: JSON.stringify(body),
      ...extra,
    }) as MixRequest;
  const get = (name: string, p: string, role: keyof typeof users) =>
    ({ name, method: 'GET', path: p, headers: as(role) }) as MixRequest;
  const page = { query: '', skip: 0, take: 50 };
  return [
    {
      name: 'anonymous: POST auth/login',
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '{{ip}}' },
      body: JSON.stringify({ userName: users.manufacturer, password: seed.password }),
      unique: true,
      expect: SUCCESS,
    },
    get('admin: GET auth/profile', '/api/auth/profile', 'admin'),
    get('admin: GET admin/lookup/getall', '/api/admin/lookup/getall', 'admin'),
    post("admin: POST admin/user/search ('smith')", '/api/admin/user/search', 'admin', {
      ...page,
      query: 'smith',
    }),
    post('admin: POST admin/organization/search/bytype', '/api/admin/organization/search/bytype', 'admin', {
      ...page,
      type: 3,
    }),
    post('admin: POST admin/assessmentinvite/search', '/api/admin/assessmentinvite/search', 'admin', page),
    post(
      'admin: POST admin/organization/add (3 users)',
      '/api/admin/organization/add',
      'admin',
      organization,
      {
        unique: true,
        expect: SUCCESS,
      },
    ),
    post(
      `admin: POST report/byorg/download (${seed.params.reportRespondents} respondents)`,
      '/api/assessmentresult/report/byorg/download',
      'admin',
      { id: seed.reportOrganizationId, assessmentType: 1 },
    ),
    get('consultant: GET auth/profile', '/api/auth/profile', 'consultant'),
    post('consultant: POST admin/user/search', '/api/admin/user/search', 'consultant', page),
    get('champion: GET auth/profile', '/api/auth/profile', 'champion'),
    post('champion: POST assessment/bycode (current)', '/api/assessment/bycode', 'champion', {
      query: 'current-state',
    }),
    post(
      'champion: POST assessmentresult/add (trial)',
      '/api/assessmentresult/add',
      'champion',
      { assessmentResult: { ...trial, startDateTime: '{{iso}}' } },
      { unique: true, expect: SUCCESS },
    ),
    get('manufacturer: GET auth/profile', '/api/auth/profile', 'manufacturer'),
    post('manufacturer: POST assessment/bycode (current)', '/api/assessment/bycode', 'manufacturer', {
      query: 'current-state',
    }),
    get('visitor: GET auth/profile', '/api/auth/profile', 'visitor'),
    post('visitor: POST assessment/bycode (trial)', '/api/assessment/bycode', 'visitor', { query: 'trial' }),
  ];
}

/** Each kind once before the load: a request the product refuses stops the soak at once, named. */
async function probe(base: string, requests: MixRequest[]) {
  const n = 1 << 22;
  for (const r of requests) {
    const res = await fetch(`${base}${r.path}`, {
      method: r.method,
      headers: JSON.parse(fill(JSON.stringify(r.headers), n, 'probe', Date.now())),
      ...(r.body === undefined ? {} : { body: r.unique ? fill(r.body, n, 'probe', Date.now()) : r.body }),
    });
    const text = await res.text();
    if (!res.ok || (r.expect && !text.includes(r.expect)))
      throw new Error(`${r.name}: HTTP ${res.status} ${text.slice(0, 300)}`);
  }
}

type Sample = { second: number; phase: string; rssMiB: number };

type MinuteFigures = {
  minute: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  failed: number;
  rssMedianMiB: number;
  rssMinMiB: number;
  rssMaxMiB: number;
  /** Each kind's answers and latency this minute. */
  kinds: Record<string, { answers: number; p50: number; p99: number }>;
};

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return 0;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The server's error lines, less those of requests the load itself cut off: autocannon closes its
 * connections when a run's time is up, in the middle of a request (a report download takes a second),
 * and the server logs that request's "Premature close". Such a request (every line of its reqId) is
 * set apart when its premature close falls within 5 s before or 2 s after a run's end; any other
 * error line counts.
 */
function splitAborts(lines: string[], runEnds: number[]) {
  const cut = new Set<string>();
  for (const line of lines) {
    const m = /"time":(\d+),.*"reqId":"([^"]+)".*ERR_STREAM_PREMATURE_CLOSE/.exec(line);
    if (m && runEnds.some((end) => Number(m[1]) > end - 5000 && Number(m[1]) < end + 2000))
      cut.add(m[2] as string);
  }
  const reqOf = (line: string) => /"reqId":"([^"]+)"/.exec(line)?.[1];
  return {
    serverErrors: lines.filter((l) => !cut.has(reqOf(l) ?? '')),
    abortedAtRunEnd: lines.filter((l) => cut.has(reqOf(l) ?? '')),
  };
}

/** Failed answers of one mix run: refused or unchecked answers of any kind, socket errors, timeouts. */
function failedOf(r: MixResult): number {
  return Object.values(r.kinds).reduce((n, k) => n + k.failed, 0) + r.errors + r.timeouts;
}

async function soakDatabase(database: 'sqlite' | 'postgres', seed: SeedManifest, data: ServerData) {
  buildIfStale();
  const server: RunningServer = await startServer(data);
  const samples: Sample[] = [];
  let phase = 'start';
  const t0 = performance.now();
  const sampler = setInterval(() => {
    try {
      samples.push({
        second: Math.round((performance.now() - t0) / 1000),
        phase,
        rssMiB: rssMiB(server.pid),
      });
    } catch {
      // The process is gone: the error lines say so.
    }
  }, 1000);
  try {
    const idleRssMiB = rssMiB(server.pid);
    const requests = await mixRequests(server.base, seed);
    await probe(server.base, requests);
    log(`${database}: ${requests.length} request kinds; warm-up ${WARMUP_SECONDS} s`);
    const mix = { base: server.base, requests, connections: CONNECTIONS, rate: RATE };
    phase = 'warm-up';
    const runEnds: number[] = [];
    const warmup = await runMix({ ...mix, seconds: WARMUP_SECONDS });
    runEnds.push(Date.now());
    const runs: MixResult[] = [];
    const minutes: MinuteFigures[] = [];
    for (let m = 1; m <= MINUTES; m++) {
      phase = `minute ${m}`;
      const r = await runMix({ ...mix, seconds: 60 });
      runEnds.push(Date.now());
      const rss = samples.filter((s) => s.phase === phase).map((s) => s.rssMiB);
      runs.push(r);
      const figures: MinuteFigures = {
        minute: m,
        requests: r.requests,
        rps: r.rps,
        p50: r.p50,
        p90: r.p90,
        p99: r.p99,
        max: r.max,
        failed: failedOf(r),
        rssMedianMiB: round1(median(rss)),
        rssMinMiB: Math.min(...rss),
        rssMaxMiB: Math.max(...rss),
        kinds: Object.fromEntries(
          Object.entries(r.kinds).map(([name, k]) => [name, { answers: k.answers, p50: k.p50, p99: k.p99 }]),
        ),
      };
      minutes.push(figures);
      log(
        `${database} minute ${m}: ${r.requests} requests (${r.rps}/s), p50 ${r.p50} ms, p99 ${r.p99} ms, ` +
          `failed ${figures.failed}, RSS median ${figures.rssMedianMiB} MiB (${figures.rssMinMiB}-${figures.rssMaxMiB})`,
      );
    }
    phase = 'after';
    const first = minutes[0] as MinuteFigures;
    const last = minutes[minutes.length - 1] as MinuteFigures;
    const growth = first.rssMedianMiB > 0 ? (last.rssMedianMiB - first.rssMedianMiB) / first.rssMedianMiB : 0;
    const p99Ratio = first.p99 > 0 ? last.p99 / first.p99 : last.p99 > 0 ? Number.POSITIVE_INFINITY : 1;
    const kinds: Record<
      string,
      { answers: number; failed: number; statusCodes: Record<string, number>; sample?: string }
    > = {};
    for (const r of [warmup, ...runs])
      for (const [name, k] of Object.entries(r.kinds)) {
        kinds[name] ??= { answers: 0, failed: 0, statusCodes: {} };
        const into = kinds[name];
        into.answers += k.answers;
        into.failed += k.failed;
        for (const [code, count] of Object.entries(k.statusCodes))
          into.statusCodes[code] = (into.statusCodes[code] ?? 0) + count;
        if (k.sample && !into.sample) into.sample = k.sample;
      }
    const errorAnswers = failedOf(warmup) + runs.reduce((n, r) => n + failedOf(r), 0);
    const { serverErrors, abortedAtRunEnd } = splitAborts(server.errorLines(), runEnds);
    const criteria = {
      rssFlat: {
        met: Math.abs(growth) <= MAX_RSS_GROWTH,
        growthPercent: round1(growth * 100),
        maxPercent: 10,
      },
      noErrors: {
        met: errorAnswers === 0 && serverErrors.length === 0,
        errorAnswers,
        serverErrorLines: serverErrors.length,
        abortedAtRunEndLines: abortedAtRunEnd.length,
      },
      p99Stable: {
        met: p99Ratio <= MAX_P99_RATIO,
        firstMs: first.p99,
        lastMs: last.p99,
        ratio: round1(p99Ratio * 100) / 100,
        maxRatio: MAX_P99_RATIO,
      },
    };
    return {
      database,
      seed: { hash: seed.hash, params: seed.params, counts: seed.counts },
      idleRssMiB,
      warmup: {
        seconds: WARMUP_SECONDS,
        requests: warmup.requests,
        p99: warmup.p99,
        failed: failedOf(warmup),
      },
      minutes,
      criteria,
      met: criteria.rssFlat.met && criteria.noErrors.met && criteria.p99Stable.met,
      kinds,
      rssSamples: samples,
      serverErrors: serverErrors.slice(0, 50),
      abortedAtRunEnd: abortedAtRunEnd.slice(0, 20),
      serverWarnings: server.warningLines(),
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

type DatabaseSoak = Awaited<ReturnType<typeof soakDatabase>>;

function printDatabase(d: DatabaseSoak): string {
  const lines = [
    `\n${d.database}: dataset ${d.seed.hash} (${d.seed.counts.users} users, ${d.seed.counts.organizations} organizations, ${d.seed.counts.results} results); idle RSS ${d.idleRssMiB} MiB; warm-up ${d.warmup.seconds} s, ${d.warmup.requests} requests`,
    '  minute  requests   req/s  p50 ms  p90 ms  p99 ms  max ms  failed  RSS median (min-max) MiB',
  ];
  for (const m of d.minutes)
    lines.push(
      `  ${String(m.minute).padStart(6)}  ${String(m.requests).padStart(8)}  ${String(m.rps).padStart(6)}  ${String(m.p50).padStart(6)}  ${String(m.p90).padStart(6)}  ${String(m.p99).padStart(6)}  ${String(m.max).padStart(6)}  ${String(m.failed).padStart(6)}  ${m.rssMedianMiB} (${m.rssMinMiB}-${m.rssMaxMiB})`,
    );
  lines.push(`  p99 ms of each kind, minute by minute:`);
  for (const name of Object.keys(d.kinds))
    lines.push(
      `    ${name.padEnd(58)} ${d.minutes.map((m) => String(m.kinds[name]?.p99 ?? '-').padStart(6)).join(' ')}`,
    );
  const c = d.criteria;
  const mark = (met: boolean) => (met ? 'met' : 'FAILED');
  lines.push(
    `  RSS flat (|last-minute median - first-minute median| <= 10%): ${c.rssFlat.growthPercent}% ${mark(c.rssFlat.met)}`,
    `  error answers: ${c.noErrors.errorAnswers}, server error lines: ${c.noErrors.serverErrorLines} ${mark(c.noErrors.met)}` +
      (c.noErrors.abortedAtRunEndLines
        ? ` (not counted: ${c.noErrors.abortedAtRunEndLines} lines of requests the load cut off when a run ended)`
        : ''),
    `  p99 stable (last <= 2x first): ${c.p99Stable.firstMs} ms -> ${c.p99Stable.lastMs} ms (${c.p99Stable.ratio}x) ${mark(c.p99Stable.met)}`,
  );
  for (const [name, k] of Object.entries(d.kinds))
    if (k.failed) lines.push(`  FAILED ${name}: ${k.failed} of ${k.answers}; ${k.sample ?? ''}`);
  return lines.join('\n');
}

async function main() {
  log(`${MINUTES} minute(s) after a ${WARMUP_SECONDS} s warm-up; ${CONNECTIONS} connections, ${RATE} req/s`);
  const databases: DatabaseSoak[] = [];
  const sqlite = await soakSqliteSeed(log);
  log(
    `SQLite dataset ${sqlite.manifest.hash}: ${sqlite.built ? 'built' : 'cached'} (${sqlite.seconds.toFixed(1)} s)`,
  );
  const dataDir = sqliteDataDir(sqlite.file);
  try {
    databases.push(await soakDatabase('sqlite', sqlite.manifest, { dataDir }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const pg = await soakPostgresSeed(url, log);
    log(`PostgreSQL schema ${pg.schema}: ${pg.built ? 'built' : 'cached'} (${pg.seconds.toFixed(1)} s)`);
    const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-soak-pg-'));
    try {
      databases.push(
        await soakDatabase('postgres', pg.manifest, {
          dataDir: pgDataDir,
          databaseUrl: serverUrl(url, pg.schema),
        }),
      );
    } finally {
      fs.rmSync(pgDataDir, { recursive: true, force: true });
      await resetPostgresRun(url, pg.schema);
    }
  }

  const run = {
    at: new Date().toISOString(),
    machine: machine(),
    // The machine may be shared: its load average (1, 5, 15 min) at the end, beside the figures.
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
    settings: {
      minutes: MINUTES,
      warmupSeconds: WARMUP_SECONDS,
      connections: CONNECTIONS,
      ratePerSecond: RATE,
      rssSampleSeconds: 1,
      definitions: {
        rss: 'VmRSS of the server process (/proc/<pid>/status), sampled every second; median over the samples taken while minute 1 ran (after the warm-up) against the median while the last minute ran; flat when they differ by at most 10% of the first',
        errors:
          'answers with status >= 400, writes without a success envelope, socket errors and timeouts, over the warm-up and every minute; plus error lines in the server log',
        p99: "autocannon's p99 latency of each minute's run, all kinds together; stable when the last minute's is at most 2x the first's",
      },
    },
    databases,
    totalSeconds: Math.round((performance.now() - started) / 1000),
  };
  const out = path.join(root, 'bench/results/soak.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(run, null, 2)}\n`);
  const m = run.machine;
  console.log(
    `\nSM Roadmap soak, ${run.at}: ${m.cpus} x ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}; ` +
      `${MINUTES} min after ${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections, ${RATE} req/s; ` +
      `load average ${run.loadAverage.join(', ')}`,
  );
  for (const d of databases) console.log(printDatabase(d));
  console.log(`\nwritten to ${path.relative(root, out)}; ${run.totalSeconds} s in all`);
  if (databases.some((d) => !d.met)) {
    console.error('\nSOAK FAILED: a criterion was not met (see above)');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
