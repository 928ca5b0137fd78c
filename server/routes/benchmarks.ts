import { messages } from '../../domain/messages.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import { actorOf } from '../auth/guard.js';
import { generateBenchmark } from '../commands/generateBenchmark.js';
import { attachment } from '../http/attachment.js';
import { fail, notFound, ok } from '../http/envelope.js';
import type { Deps, ZodApp } from '../http/types.js';
import { benchmarkCsv } from '../reports/benchmarkCsv.js';
import { organizationDetails } from '../repositories/organizationDetails.js';

const tags = ['benchmarks'];

/** Benchmarks (SPEC.md section 7): generate or update a manufacturer's, and download them all. */
export function benchmarkRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/admin/benchmark/generate/byorg',
    {
      config: { access: ['admin'] },
      schema: { summary: "Generate or update a manufacturer's benchmark", tags, body: idBodySchema },
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
    { config: { access: ['admin'] }, schema: { summary: 'Every benchmark as CSV', tags } },
    async (_request, reply) => {
      const rows = await db
        .selectFrom('benchmarks as b')
        .innerJoin('organizations as o', 'o.id', 'b.organizationId')
        .leftJoin('organizations as cf', 'cf.id', 'o.consultingFirmId')
        .select(['o.name as organization', 'cf.name as consultingFirm', 'b.updatedAt', 'b.data'])
        .where('o.isActive', '=', 1)
        .orderBy('o.name')
        .execute();
      const name = `SM-Roadmap-Benchmark-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(name))
        .send(benchmarkCsv(rows));
    },
  );
}
