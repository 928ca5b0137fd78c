import ExcelJS from 'exceljs';
import { rssMiB } from './benchServer.js';
import type { SeedManifest } from './seed/dataset.js';

// The downloads of docs/decisions.md#operations-bench over the large dataset: the organization report of the report
// manufacturer (every respondent a row), the benchmark CSV (every manufacturer) and the user CSV
// (every user). Each is timed to its last byte while the server's resident memory is sampled every
// 20 ms; growth is the peak over the figure just before the download. Downloads go as a browser's do
// (compressed when the server compresses).

export type ExportFigures = {
  name: string;
  downloads: number;
  /** Median seconds to the last byte. */
  seconds: number;
  maxSeconds: number;
  kilobytes: number;
  /** Rows of the file: CSV lines without the header, or the report's respondents. */
  rows: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
  /** The largest peak-over-before of the downloads. */
  growthMiB: number;
};

type Download = { method: 'GET' | 'POST'; path: string; body?: unknown };

async function download(base: string, pid: number, token: string, d: Download) {
  const before = rssMiB(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 20);
  const started = performance.now();
  try {
    const res = await fetch(`${base}${d.path}`, {
      method: d.method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(d.body === undefined ? {} : { body: JSON.stringify(d.body) }),
    });
    if (!res.ok || !res.body) throw new Error(`${d.path}: HTTP ${res.status} ${await res.text()}`);
    const chunks: Uint8Array[] = [];
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, rssMiB(pid));
    return { seconds, file: Buffer.concat(chunks), before, peak };
  } finally {
    clearInterval(timer);
  }
}

const csvRows = (file: Buffer) => {
  let lines = 0;
  for (const b of file) if (b === 10) lines++;
  return lines - 1;
};

/** A PDF's pages: its page objects (the rows column of the table). */
const pdfPages = (file: Buffer) => (file.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

async function reportRows(file: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  return (book.getWorksheet('Respondents')?.actualRowCount ?? 1) - 1;
}

async function measure(
  name: string,
  runs: number,
  base: string,
  pid: number,
  token: string,
  d: Download,
  rowsOf: (file: Buffer) => number | Promise<number>,
): Promise<ExportFigures> {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await download(base, pid, token, d));
  const times = all.map((a) => a.seconds).sort((a, b) => a - b);
  const first = all[0]!;
  const round = (x: number, k = 100) => Math.round(x * k) / k;
  return {
    name,
    downloads: runs,
    seconds: round(times[Math.floor(times.length / 2)]!),
    maxSeconds: round(times[times.length - 1]!),
    kilobytes: Math.round(first.file.length / 1024),
    rows: await rowsOf(first.file),
    rssBeforeMiB: first.before,
    peakRssMiB: Math.max(...all.map((a) => a.peak)),
    growthMiB: round(Math.max(...all.map((a) => a.peak - a.before)), 10),
  };
}

export async function measureExports(
  base: string,
  pid: number,
  token: string,
  seed: SeedManifest,
): Promise<{
  report: ExportFigures;
  executivePdf: ExportFigures;
  benchmarkCsv: ExportFigures;
  userCsv: ExportFigures;
}> {
  const report = await measure(
    `organization report (${seed.params.reportRespondents} respondents)`,
    3,
    base,
    pid,
    token,
    {
      method: 'POST',
      path: '/api/assessmentresult/report/byorg/download',
      body: { id: seed.reportOrganizationId, assessmentType: 1 },
    },
    reportRows,
  );
  // The executive summary of the same manufacturer (docs/decisions.md#insights-executive-report).
  const executivePdf = await measure(
    `executive summary PDF (${seed.params.reportRespondents} respondents, ${seed.params.reportActions} actions)`,
    3,
    base,
    pid,
    token,
    {
      method: 'POST',
      path: '/api/assessmentresult/report/byorg/pdf',
      body: { id: seed.reportOrganizationId },
    },
    pdfPages,
  );
  const benchmarkCsv = await measure(
    `benchmark CSV (${seed.params.manufacturers} manufacturers)`,
    3,
    base,
    pid,
    token,
    { method: 'GET', path: '/api/admin/benchmark/download' },
    csvRows,
  );
  const userCsv = await measure(
    `user CSV (${seed.params.users} users)`,
    3,
    base,
    pid,
    token,
    { method: 'POST', path: '/api/admin/user/download/all', body: { query: null, skip: null, take: null } },
    csvRows,
  );
  const problems = [
    report.rows < seed.params.reportRespondents && `the report has ${report.rows} respondents`,
    executivePdf.rows < 3 && `the executive summary has ${executivePdf.rows} pages`,
    benchmarkCsv.rows < seed.params.manufacturers && `the benchmark CSV has ${benchmarkCsv.rows} rows`,
    // The list leaves out the caller's own row.
    userCsv.rows < seed.params.users - 1 && `the user CSV has ${userCsv.rows} rows`,
  ].filter(Boolean);
  if (problems.length) throw new Error(`incomplete downloads: ${problems.join('; ')}`);
  return { report, executivePdf, benchmarkCsv, userCsv };
}
