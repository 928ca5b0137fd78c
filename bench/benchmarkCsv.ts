import fs from 'node:fs';
import path from 'node:path';
import { nowIso, openDatabase } from '../server/db/database.js';
import { rssMiB, withBenchServer } from './benchServer.js';

const ORGANIZATIONS = Number(process.env.BENCH_ORGANIZATIONS ?? 2_000);
const DOWNLOADS = 10;

async function main() {
  await withBenchServer('smr-bench-benchmark-', async ({ base, pid, dataDir, password }) => {
    // Seed through the same data layer, from this process, while the server runs.
    const seedStarted = performance.now();
    const { db, close } = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
    const now = nowIso();
    const run = Date.now().toString(36);
    const sections = await db
      .selectFrom('sections as s')
      .innerJoin('assessmentSections as a', 'a.sectionId', 's.id')
      .innerJoin('assessments as x', 'x.id', 'a.assessmentId')
      .select(['s.code', 's.caption'])
      .where('x.code', '=', 'current-state')
      .execute();
    const organization = (name: string, code: string, type: number, consultingFirmId: number | null) => ({
      name,
      code,
      type,
      consultingFirmId,
      excludeFromBenchmark: 0,
      anonymizeResults: 0,
      isActive: 1,
      createdAt: now,
      updatedAt: now,
    });
    const firms = await db
      .insertInto('organizations')
      .values(
        Array.from({ length: 20 }, (_, n) =>
          organization(`Bench Firm ${n}`, `bench-firm-${run}-${n}`, 2, null),
        ),
      )
      .returning('id')
      .execute();
    const snapshot = (n: number) =>
      JSON.stringify({
        respondents: 3 + (n % 40),
        excluded: n % 3,
        overall: 1 + (n % 40) / 10,
        sections: sections.map((s, k) => ({
          code: s.code,
          caption: s.caption,
          score: 1 + ((n + k) % 40) / 10,
        })),
        demographics: {
          companyMaturity: '10 to 25 years',
          numberOfEmployees: '100 to 249',
          numberOfFacilities: '2 to 5',
          hqRegion: 'North America',
          state: 'Ohio',
          businessType: 'Discrete manufacturer',
          industries: ['Fabricated Metal Product Manufacturing', 'Machinery Manufacturing'],
          supplyChainRoles: ['Tier 1 supplier'],
        },
      });
    for (let start = 0; start < ORGANIZATIONS; start += 250) {
      const count = Math.min(250, ORGANIZATIONS - start);
      const orgs = await db
        .insertInto('organizations')
        .values(
          Array.from({ length: count }, (_, k) => {
            const n = start + k;
            const name = n % 50 === 0 ? `=Bench "Maker", ${n}` : `Bench Maker ${n}`;
            return organization(name, `bench-${run}-${n}`, 3, n % 3 === 0 ? null : firms[n % 20]!.id);
          }),
        )
        .returning('id')
        .execute();
      const benchmarks = await db
        .insertInto('benchmarks')
        .values(
          orgs.map((o, k) => ({
            organizationId: o.id,
            data: snapshot(start + k),
            createdAt: now,
            updatedAt: now,
            createdBy: null,
          })),
        )
        .returning(['id', 'organizationId'])
        .execute();
      await db
        .insertInto('roadmaps')
        .values(
          benchmarks.map((b) => ({
            organizationId: b.organizationId,
            statusId: null,
            benchmarkId: b.id,
            currentStateAssessmentId: null,
            futureStateAssessmentId: null,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
    }
    await close();
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const download = async () => {
      let peak = rssMiB(pid);
      const timer = setInterval(() => {
        peak = Math.max(peak, rssMiB(pid));
      }, 10);
      const started = performance.now();
      const res = await fetch(`${base}/api/admin/benchmark/download`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok || !res.body) throw new Error(`download: HTTP ${res.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      clearInterval(timer);
      return { ms: performance.now() - started, bytes, lines, peak };
    };

    const idleRssMiB = rssMiB(pid);
    const runs = [];
    for (let i = 0; i < DOWNLOADS; i++) runs.push(await download());
    const afterMiB = rssMiB(pid);
    const times = runs.map((r) => r.ms).sort((a, b) => a - b);
    const at = (p: number) =>
      Number(times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1));
    const result = {
      at: new Date().toISOString(),
      node: process.version,
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      organizations: ORGANIZATIONS,
      sections: sections.length,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      downloads: DOWNLOADS,
      firstMs: Number(runs[0]!.ms.toFixed(1)),
      p50Ms: at(0.5),
      maxMs: at(1),
      kilobytes: Math.round(runs[0]!.bytes / 1024),
      lines: runs[0]!.lines,
      serverRssMiB: {
        idleBefore: idleRssMiB,
        peak: Math.max(...runs.map((r) => r.peak)),
        after: afterMiB,
      },
    };
    console.log(JSON.stringify(result, null, 2));
    if (runs[0]!.lines < ORGANIZATIONS + 1)
      throw new Error(`the CSV has ${runs[0]!.lines} lines for ${ORGANIZATIONS} manufacturers`);
    if (result.p50Ms >= 1000) console.warn(`over the 1 s target: ${result.p50Ms} ms a download`);
    const out = path.resolve(import.meta.dirname, 'results/benchmarkCsv.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
