import { PRODUCT_NAME } from '../../domain/codes.js';
import { readBenchmarkSnapshot } from '../../domain/schemas/benchmark.js';
import type { BenchmarkCsvRow } from '../db/rows.js';
import { csvDate, csvStream, yesNo } from './csv.js';

/** The columns before the practice areas'. No column names a person. */
export const benchmarkCsvHeader = [
  'Manufacturer',
  'Consulting Firm',
  'Updated',
  'Exclude From Benchmark',
  'Company Maturity',
  'Number Of Employees',
  'Number Of Facilities',
  'HQ Region',
  'State',
  'Business Type',
  'Industries',
  'Supply Chain Roles',
  'Respondents',
  'Overall',
] as const;

/** 'SM-Roadmap-Benchmark-{yyyy-mm-dd}.csv' (docs/product.md#calls). */
export const benchmarkCsvFileName = (today: Date) =>
  `${PRODUCT_NAME.replace(/\s+/g, '-')}-Benchmark-${today.toISOString().slice(0, 10)}.csv`;

/**
 * Download Benchmark CSV (GET admin/benchmark/download), streamed: one row per benchmarked manufacturer
 * with its snapshot's demographics, respondents, overall score and a column per practice area. The
 * practice areas are known before the first row (`sections`, in display order); a snapshot's score for
 * a section not among them is not shown. Records made before demographics were kept leave those cells
 * empty rather than borrowing today's; a record that cannot be read leaves every figure empty.
 */
export function benchmarkCsv(
  sections: readonly { code: string; caption: string }[],
  batches: AsyncIterable<BenchmarkCsvRow[]>,
) {
  const list = (names: readonly string[] | undefined) => names?.join('; ') ?? '';
  return csvStream([...benchmarkCsvHeader, ...sections.map((s) => s.caption)], batches, (row) => {
    const snapshot = readBenchmarkSnapshot(row.data);
    const d = snapshot?.demographics;
    const scores = new Map(snapshot?.sections.map((s) => [s.code, s.score]));
    return [
      row.name,
      row.consultingFirm,
      csvDate(row.updatedAt),
      yesNo(row.excludeFromBenchmark),
      d?.companyMaturity,
      d?.numberOfEmployees,
      d?.numberOfFacilities,
      d?.hqRegion,
      d?.state,
      d?.businessType,
      list(d?.industries),
      list(d?.supplyChainRoles),
      snapshot?.respondents,
      snapshot?.overall,
      ...sections.map((s) => scores.get(s.code)),
    ];
  });
}
