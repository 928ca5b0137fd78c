import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TargetKind } from './endpoints.js';
import type { ExportFigures } from './exports.js';
import type { InsightFigures } from './insights.js';
import type { LoadResult } from './load.js';
import { type ReminderPassFigures, reminderTargets } from './reminderPass.js';
import type { SeedParams } from './seed/params.js';

// What one run found, the targets of docs/decisions.md#operations-bench-targets beside every figure: bench/results/latest.json, a table on
// the console, and the same as Markdown (bench/results/latest.md, or `npx tsx bench/report.ts
// --markdown`) for docs/operations.md. The verdicts are pure functions of the figures (report.test.ts).

export type Database = 'sqlite' | 'postgres';

/** The targets of docs/decisions.md#operations-bench-targets (and the downloads' of docs/decisions.md#operations-bench). */
export const targets = {
  /** Every search and list: requests/s at least this share of the bare baseline's, and p99 under. */
  list: { ratio: 0.05, p99Ms: 50 },
  /** Point reads (profile, lookups, assessment by code, getbyid). */
  point: { ratio: 0.3, p99Ms: 20 },
  /** assessmentresult/add with durable commits, per database. */
  submit: { rps: { sqlite: 500, postgres: 300 } as Record<Database, number>, p99Ms: 200 },
  /** admin/organization/add with 10 users and 20 invites. */
  organization: { rps: 150, p99Ms: 200 },
  /** PostgreSQL's req/s at least SQLite's over this, its p99 at most this times SQLite's. */
  postgresFactor: 2,
  /** Two app processes on one PostgreSQL database: reads' req/s at least this times one process's. */
  twoProcesses: 1.6,
  /** Scaling: every list's p50 under load grows at most this much from the smallest dataset to the largest. */
  scalingP50Growth: 1.5,
  /** Scaling: the server's RSS under load grows at most this much from the smallest dataset to the largest. */
  scalingRssGrowthMiB: 50,
  /** Start-up to a healthy /api/health (SQLite, the largest dataset in the scaling mode). */
  startupMs: 1000,
  reportSeconds: 2,
  csvGrowthMiB: 50,
  /** The executive summary PDF of the report manufacturer (docs/decisions.md#insights-executive-report). */
  pdfSeconds: 1,
  pdfGrowthMiB: 50,
};

/**
 * Latencies under a tenth of a millisecond are read as 0.1 ms: no ratio of zeros, and a loopback call
 * answers in no less. (bench/load.ts measures them to a hundredth of a millisecond.)
 */
const LATENCY_FLOOR_MS = 0.1;
const floored = (ms: number) => Math.max(LATENCY_FLOOR_MS, ms);

export type EndpointFigures = {
  name: string;
  target: TargetKind;
  rps: number;
  p50: number;
  p99: number;
  baselineRps: number;
  /** The product's requests/s over the baseline's. */
  ratio: number;
  non2xx: number;
  /** Every request that did not succeed: non-2xx, refused writes, socket errors, timeouts. */
  failed: number;
  /** Whether the target of docs/decisions.md#operations-bench-targets is met (null: the endpoint has none). */
  met: boolean | null;
  /** The server's largest resident memory while this endpoint was under load. */
  maxRssMiB?: number;
  product: LoadResult;
  baseline: LoadResult;
};

export type DatabaseFigures = {
  database: Database;
  /** seconds: this run's (building, or opening the cache); builtInSeconds: what building it took. */
  seed: {
    hash: string;
    built: boolean;
    seconds: number;
    builtInSeconds: number;
    counts: Record<string, number>;
  };
  startup: { runsMs: number[]; medianMs: number };
  idleRssMiB: number;
  endpoints: EndpointFigures[];
  exports: {
    report: ExportFigures;
    /** Absent in runs before the executive summary. */
    executivePdf?: ExportFigures;
    benchmarkCsv: ExportFigures;
    userCsv: ExportFigures;
  };
  /** The reminder pass over 50,000 pending invites (bench/reminderPass.ts); absent before it. */
  reminderPass?: ReminderPassFigures;
  /** docs/product.md#insights's reads, one request at a time (bench/insights.ts). */
  insights: InsightFigures[];
  /** Lines the server logged at level error or worse, or outside its JSON log, during the run. */
  serverErrors: string[];
  /** Node's process warnings at start (e.g. the token secret kept in the database). */
  serverWarnings: string[];
};

/** One side of the two-process comparison; busyCores: the machine's cores busy over its load. */
type ProcessesLoad = { rps: number; p50: number; p99: number; failed: number; busyCores: number };

/** One read endpoint through the bench's round-robin proxy: one app process behind it, then two. */
export type ProcessesFigures = {
  name: string;
  one: ProcessesLoad;
  two: ProcessesLoad;
  /** two.rps over one.rps. */
  factor: number;
  met: boolean;
};

export type RunFigures = {
  at: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    node: string;
    platform: string;
    /** The 1-minute load average when the run started and when it ended (the machine may be shared). */
    loadAverage?: { start: number; end: number };
  };
  settings: { connections: number; seconds: number; baselineSeconds?: number; params: SeedParams };
  databases: DatabaseFigures[];
  /** Two app processes on one PostgreSQL database against one, read endpoints (when run). */
  processes?: ProcessesFigures[];
  totalSeconds: number;
};

export function machine(): RunFigures['machine'] {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** Requests that did not succeed: non-2xx answers, refused writes, socket errors, timeouts. */
export function failures(e: LoadResult): number {
  return e.non2xx + e.mismatches + e.errors + e.timeouts;
}

/** The target of an endpoint's class on a database, as the tables print it. */
export function targetText(kind: TargetKind, database: Database): string {
  if (kind === 'list' || kind === 'point')
    return `>= ${targets[kind].ratio}x, p99 < ${targets[kind].p99Ms} ms`;
  if (kind === 'submit') return `> ${targets.submit.rps[database]}/s, p99 < ${targets.submit.p99Ms} ms`;
  if (kind === 'organization')
    return `> ${targets.organization.rps}/s, p99 < ${targets.organization.p99Ms} ms`;
  return '-';
}

/** The target that applies to an endpoint on a database, and whether its figures meet it. */
export function endpointVerdict(
  kind: TargetKind,
  database: Database,
  product: LoadResult,
  ratio: number,
): { target: string; met: boolean | null } {
  if (failures(product) > 0) return { target: 'no failures', met: false };
  // No answer came back within the load (all still waiting when it ended): nothing was measured.
  if (product.requests === 0) return { target: 'answers within the load', met: false };
  if (kind === 'list' || kind === 'point') {
    const t = targets[kind];
    return {
      target: `>= ${t.ratio}x, p99 < ${t.p99Ms} ms`,
      met: ratio >= t.ratio && product.p99 < t.p99Ms,
    };
  }
  if (kind === 'submit' || kind === 'organization') {
    const rps = kind === 'submit' ? targets.submit.rps[database] : targets.organization.rps;
    const p99 = targets[kind].p99Ms;
    return { target: `> ${rps}/s, p99 < ${p99} ms`, met: product.rps > rps && product.p99 < p99 };
  }
  return { target: '-', met: null };
}

/** PostgreSQL within a factor of 2 of SQLite: at least half its requests/s, at most twice its p99. */
export function postgresVerdict(
  sqlite: { rps: number; p99: number },
  postgres: { rps: number; p99: number },
): { rpsShare: number; p99Factor: number; met: boolean } {
  const f = targets.postgresFactor;
  // Either database answering nothing within the load: nothing to compare.
  if (sqlite.rps <= 0 || postgres.rps <= 0) return { rpsShare: 0, p99Factor: 0, met: false };
  const rpsShare = sqlite.rps > 0 ? Math.round((postgres.rps / sqlite.rps) * 100) / 100 : 0;
  const p99Factor = Math.round((floored(postgres.p99) / floored(sqlite.p99)) * 100) / 100;
  return { rpsShare, p99Factor, met: postgres.rps * f >= sqlite.rps && p99Factor <= f };
}

/**
 * Two app processes against one: requests/s at least targets.twoProcesses times, and no failures
 * (one process that answered nothing within the load is a failure, not a factor of infinity).
 */
export function processesVerdict(
  one: { rps: number; failed: number },
  two: { rps: number; failed: number },
): { factor: number; met: boolean } {
  const factor = one.rps > 0 ? Math.round((two.rps / one.rps) * 100) / 100 : 0;
  return {
    factor,
    met: one.rps > 0 && one.failed === 0 && two.failed === 0 && two.rps >= targets.twoProcesses * one.rps,
  };
}

/**
 * A list from the smallest dataset to the largest: p50 at most scalingP50Growth times as long. A size
 * at which the list answered nothing within the load (p50 null) fails it.
 */
export function p50GrowthVerdict(p50s: (number | null)[]): { growth: number; met: boolean } {
  if (!p50s.length || p50s.some((p) => p === null)) return { growth: 0, met: false };
  const first = floored(p50s[0] ?? 0);
  const last = floored(p50s[p50s.length - 1] ?? 0);
  const growth = Math.round((last / first) * 100) / 100;
  return { growth, met: growth <= targets.scalingP50Growth };
}

/** Memory under load from the smallest dataset to the largest: at most scalingRssGrowthMiB more. */
export function rssGrowthVerdict(rssMiBs: number[]): { growthMiB: number; met: boolean } {
  const growthMiB = Math.round(((rssMiBs[rssMiBs.length - 1] ?? 0) - (rssMiBs[0] ?? 0)) * 10) / 10;
  return { growthMiB, met: growthMiB <= targets.scalingRssGrowthMiB };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export const mark = (met: boolean | null) => (met === null ? '' : met ? 'ok' : 'MISSED');

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r, i) => {
      const line = r
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join('  ');
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

/** The readable report of one database's figures. */
export function printDatabase(d: DatabaseFigures): string {
  const out: string[] = [];
  out.push(
    `\n=== ${d.database} (dataset ${d.seed.hash}: ${Object.entries(d.seed.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}) ===`,
  );
  out.push(
    table([
      ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'baseline req/s', 'ratio', 'failed', 'RSS MiB', 'target', ''],
      ...d.endpoints.map((e) => {
        const v = endpointVerdict(e.target, d.database, e.product, e.ratio);
        return [
          e.name,
          e.rps.toFixed(0),
          String(e.p50),
          String(e.p99),
          e.baselineRps.toFixed(0),
          `${e.ratio.toFixed(3)}x`,
          String(e.failed),
          e.maxRssMiB === undefined ? '' : e.maxRssMiB.toFixed(0),
          v.target,
          mark(v.met),
        ];
      }),
    ]),
  );
  const x = d.exports;
  const csv = (f: ExportFigures) => [
    f.name,
    `${f.seconds} s`,
    `${f.kilobytes} KB`,
    `+${f.growthMiB} MiB`,
    `< ${targets.csvGrowthMiB} MiB`,
    mark(f.growthMiB < targets.csvGrowthMiB),
  ];
  out.push('');
  out.push(
    table([
      ['download (median of 3)', 'time', 'size', 'server RSS growth', 'target', ''],
      [
        x.report.name,
        `${x.report.seconds} s`,
        `${x.report.kilobytes} KB`,
        `+${x.report.growthMiB} MiB`,
        `< ${targets.reportSeconds} s`,
        mark(x.report.seconds < targets.reportSeconds),
      ],
      ...(x.executivePdf
        ? [
            [
              `${x.executivePdf.name}, ${x.executivePdf.rows} pages`,
              `${x.executivePdf.seconds} s`,
              `${x.executivePdf.kilobytes} KB`,
              `+${x.executivePdf.growthMiB} MiB`,
              `< ${targets.pdfSeconds} s, < ${targets.pdfGrowthMiB} MiB`,
              mark(
                x.executivePdf.seconds < targets.pdfSeconds &&
                  x.executivePdf.growthMiB < targets.pdfGrowthMiB,
              ),
            ],
          ]
        : []),
      csv(x.benchmarkCsv),
      csv(x.userCsv),
    ]),
  );
  const r = d.reminderPass;
  if (r) {
    out.push('');
    out.push(
      `reminder pass over ${r.pendingInvites.toLocaleString('en-US')} pending invites (in the server's loop): ` +
        `${r.sent.toLocaleString('en-US')} reminders in ${r.seconds} s; the pass after it, nothing due: ` +
        `${r.idleSeconds === null ? 'n/a' : `${r.idleSeconds} s`}; auth/profile during it (${r.profile.requests} requests, ` +
        `4 connections): p50 ${r.profile.p50} ms, worst one-second p99 ${r.profile.p99} ms  ` +
        `target < ${reminderTargets.passSeconds} s, p99 < ${reminderTargets.profileP99Ms} ms  ${mark(r.met)}`,
    );
  }
  out.push('');
  out.push(
    table([
      ['insight read (100 in a row)', 'p50 ms', 'p99 ms', 'max ms', 'answer', 'target', ''],
      ...d.insights.map((f) => [
        f.name,
        String(f.p50),
        String(f.p99),
        String(f.maxMs),
        f.size,
        `p99 < ${f.targetMs} ms`,
        mark(f.met),
      ]),
    ]),
  );
  out.push('');
  out.push(
    `start-up to a healthy /api/health (median of 3): ${Math.round(d.startup.medianMs)} ms ` +
      `[${d.startup.runsMs.map((m) => Math.round(m)).join(', ')}]  target < ${targets.startupMs} ms  ` +
      mark(d.startup.medianMs < targets.startupMs),
  );
  out.push(
    `seed: ${d.seed.built ? `built in ${d.seed.seconds.toFixed(1)} s` : `cached (built in ${d.seed.builtInSeconds} s; ${d.seed.seconds.toFixed(1)} s to open)`}; server idle RSS ${d.idleRssMiB} MiB`,
  );
  if (d.serverErrors.length)
    out.push(
      `server logged ${d.serverErrors.length} error line(s); first: ${d.serverErrors[0]?.slice(0, 400)}`,
    );
  return out.join('\n');
}

/** Endpoints that answered anything but success, loudly. */
export function failureLines(run: RunFigures): string[] {
  return run.databases.flatMap((d) =>
    d.endpoints
      .filter((e) => e.failed > 0)
      .map(
        (e) =>
          `${d.database}: ${e.name}: ${e.product.non2xx} non-2xx, ${e.product.mismatches} refused, ` +
          `${e.product.errors} errors, ${e.product.timeouts} timeouts (status codes ${JSON.stringify(e.product.statusCodes)})`,
      ),
  );
}

export function writeResults(run: RunFigures, name = 'latest.json'): string {
  const out = path.resolve(import.meta.dirname, 'results', name);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(run, null, 2)}\n`);
  return out;
}

/** The final table when both databases ran: PostgreSQL within a factor of 2 of SQLite, per endpoint. */
export function printComparison(run: RunFigures): string {
  const sqlite = run.databases.find((d) => d.database === 'sqlite');
  const postgres = run.databases.find((d) => d.database === 'postgres');
  if (!sqlite || !postgres) return '';
  const rows = sqlite.endpoints.flatMap((s) => {
    const p = postgres.endpoints.find((e) => e.name === s.name);
    if (!p || s.target === 'none') return [];
    const v = postgresVerdict(s, p);
    return [
      [
        s.name,
        s.rps.toFixed(0),
        String(s.p99),
        p.rps.toFixed(0),
        String(p.p99),
        `${v.rpsShare.toFixed(2)}x`,
        `${v.p99Factor.toFixed(2)}x`,
        mark(v.met),
      ],
    ];
  });
  return `\n=== PostgreSQL within a factor of ${targets.postgresFactor} of SQLite (req/s >= 1/${targets.postgresFactor}, p99 <= ${targets.postgresFactor}x) ===\n${table(
    [
      ['endpoint', 'SQLite req/s', 'p99 ms', 'PostgreSQL req/s', 'p99 ms', 'req/s share', 'p99 factor', ''],
      ...rows,
    ],
  )}`;
}

/** The two-process table: a row per read endpoint, and every endpoint's req/s summed with its verdict. */
function processesRows(figures: ProcessesFigures[], first: string): string[][] {
  const side = (l: ProcessesLoad) => [l.rps.toFixed(0), String(l.p99), l.busyCores.toFixed(2)];
  const one = figures.reduce((n, f) => n + f.one.rps, 0);
  const two = figures.reduce((n, f) => n + f.two.rps, 0);
  const all = processesVerdict(
    { rps: one, failed: figures.reduce((n, f) => n + f.one.failed, 0) },
    { rps: two, failed: figures.reduce((n, f) => n + f.two.failed, 0) },
  );
  return [
    [
      first,
      '1 process req/s',
      'p99 ms',
      'cores busy',
      '2 processes req/s',
      'p99 ms',
      'cores busy',
      'factor',
      '',
    ],
    ...figures.map((f) => [f.name, ...side(f.one), ...side(f.two), `${f.factor.toFixed(2)}x`, mark(f.met)]),
    [
      'all read endpoints (sum)',
      one.toFixed(0),
      '',
      '',
      two.toFixed(0),
      '',
      '',
      `${all.factor.toFixed(2)}x`,
      mark(all.met),
    ],
  ];
}

/** Two app processes behind the bench's proxy against one, per read endpoint and in all. */
export function printProcesses(figures: ProcessesFigures[]): string {
  if (!figures.length) return '';
  return `\n=== PostgreSQL: two app processes against one, behind the bench's round-robin proxy (target >= ${targets.twoProcesses}x; cores busy: of the machine's ${os.cpus().length}, all processes) ===\n${table(
    processesRows(figures, 'read endpoint'),
  )}`;
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** A Markdown table (GitHub's), for docs/operations.md. */
export function markdownTable(rows: string[][]): string {
  const [head, ...body] = rows;
  if (!head) return '';
  const line = (r: string[]) => `| ${r.map(cell).join(' | ')} |`;
  return [
    line(head),
    `|${head.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

/**
 * The run as Markdown: one row per endpoint with SQLite's and PostgreSQL's req/s, p50, p99 and ratio
 * to the baseline, the target and the verdicts, then the two-process table and the start-ups.
 */
export function markdownRun(run: RunFigures): string {
  const sqlite = run.databases.find((d) => d.database === 'sqlite');
  const postgres = run.databases.find((d) => d.database === 'postgres');
  const names = [...((sqlite ?? postgres)?.endpoints.map((e) => e.name) ?? [])];
  const m = run.machine;
  const out: string[] = [
    `Measured ${run.at}: ${m.cpus} x ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}` +
      (m.loadAverage
        ? `, load average ${m.loadAverage.start} at the start, ${m.loadAverage.end} at the end`
        : '') +
      `; autocannon in its own process, ${run.settings.connections} connections, ${run.settings.seconds} s per endpoint; ` +
      `dataset: ${Object.entries((sqlite ?? postgres)?.seed.counts ?? {})
        .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
        .join(', ')}.`,
    '',
  ];
  const figures = (d: DatabaseFigures | undefined, name: string) => {
    const e = d?.endpoints.find((x) => x.name === name);
    if (!d || !e) return ['', '', '', '', ''];
    return [
      e.rps.toFixed(0),
      String(e.p50),
      String(e.p99),
      `${e.ratio.toFixed(3)}`,
      mark(endpointVerdict(e.target, d.database, e.product, e.ratio).met),
    ];
  };
  if (names.length)
    out.push(
      markdownTable([
        [
          'call',
          'target',
          'SQLite req/s',
          'p50 ms',
          'p99 ms',
          'ratio',
          '',
          'PostgreSQL req/s',
          'p50 ms',
          'p99 ms',
          'ratio',
          '',
          'PG within 2x',
        ],
        ...names.map((name) => {
          const any = (sqlite ?? postgres)?.endpoints.find((e) => e.name === name);
          const s = sqlite?.endpoints.find((e) => e.name === name);
          const p = postgres?.endpoints.find((e) => e.name === name);
          // The target text of both databases (the submission rate differs by database).
          const texts = [sqlite, postgres].flatMap((d) =>
            d && any ? [targetText(any.target, d.database)] : [],
          );
          const target = [...new Set(texts)].join(' / ');
          const within = s && p && s.target !== 'none' ? mark(postgresVerdict(s, p).met) : '';
          return [name, target, ...figures(sqlite, name), ...figures(postgres, name), within];
        }),
      ]),
    );
  if (run.processes?.length) {
    out.push(
      '',
      `Two app processes on one PostgreSQL database against one, behind the bench's round-robin proxy (target >= ${targets.twoProcesses}x):`,
      '',
    );
    out.push(markdownTable(processesRows(run.processes, 'read call')));
  }
  out.push('');
  for (const d of run.databases)
    out.push(
      `- ${d.database}: start-up to healthy ${d.startup.medianMs} ms (median of ${d.startup.runsMs.length}; target < ${targets.startupMs} ms ${mark(d.startup.medianMs < targets.startupMs)}), idle RSS ${d.idleRssMiB} MiB.`,
    );
  return `${out.join('\n')}\n`;
}

export function writeMarkdown(run: RunFigures, name = 'latest.md'): string {
  const out = path.resolve(import.meta.dirname, 'results', name);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, markdownRun(run));
  return out;
}

// `npx tsx bench/report.ts [--markdown] [file.json]`: the last run's tables again, or as Markdown.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const file =
    args.find((a) => !a.startsWith('--')) ?? path.resolve(import.meta.dirname, 'results/latest.json');
  const run = JSON.parse(fs.readFileSync(file, 'utf8')) as RunFigures;
  if (args.includes('--markdown')) console.log(markdownRun(run));
  else {
    for (const d of run.databases) console.log(printDatabase(d));
    console.log(printComparison(run));
    if (run.processes) console.log(printProcesses(run.processes));
  }
}
