import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TargetKind } from './endpoints.js';
import type { ExportFigures } from './exports.js';
import type { InsightFigures } from './insights.js';
import type { LoadResult } from './load.js';
import type { SeedParams } from './seed/params.js';

// What one run found, the targets of docs/decisions.md#operations-bench beside it: bench/results/latest.json and a table.

export const targets = {
  readRatio: 0.3,
  readP99Ms: 50,
  submitRps: 300,
  reportSeconds: 2,
  csvGrowthMiB: 50,
  startupMs: 2000,
};

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
  /** Whether the target of docs/decisions.md#operations-bench is met (null: the endpoint has none). */
  met: boolean | null;
  product: LoadResult;
  baseline: LoadResult;
};

export type DatabaseFigures = {
  database: 'sqlite' | 'postgres';
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
  exports: { report: ExportFigures; benchmarkCsv: ExportFigures; userCsv: ExportFigures };
  /** docs/product.md#insights's reads, one request at a time (bench/insights.ts). */
  insights: InsightFigures[];
  /** Lines the server logged at level error or worse, or outside its JSON log, during the run. */
  serverErrors: string[];
  /** Node's process warnings at start (e.g. the token secret kept in the database). */
  serverWarnings: string[];
};

export type RunFigures = {
  at: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string };
  settings: { connections: number; seconds: number; params: SeedParams };
  databases: DatabaseFigures[];
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

/** The target that applies to an endpoint, and whether its figures meet it. */
export function endpointVerdict(
  kind: TargetKind,
  product: LoadResult,
  ratio: number,
): { target: string; met: boolean | null } {
  if (failures(product) > 0) return { target: 'no failures', met: false };
  if (kind === 'read')
    return {
      target: `>= ${targets.readRatio}x, p99 < ${targets.readP99Ms} ms`,
      met: ratio >= targets.readRatio && product.p99 < targets.readP99Ms,
    };
  if (kind === 'submit') return { target: `> ${targets.submitRps}/s`, met: product.rps > targets.submitRps };
  return { target: '-', met: null };
}

const mark = (met: boolean | null) => (met === null ? '' : met ? 'ok' : 'MISSED');

function table(rows: string[][]): string {
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
      ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'baseline req/s', 'ratio', 'failed', 'target', ''],
      ...d.endpoints.map((e) => {
        const v = endpointVerdict(e.target, e.product, e.ratio);
        return [
          e.name,
          e.rps.toFixed(0),
          String(e.p50),
          String(e.p99),
          e.baselineRps.toFixed(0),
          `${e.ratio.toFixed(3)}x`,
          String(e.failed),
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
      csv(x.benchmarkCsv),
      csv(x.userCsv),
    ]),
  );
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

export function writeResults(run: RunFigures): string {
  const out = path.resolve(import.meta.dirname, 'results/latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(run, null, 2)}\n`);
  return out;
}
