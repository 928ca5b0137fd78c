import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { type Db, nowIso, openDatabase } from '../server/db/database.js';
import { rssMiB, withBenchServer } from './benchServer.js';

const RESPONDENTS = Number(process.env.BENCH_RESPONDENTS ?? 500);
const QUESTIONS = 50;

async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** The manufacturer under test, its respondents and their answers; returns its id. */
async function seed(db: Db): Promise<number> {
  const now = nowIso();
  const run = Date.now().toString(36);
  const lookup = async (lookupType: number, code: string) =>
    (
      await db
        .selectFrom('lookupItems')
        .select('id')
        .where('lookupType', '=', lookupType)
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  const roles = await db.selectFrom('lookupItems').select('id').where('lookupType', '=', 3).execute();
  const reporting = await lookup(13, 'CurrentStateReporting');
  const assessment = await db
    .selectFrom('assessments')
    .select('id')
    .where('code', '=', 'current-state')
    .executeTakeFirstOrThrow();

  // Four more practices in the first section, so that each respondent answers 50 questions.
  const section = await db
    .selectFrom('sections as s')
    .innerJoin('assessmentSections as a', 'a.sectionId', 's.id')
    .select('s.id')
    .where('a.assessmentId', '=', assessment.id)
    .orderBy('s.displayOrder')
    .executeTakeFirstOrThrow();
  const stamp = { createdAt: now, updatedAt: now, createdBy: null, updatedBy: null };
  const present = await db
    .selectFrom('questions as q')
    .innerJoin('assessmentSections as a', 'a.sectionId', 'q.sectionId')
    .select('q.id')
    .where('a.assessmentId', '=', assessment.id)
    .where('q.isActive', '=', 1)
    .execute();
  for (let n = present.length; n < QUESTIONS; n++) {
    const { id: questionId } = await db
      .insertInto('questions')
      .values({
        sectionId: section.id,
        caption: `Bench practice ${n + 1}: how far has this practice spread across the plant?`,
        description: null,
        displayOrder: 100 + n,
        inputType: 2,
        skipScore: 0,
        isRequired: 1,
        includeOtherChoice: 0,
        helpContent: null,
        validator: null,
        isActive: 1,
        ...stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('choices')
      .values(
        [1, 2, 3, 4, 5].map((score) => ({
          questionId,
          caption: `Level ${score}: a description of the practice at this level of maturity`,
          displayOrder: score,
          scoreValue: score,
          isOtherChoice: 0,
          isActive: 1,
          ...stamp,
        })),
      )
      .execute();
  }
  const questions = await db
    .selectFrom('questions as q')
    .innerJoin('assessmentSections as a', 'a.sectionId', 'q.sectionId')
    .select('q.id')
    .where('a.assessmentId', '=', assessment.id)
    .where('q.isActive', '=', 1)
    .execute();
  const choices = await db
    .selectFrom('choices')
    .select(['id', 'questionId', 'scoreValue'])
    .where(
      'questionId',
      'in',
      questions.map((q) => q.id),
    )
    .where('scoreValue', 'is not', null)
    .orderBy('displayOrder')
    .execute();
  const choicesOf = new Map<number, number[]>();
  for (const c of choices) choicesOf.set(c.questionId, [...(choicesOf.get(c.questionId) ?? []), c.id]);

  const organization = async (name: string) => {
    const org = await db
      .insertInto('organizations')
      .values({
        name,
        code: `${name.toLowerCase().replace(/\W+/g, '-')}-${run}`,
        type: 3,
        excludeFromBenchmark: 0,
        anonymizeResults: 0,
        isActive: 1,
        ...stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return org.id;
  };
  const orgId = await organization('Bench Report Manufacturing');
  await db
    .insertInto('roadmaps')
    .values({
      organizationId: orgId,
      statusId: reporting,
      benchmarkId: null,
      currentStateAssessmentId: assessment.id,
      futureStateAssessmentId: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db
    .insertInto('demographics')
    .values({
      organizationId: orgId,
      companyMaturityId: null,
      numberOfEmployeesId: null,
      numberOfFacilitiesId: null,
      hqRegionId: await lookup(7, 'north-america'),
      otherIndustry: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();

  // Six other manufacturers with a benchmark, so the report's peer figures are shown.
  const sectionCodes = await db
    .selectFrom('sections as s')
    .innerJoin('assessmentSections as a', 'a.sectionId', 's.id')
    .select(['s.code', 's.caption'])
    .where('a.assessmentId', '=', assessment.id)
    .execute();
  for (let p = 0; p < 6; p++) {
    const peer = await organization(`Bench Peer ${p + 1}`);
    const data = JSON.stringify({
      respondents: 10,
      overall: 2 + p * 0.3,
      sections: sectionCodes.map((s, i) => ({
        code: s.code,
        caption: s.caption,
        score: 1.5 + ((p + i) % 7) * 0.5,
      })),
    });
    const { id: benchmarkId } = await db
      .insertInto('benchmarks')
      .values({ organizationId: peer, data, createdAt: now, updatedAt: now, createdBy: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('roadmaps')
      .values({
        organizationId: peer,
        statusId: reporting,
        benchmarkId,
        currentStateAssessmentId: assessment.id,
        futureStateAssessmentId: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }

  const users = Array.from({ length: RESPONDENTS }, (_, n) => {
    const userName = `report-${run}-${n}`;
    return {
      userName,
      userNameKey: userName,
      fullName: `Report Person ${n}`,
      email: `${userName}@example.com`,
      userGroup: 4,
      functionalRoleId: roles[n % roles.length]?.id ?? null,
      organizationId: orgId,
      status: 2,
      isActive: 1,
      isSuspended: 0,
      excludeFromReport: 0,
      requireChangePassword: 0,
      tokenVersion: 0,
      ...stamp,
    };
  });
  await inChunks(users, 200, (chunk) => db.insertInto('users').values(chunk).execute());
  const userIds = (
    await db.selectFrom('users').select('id').where('organizationId', '=', orgId).orderBy('id').execute()
  ).map((u) => u.id);
  await inChunks(userIds, 200, (chunk) =>
    db
      .insertInto('assessmentInvites')
      .values(
        chunk.map((respondentId) => ({
          respondentId,
          assessmentId: assessment.id,
          organizationId: orgId,
          consultingFirmId: null,
          excludeFromReport: 0,
          isActive: 1,
          invitedAt: now,
          ...stamp,
        })),
      )
      .execute(),
  );
  const invites = await db
    .selectFrom('assessmentInvites')
    .select(['id', 'respondentId'])
    .where('organizationId', '=', orgId)
    .execute();
  await inChunks(invites, 200, (chunk) =>
    db
      .insertInto('assessmentResults')
      .values(
        chunk.map((i) => ({
          assessmentId: assessment.id,
          respondentId: i.respondentId,
          organizationId: orgId,
          assessmentInviteId: i.id,
          startDateTime: now,
          completionDateTime: now,
          submissionKey: `invite:${i.id}`,
          createdAt: now,
        })),
      )
      .execute(),
  );
  const results = await db
    .selectFrom('assessmentResults')
    .select('id')
    .where('organizationId', '=', orgId)
    .orderBy('id')
    .execute();
  const answers = results.flatMap((r, n) =>
    questions.map((q, k) => {
      const options = choicesOf.get(q.id) ?? [];
      return {
        assessmentResultId: r.id,
        questionId: q.id,
        choiceId: options[(n + k) % options.length] ?? null,
        valueText: null,
        otherText: null,
      };
    }),
  );
  await inChunks(answers, 500, (chunk) => db.insertInto('answers').values(chunk).execute());
  return orgId;
}

async function main() {
  await withBenchServer('smr-bench-report-', async ({ base, pid, dataDir, password }) => {
    const seedStarted = performance.now();
    const { db, close } = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
    const orgId = await seed(db);
    const answers = await db
      .selectFrom('answers as a')
      .innerJoin('assessmentResults as r', 'r.id', 'a.assessmentResultId')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('r.organizationId', '=', orgId)
      .executeTakeFirstOrThrow();
    await close();
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const download = async () => {
      const before = rssMiB(pid);
      let peak = before;
      const timer = setInterval(() => {
        peak = Math.max(peak, rssMiB(pid));
      }, 10);
      const started = performance.now();
      const res = await fetch(`${base}/api/assessmentresult/report/byorg/download`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ id: orgId, assessmentType: 1 }),
      });
      if (!res.ok || !res.body) throw new Error(`download: HTTP ${res.status} ${await res.text()}`);
      const chunks: Uint8Array[] = [];
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(timer);
      peak = Math.max(peak, rssMiB(pid));
      const file = Buffer.concat(chunks);
      const bytes = file.length;
      // The file is a whole workbook with a row per respondent.
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file as unknown as ArrayBuffer);
      const rows = book.getWorksheet('Respondents')?.actualRowCount ?? 0;
      if (rows !== RESPONDENTS + 1) throw new Error(`the Respondents sheet has ${rows} rows`);
      return {
        seconds: Number(seconds.toFixed(2)),
        kilobytes: Math.round(bytes / 1024),
        rssBeforeMiB: before,
        peakRssMiB: peak,
        growthMiB: Math.round((peak - before) * 10) / 10,
      };
    };

    const idleRssMiB = rssMiB(pid);
    const downloads = [await download(), await download(), await download()];
    const result = {
      at: new Date().toISOString(),
      node: process.version,
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      respondents: RESPONDENTS,
      questions: QUESTIONS,
      answersSeeded: Number(answers.n),
      seedSeconds: Number(seedSeconds.toFixed(1)),
      serverRssMiB: { idleBefore: idleRssMiB, afterLast: rssMiB(pid) },
      downloads,
      targets: { seconds: 2, growthMiB: 100 },
      withinTargets: downloads.every((d) => d.seconds < 2 && d.growthMiB < 100),
    };
    console.log(JSON.stringify(result, null, 2));
    const out = path.resolve(import.meta.dirname, 'results/orgReport.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
