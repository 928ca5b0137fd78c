import { z } from 'zod';
import { envelopeOf } from './answers.js';

/**
 * A benchmark record's data (admin/benchmark/generate/byorg): a snapshot of a manufacturer's
 * current-state results when it was made. Older records lack the later fields, so they are optional.
 */
export const benchmarkSnapshotSchema = z.object({
  respondents: z.number().int().min(0),
  /** Completed current-state results left out because they are marked Exclude From Report. */
  excluded: z.number().int().min(0).optional(),
  overall: z.number().nullable(),
  sections: z.array(z.object({ code: z.string(), caption: z.string(), score: z.number().nullable() })),
  /** The manufacturer's demographics at the time, by name. */
  demographics: z
    .object({
      companyMaturity: z.string().nullable(),
      numberOfEmployees: z.string().nullable(),
      numberOfFacilities: z.string().nullable(),
      hqRegion: z.string().nullable(),
      state: z.string().nullable().optional(),
      businessType: z.string().nullable().optional(),
      industries: z.array(z.string()),
      supplyChainRoles: z.array(z.string()),
    })
    .optional(),
});
export type BenchmarkSnapshot = z.infer<typeof benchmarkSnapshotSchema>;

/** The stored JSON as a snapshot, or null when it cannot be read (never a crash for one bad record). */
export function readBenchmarkSnapshot(data: string): BenchmarkSnapshot | null {
  try {
    const parsed = benchmarkSnapshotSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What admin/benchmark/generate/byorg answers: the benchmark record's id, unless refused. */
export const benchmarkGeneratedEnvelope = envelopeOf(z.number().int());
