import { messages } from '../../domain/messages.js';
import { fileAnswer } from '../../domain/schemas/answers.js';
import { benchmarkGeneratedEnvelope } from '../../domain/schemas/benchmark.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import { actorOf } from '../auth/guard.js';
import { generateBenchmark } from '../commands/generateBenchmark.js';
import { attachment } from '../http/attachment.js';
import { fail, notFound, ok } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { benchmarkCsv, benchmarkCsvFileName } from '../reports/benchmarkCsv.js';
import { CSV_TYPE } from '../reports/csv.js';
import { benchmarksRepository } from '../repositories/benchmarks.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import type { Deps } from './deps.js';

const tags = ['benchmarks'];

/** Benchmarks (docs/product.md#calls): generate or update a manufacturer's, and download them all. */
export function benchmarkRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/admin/benchmark/generate/byorg',
    {
      config: { access: ['admin'] },
      schema: {
        summary: "Generate or update a manufacturer's benchmark",
        tags,
        body: idBodySchema,
        response: { 200: benchmarkGeneratedEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await organizationDetails.findById(db, request.body.id);
      if (!row) throw notFound(messages.admin.itemNotFound);
      const outcome = await generateBenchmark(db, actor, row);
      return outcome.ok ? ok(outcome.id, messages.organization.benchmarkGenerated) : fail(outcome.message);
    },
  );

  app.get(
    '/admin/benchmark/download',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'Every benchmark as CSV',
        description:
          'A streamed CSV named SM-Roadmap-Benchmark-{date}.csv: one row per active manufacturer with a benchmark (demographics and scores at generation, no names of people), a column per active practice area of the current-state assessment.',
        tags,
        response: { 200: fileAnswer },
      },
    },
    async (_request, reply) => {
      const sections = await benchmarksRepository.sectionColumns(db);
      const csv = benchmarkCsv(sections, benchmarksRepository.csvBatches(db));
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', attachment(benchmarkCsvFileName(new Date())))
        .send(csv);
    },
  );
}
