import type { Insertable } from 'kysely';
import {
  LookupType,
  OrganizationType,
  TRIAL_ASSESSMENT_CODE,
  UserGroup,
  UserStatus,
} from '../../domain/codes.js';
import type { Answer } from '../../domain/rules/answers.js';
import type { Actor } from '../../server/auth/guard.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { auditIn } from '../../server/commands/audited.js';
import { generateBenchmark } from '../../server/commands/generateBenchmark.js';
import { nowIso } from '../../server/db/clock.js';
import type { Db, Executor } from '../../server/db/database.js';
import type { ActionsTable } from '../../server/db/schema.js';
import { assessmentInvitesRepository } from '../../server/repositories/assessmentInvites.js';
import { assessmentsRepository } from '../../server/repositories/assessments.js';
import { demographicsRepository } from '../../server/repositories/demographics.js';
import { lookupsRepository } from '../../server/repositories/lookups.js';
import { organizationDetails } from '../../server/repositories/organizationDetails.js';
import { organizationsRepository } from '../../server/repositories/organizations.js';
import { progressRoundsRepository } from '../../server/repositories/progressRounds.js';
import { resultsRepository } from '../../server/repositories/results.js';
import { shareLinksRepository, shareTokenHash } from '../../server/repositories/shareLinks.js';
import { usersRepository } from '../../server/repositories/users.js';
import { seedDatabase } from '../../server/seed/seedDatabase.js';
import type { SeedParams } from './params.js';

// The large dataset, written the way the product writes it: organizations, roadmaps, demographics,
// users, invites, results with their answers and the audit trail through server/repositories, and the
// benchmarks through the product's own command (server/commands/generateBenchmark). One password
// hash serves every user (argon2 50,000 times would take an hour); manufacturers are written a batch
// per transaction.

export const BENCH_PASSWORD = 'Bench#Pass2024';
export const ADMIN_USER_NAME = 'admin';
/** A consultant of the first firm: the portfolio of its own clients (docs/product.md#insights-portfolio). */
export const CONSULTANT_USER_NAME = 'firm0000-consultant0';
/** The champion whose trial submissions load assessmentresult/add. */
export const CHAMPION_USER_NAME = 'mfr0001-champion';

/** What a run needs to know of the seeded data. */
export type SeedManifest = {
  hash: string;
  params: SeedParams;
  seedSeconds: number;
  adminUserName: string;
  championUserName: string;
  consultantUserName: string;
  password: string;
  reportOrganizationId: number;
  /** Ids for the getbyid point reads: a manufacturer in the middle of the list, its champion, and a result of it. */
  sample: { organizationId: number; userId: number; resultId: number; resultCode: string };
  counts: Record<string, number>;
};

const BATCH = 20;

const FIRST = `
  James Maria Robert Linda Michael Patricia David Jennifer William Elena Richard Susan Joseph Jessica
  Thomas Sarah Carlos Karen Daniel Nancy Priya Ahmed Mei Kwame Olga Hiroshi Fatima Lars Ana Tomasz
`
  .trim()
  .split(/\s+/);
const LAST = `
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Wilson
  Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez
  Lewis Robinson Walker Young Allen O'Brien Kowalski Nguyen Raman Okafor Schmidt Rossi Dubois
`
  .trim()
  .split(/\s+/);
const MAKER_A = 'Ridgeline|Harbor|Summit|Keystone|Lakeshore|Iron|Prairie|Cascade'.split('|');
const MAKER_B = 'Precision|Plastics|Foods|Metals|Machining|Castings|Electronics'.split('|');
const MAKER_C = 'Components|Works|Industries|Manufacturing, Inc.|Fabrication|& Sons'.split('|');

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const pad = (n: number) => String(n).padStart(4, '0');
const personName = (n: number) =>
  `${FIRST[n % FIRST.length]} ${LAST[(n * 7 + Math.floor(n / 30)) % LAST.length]}`;

/** Runs `work` over `items` with at most `width` at a time (PostgreSQL writes on several connections). */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, width) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

type Context = Awaited<ReturnType<typeof contextOf>>;
type WithFirms = Context & { firmIds: number[] };

async function contextOf(db: Db, params: SeedParams) {
  const lookups = await lookupsRepository.allActive(db);
  const ofType = (type: number, organizationType?: number) =>
    lookups.filter(
      (l) =>
        l.lookupType === type &&
        (organizationType === undefined ||
          l.organizationType === organizationType ||
          l.organizationType == null),
    );
  const byCode = (type: number, code: string) => {
    const item = lookups.find((l) => l.lookupType === type && l.code === code);
    if (!item) throw new Error(`no lookup ${type}/${code}`);
    return item.id;
  };
  const assessments = Object.fromEntries(
    (await db.selectFrom('assessments').select(['id', 'code']).execute()).map((a) => [a.code, a.id]),
  ) as Record<string, number>;
  const current = assessments['current-state'];
  const future = assessments['future-state'];
  if (!current || !future || !assessments[TRIAL_ASSESSMENT_CODE]) throw new Error('assessments missing');
  const content = await assessmentsRepository.content(db, current);
  const scored = new Map<number, number[]>();
  for (const c of content.choices)
    if (c.scoreValue !== null) scored.set(c.questionId, [...(scored.get(c.questionId) ?? []), c.id]);
  const admin = await usersRepository.findByUserName(db, ADMIN_USER_NAME);
  if (!admin) throw new Error('the first administrator is missing');
  const actor: Actor = {
    userId: admin.id,
    userName: admin.userName,
    role: 'admin',
    group: UserGroup.Admin,
    organizationId: admin.organizationId,
    requireChangePassword: false,
  };
  return {
    params,
    actor,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    assessments: { current, future },
    questions: content.questions.map((q) => q.id),
    scored,
    businessTypes: {
      manufacturer: ofType(LookupType.BusinessType, OrganizationType.Manufacturer).map((l) => l.id),
      consultant: ofType(LookupType.BusinessType, OrganizationType.Consultant).map((l) => l.id),
    },
    states: ofType(LookupType.State).map((l) => l.id),
    roles: ofType(LookupType.FunctionalRole).map((l) => l.id),
    industries: ofType(LookupType.Industry).map((l) => l.id),
    valueChain: ofType(LookupType.ValueChainRole).map((l) => l.id),
    maturity: ofType(LookupType.CompanyMaturity).map((l) => l.id),
    employees: ofType(LookupType.NumberOfEmployees).map((l) => l.id),
    facilities: ofType(LookupType.NumberOfFacilities).map((l) => l.id),
    regions: ofType(LookupType.HqRegion).map((l) => l.id),
    status: {
      reporting: byCode(LookupType.RoadmapStatus, 'CurrentStateReporting'),
      future: byCode(LookupType.RoadmapStatus, 'FutureState'),
    },
  };
}

const pick = (list: number[], n: number) => list[n % list.length] as number;

/** The answers of one respondent: every question, around a maturity level that differs by manufacturer. */
function answersOf(ctx: Context, level: number, person: number): Answer[] {
  return ctx.questions.map((questionId, i) => {
    const choices = ctx.scored.get(questionId) ?? [];
    const index = Math.max(0, Math.min(choices.length - 1, level - 1 + (((i * 7 + person) % 3) - 1)));
    return { questionId, choiceIds: [choices[index] as number], text: null, otherText: null };
  });
}

type UserPlan = { userName: string; fullName: string; group: number; withResult: boolean };

async function addUser(
  trx: Executor,
  ctx: Context,
  organizationId: number,
  plan: UserPlan,
  n: number,
  extra: Partial<Parameters<typeof usersRepository.insert>[1]> = {},
) {
  const now = nowIso();
  const id = await usersRepository.insert(trx, {
    userName: plan.userName,
    fullName: plan.fullName,
    email: `${plan.userName}@example.com`,
    phoneNumber: n % 3 === 0 ? null : `555-01${String(n % 100).padStart(2, '0')}`,
    userGroup: plan.group,
    organizationId,
    functionalRoleId: plan.group >= UserGroup.ManufacturerChampion ? pick(ctx.roles, n) : null,
    status: plan.group === UserGroup.Visitor ? UserStatus.Visitor : UserStatus.Approved,
    passwordHash: ctx.passwordHash,
    registrationComplete: now,
    lastLogin: n % 4 === 0 ? null : now,
    isActive: 1,
    isSuspended: 0,
    excludeFromReport: 0,
    requireChangePassword: 0,
    tokenVersion: 0,
    createdBy: ctx.actor.userId,
    updatedBy: ctx.actor.userId,
    ...extra,
  });
  await auditIn(trx)({
    actor: ctx.actor.userId,
    action: 'user-added',
    entity: 'user',
    entityId: id,
    details: { organizationId },
  });
  return id;
}

/** One manufacturer as an admin's save and its people's submissions leave it. */
async function addManufacturer(trx: Executor, ctx: WithFirms, m: number, users: UserPlan[]) {
  const firm = m % 3 === 0 ? null : (ctx.firmIds[m % ctx.firmIds.length] ?? null);
  const name = `${MAKER_A[m % MAKER_A.length]} ${MAKER_B[m % MAKER_B.length]} ${MAKER_C[m % MAKER_C.length]} ${pad(m)}`;
  const id = await organizationsRepository.insert(trx, {
    name,
    type: OrganizationType.Manufacturer,
    businessTypeId: pick(ctx.businessTypes.manufacturer, m),
    stateId: pick(ctx.states, m),
    actorId: ctx.actor.userId,
  });
  await trx
    .updateTable('organizations')
    .set({ code: `bench-mfr-${pad(m)}`, consultingFirmId: firm })
    .where('id', '=', id)
    .execute();
  await demographicsRepository.save(trx, id, {
    companyMaturity: { id: pick(ctx.maturity, m) },
    numberOfEmployees: { id: pick(ctx.employees, m) },
    numberOfFacilities: { id: pick(ctx.facilities, m) },
    hqRegion: { id: pick(ctx.regions, m % 7 === 0 ? m : 0) },
    industries: [{ id: pick(ctx.industries, m) }, { id: pick(ctx.industries, m * 3 + 1) }],
    supplyChainRoles: [{ id: pick(ctx.valueChain, m) }],
    otherIndustry: null,
  } as Parameters<typeof demographicsRepository.save>[2]);
  // Ages spread over a quarter, so the portfolio's needs-attention reasons apply to some manufacturers
  // and not others (invites sent, results completed, status last changed).
  const age = (m * 13) % 90;
  await trx
    .updateTable('roadmaps')
    .set({
      statusId: m % 5 === 4 ? ctx.status.future : ctx.status.reporting,
      currentStateAssessmentId: ctx.assessments.current,
      futureStateAssessmentId: ctx.assessments.future,
      statusChangedAt: daysAgo((m * 7) % 120),
    })
    .where('organizationId', '=', id)
    .execute();
  await auditIn(trx)({
    actor: ctx.actor.userId,
    action: 'add',
    entity: 'organization',
    entityId: id,
  });
  // params.shareLinks of the manufacturers, spread evenly, have one shared roadmap link each.
  const links = ctx.params.shareLinks;
  const manufacturers = ctx.params.manufacturers;
  if (Math.floor(((m + 1) * links) / manufacturers) > Math.floor((m * links) / manufacturers))
    await shareLinksRepository.insert(trx, {
      organizationId: id,
      tokenHash: shareTokenHash(`bench-share-${m}`),
      createdAt: daysAgo(age),
      expiresAt: daysAgo(age - 365),
      createdBy: ctx.actor.userId,
    });
  const level = 1 + (m % 4);
  for (const [k, plan] of users.entries()) {
    const userId = await addUser(trx, ctx, id, plan, m * 31 + k);
    const invite = async (assessmentId: number) =>
      assessmentInvitesRepository.insert(trx, {
        respondentId: userId,
        assessmentId,
        organizationId: id,
        consultingFirmId: null,
        excludeFromReport: 0,
        invitedAt: daysAgo(age),
        actorId: ctx.actor.userId,
      });
    const submit = async (assessmentId: number, inviteId: number, answerLevel: number) => {
      const resultId = await resultsRepository.insert(trx, {
        assessmentId,
        respondentId: userId,
        organizationId: id,
        assessmentInviteId: inviteId,
        startDateTime: nowIso(),
        submissionKey: `invite:${inviteId}`,
      });
      await resultsRepository.replaceAnswers(trx, resultId, answersOf(ctx, answerLevel, k));
      await auditIn(trx)({
        actor: userId,
        action: 'submit',
        entity: 'assessment-result',
        entityId: resultId,
      });
    };
    const inviteId = await invite(ctx.assessments.current);
    const futureResult = m === 0 && k < ctx.params.reportFutureResults;
    const futureInvite =
      plan.group === UserGroup.ManufacturerChampion || futureResult
        ? await invite(ctx.assessments.future)
        : null;
    if (plan.withResult) await submit(ctx.assessments.current, inviteId, level);
    if (futureResult && futureInvite !== null)
      await submit(ctx.assessments.future, futureInvite, Math.min(level + 1, 5));
  }
  // Completed a couple of days after the invites went (the product stamps the time of the write).
  await trx
    .updateTable('assessmentResults')
    .set({ completionDateTime: daysAgo(Math.max(0, age - 2)) })
    .where('organizationId', '=', id)
    .execute();
  return id;
}

/** How many people and results each manufacturer gets: the report manufacturer first, the rest spread evenly. */
function manufacturerPlans(params: SeedParams): UserPlan[][] {
  const others = params.manufacturers - 1;
  const people =
    params.users -
    1 -
    params.consultingFirms * params.consultantsPerFirm -
    params.visitors -
    params.reportRespondents;
  const results = params.results - params.reportRespondents;
  if (others < 1 || people < others || results < 0) throw new Error('seed parameters do not add up');
  let person = 0;
  const plans: UserPlan[][] = [];
  for (let m = 0; m < params.manufacturers; m++) {
    const count =
      m === 0 ? params.reportRespondents : Math.floor(people / others) + (m - 1 < people % others ? 1 : 0);
    const withResults = m === 0 ? count : Math.floor(results / others) + (m - 1 < results % others ? 1 : 0);
    plans.push(
      Array.from({ length: count }, (_, k) => ({
        userName: k === 0 ? `mfr${pad(m)}-champion` : `mfr${pad(m)}-user${String(k).padStart(3, '0')}`,
        fullName: personName(person++),
        group: k === 0 ? UserGroup.ManufacturerChampion : UserGroup.Manufacturer,
        withResult: k < withResults,
      })),
    );
  }
  return plans;
}

/**
 * Seeds the whole dataset into a migrated, empty database. `width` transactions run at once
 * (1 on SQLite, whose one connection serialises them anyway; more on PostgreSQL).
 */
export async function seedDataset(
  db: Db,
  params: SeedParams,
  width: number,
  progress: (line: string) => void,
): Promise<Omit<SeedManifest, 'hash' | 'seedSeconds'>> {
  const silent = { info: () => {}, warn: () => {} };
  await seedDatabase(
    db,
    { admin: { userName: ADMIN_USER_NAME, email: 'admin@localhost', password: BENCH_PASSWORD } },
    silent,
  );
  const base = await contextOf(db, params);

  // Consulting firms with their consultants, and the visitors' organization.
  const firmIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let f = 0; f < params.consultingFirms; f++) {
      const id = await organizationsRepository.insert(trx, {
        name: `${MAKER_A[f % MAKER_A.length]} Advanced Manufacturing Partners ${pad(f)}`,
        type: OrganizationType.Consultant,
        businessTypeId: pick(base.businessTypes.consultant, f),
        stateId: pick(base.states, f * 3),
        actorId: base.actor.userId,
      });
      await trx
        .updateTable('organizations')
        .set({ code: `bench-firm-${pad(f)}` })
        .where('id', '=', id)
        .execute();
      firmIds.push(id);
      for (let c = 0; c < params.consultantsPerFirm; c++) {
        const userName = `firm${pad(f)}-consultant${c}`;
        await addUser(
          trx,
          base,
          id,
          { userName, fullName: personName(f * 13 + c), group: UserGroup.Consultant, withResult: false },
          c,
          {
            lastCertificationDate: c % 4 === 0 ? '2020-01-15' : '2025-06-01',
            certificateNumber: `SMR-${f}-${c}`,
          },
        );
      }
    }
    const visitors = await organizationsRepository.insert(trx, {
      name: 'Visitors',
      type: OrganizationType.Visitor,
      businessTypeId: null,
      actorId: base.actor.userId,
    });
    for (let v = 0; v < params.visitors; v++) {
      const userName = `visitor${pad(v)}`;
      await addUser(
        trx,
        base,
        visitors,
        { userName, fullName: personName(v * 11 + 5), group: UserGroup.Visitor, withResult: false },
        v,
      );
    }
  });
  const ctx = { ...base, firmIds };
  progress(`${params.consultingFirms} consulting firms, ${params.visitors} visitors`);

  // A batch of manufacturers per transaction; then their benchmarks, as an admin generates them once
  // a roadmap is in reporting (every manufacturer here is, with results), through the product's command.
  const plans = manufacturerPlans(params);
  const batches = Array.from({ length: Math.ceil(plans.length / BATCH) }, (_, b) => b);
  const ids: number[] = new Array(plans.length);
  let done = 0;
  await inParallel(batches, width, async (b) => {
    const batch: number[] = [];
    await db.transaction().execute(async (trx) => {
      for (let m = b * BATCH; m < Math.min(plans.length, (b + 1) * BATCH); m++) {
        const id = await addManufacturer(trx, ctx, m, plans[m] as UserPlan[]);
        ids[m] = id;
        batch.push(id);
      }
    });
    for (const id of batch) {
      const org = await organizationDetails.findById(db, id);
      if (!org) throw new Error(`manufacturer ${id} missing`);
      const outcome = await generateBenchmark(db, ctx.actor, org);
      if (!outcome.ok) throw new Error(`no benchmark for ${org.name}: ${outcome.message}`);
    }
    done += batch.length;
    if (done % 500 === 0) progress(`${done} manufacturers with their benchmarks`);
  });

  // The report manufacturer's closed progress rounds, through the product's repository, a quarter apart.
  const reportId = ids[0] as number;
  for (let r = 0; r < params.reportRounds; r++)
    await progressRoundsRepository.close(db, reportId, ctx.actor.userId);
  const rounds = await db
    .selectFrom('progressRounds')
    .select('id')
    .where('organizationId', '=', reportId)
    .orderBy('id')
    .execute();
  for (const [r, round] of rounds.entries())
    await db
      .updateTable('progressRounds')
      .set({ closedAt: daysAgo(90 * (rounds.length - 1 - r)) })
      .where('id', '=', round.id)
      .execute();

  await addActions(db, ids, params);
  progress('action plans');

  const sampleOrganizationId = ids[Math.floor(ids.length / 2)] as number;
  const sampleResult = await db
    .selectFrom('assessmentResults as r')
    .innerJoin('assessments as a', 'a.id', 'r.assessmentId')
    .select(['r.id', 'r.respondentId', 'a.code'])
    .where('r.organizationId', '=', sampleOrganizationId)
    .orderBy('r.id')
    .executeTakeFirstOrThrow();
  const sample = {
    organizationId: sampleOrganizationId,
    userId: sampleResult.respondentId,
    resultId: sampleResult.id,
    resultCode: sampleResult.code,
  };

  const count = async (
    table:
      | 'organizations'
      | 'users'
      | 'assessmentResults'
      | 'answers'
      | 'assessmentInvites'
      | 'benchmarks'
      | 'auditLog'
      | 'shareLinks'
      | 'actions',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = {
    organizations: await count('organizations'),
    users: await count('users'),
    invites: await count('assessmentInvites'),
    results: await count('assessmentResults'),
    answers: await count('answers'),
    benchmarks: await count('benchmarks'),
    auditRows: await count('auditLog'),
    shareLinks: await count('shareLinks'),
    actions: await count('actions'),
    questionsPerResult: ctx.questions.length,
  };
  if (counts.users !== params.users) throw new Error(`seeded ${counts.users} users, not ${params.users}`);
  const results = params.results + params.reportFutureResults;
  if (counts.results !== results) throw new Error(`seeded ${counts.results} results, not ${results}`);
  return {
    params,
    adminUserName: ADMIN_USER_NAME,
    championUserName: CHAMPION_USER_NAME,
    consultantUserName: CONSULTANT_USER_NAME,
    password: BENCH_PASSWORD,
    reportOrganizationId: reportId,
    sample,
    counts,
  };
}

/**
 * Every manufacturer's action plan: a few actions each, the report manufacturer's many, against its
 * current-state sections, owned by its people in turn, every status, due dates from two months ago to
 * four months ahead (some overdue), Done ones completed between its progress rounds.
 */
async function addActions(db: Db, ids: readonly number[], params: SeedParams) {
  const sections = await db
    .selectFrom('assessmentSections as s')
    .innerJoin('assessments as a', 'a.id', 's.assessmentId')
    .select('s.sectionId')
    .where('a.code', '=', 'current-state')
    .orderBy('s.sectionId')
    .execute();
  const statuses = ['NotStarted', 'InProgress', 'Done', 'Deferred', 'WontDo', 'InProgress', 'NotStarted'];
  const day = (offset: number) => daysAgo(-offset).slice(0, 10);
  const rows: Insertable<ActionsTable>[] = [];
  for (const [m, organizationId] of ids.entries()) {
    const owners = await db
      .selectFrom('users')
      .select('id')
      .where('organizationId', '=', organizationId)
      .orderBy('id')
      .limit(20)
      .execute();
    const n = m === 0 ? params.reportActions : params.actionsPerManufacturer;
    for (let k = 0; k < n; k++) {
      const status = statuses[(k + m) % statuses.length] as string;
      const now = daysAgo(k % 90);
      rows.push({
        organizationId,
        sectionId: (sections[(k + m) % sections.length] as { sectionId: number }).sectionId,
        title: `Action ${k + 1}: ${MAKER_B[(k + m) % MAKER_B.length]} improvement step`,
        description: k % 3 === 0 ? 'Plan the work with the line leads, then report back.' : '',
        ownerId: k % 4 === 3 ? null : (owners[k % Math.max(1, owners.length)]?.id ?? null),
        dueOn: k % 5 === 4 ? null : day(((k * 7) % 180) - 60),
        status,
        rationale: status === 'Deferred' || status === 'WontDo' ? 'Budget moved to next year.' : '',
        createdAt: now,
        updatedAt: now,
        completedAt: status === 'Done' ? daysAgo(45 + (k % 30)) : null,
        createdBy: null,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('actions')
      .values(rows.slice(i, i + 500))
      .execute();
}
