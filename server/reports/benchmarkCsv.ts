import { stringify } from 'csv-stringify/sync';

export type BenchmarkRow = {
  organization: string;
  consultingFirm: string | null;
  updatedAt: string;
  data: string;
};

type BenchmarkData = {
  respondents: number;
  overall: number | null;
  sections: { code: string; caption: string; score: number | null }[];
};

/** Cells starting with = + - @ would run as formulas in a spreadsheet; a leading quote keeps them text. */
export function neutralize(value: unknown): string {
  const text = value == null ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Download Benchmark CSV (GET admin/benchmark/download): one row per manufacturer's benchmark, with
 * its respondents, overall score and a column per practice area.
 */
export function benchmarkCsv(rows: BenchmarkRow[]): string {
  const parsed = rows.map((r) => ({ ...r, benchmark: JSON.parse(r.data) as BenchmarkData }));
  const sections = new Map<string, string>();
  for (const r of parsed)
    for (const s of r.benchmark.sections) if (!sections.has(s.code)) sections.set(s.code, s.caption);
  const header = [
    'Manufacturer',
    'Consulting Firm',
    'Updated',
    'Respondents',
    'Overall',
    ...sections.values(),
  ];
  const lines = parsed.map((r) => [
    r.organization,
    r.consultingFirm ?? '',
    r.updatedAt.slice(0, 10),
    r.benchmark.respondents,
    r.benchmark.overall ?? '',
    ...[...sections.keys()].map((code) => r.benchmark.sections.find((s) => s.code === code)?.score ?? ''),
  ]);
  return stringify([header, ...lines].map((line) => line.map(neutralize)));
}
