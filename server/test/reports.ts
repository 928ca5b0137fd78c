import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { LookupType, type RoadmapStatusCode, UserGroup } from '../../domain/codes.js';
import { hashPassword } from '../auth/passwords.js';
import { nowIso } from '../db/clock.js';
import { usersRepository } from '../repositories/users.js';
import { buildOrganizationRow, unique } from './factories.js';
import { api, login, PASSWORD } from './helpers.js';
import { assessmentIds, lookupIds, setRoadmapStatus } from './organizations.js';

// Factories for the report tests: respondents with functional roles, exclusions and answers chosen
// per section, role aliases, and benchmarked peer manufacturers.

export type Respondent = { id: number; userName: string; email: string; fullName: string; token: string };

/** A manufacturer user with a functional role (by code) and invites to both assessments. */
export async function addRespondent(
  app: FastifyInstance,
  organizationId: number,
  options: { fullName: string; role: string; excludeUser?: boolean; excludeInvite?: boolean },
): Promise<Respondent> {
  const db = app.deps.db;
  const userName = unique('resp');
  const email = `${userName}@example.com`;
  const functionalRoleId = await lookupIds(app).byCode(LookupType.FunctionalRole, options.role);
  const id = await usersRepository.insert(db, {
    userName,
    fullName: options.fullName,
    email,
    userGroup: UserGroup.Manufacturer,
    organizationId,
    functionalRoleId,
    status: 2,
    passwordHash: await hashPassword(PASSWORD),
    requireChangePassword: 0,
    registrationComplete: nowIso(),
    isActive: 1,
    excludeFromReport: options.excludeUser ? 1 : 0,
    isSuspended: 0,
    tokenVersion: 0,
  });
  const assessments = await assessmentIds(app);
  const now = nowIso();
  await db
    .insertInto('assessmentInvites')
    .values(
      [assessments.current, assessments.future].map((assessmentId) => ({
        respondentId: id,
        assessmentId,
        organizationId,
        consultingFirmId: null,
        excludeFromReport: options.excludeInvite ? 1 : 0,
        isActive: 1,
        invitedAt: now,
        createdAt: now,
        updatedAt: now,
        createdBy: null,
        updatedBy: null,
      })),
    )
    .execute();
  return { id, userName, email, fullName: options.fullName, token: await login(app, userName, PASSWORD) };
}

/**
 * Answers every question of an assessment and submits it: the choice at `pick(sectionIndex)` (0 scores
 * 1, ... 4 scores 5). Returns the result id.
 */
export async function submitBySection(
  app: FastifyInstance,
  token: string,
  code: 'current-state' | 'future-state',
  pick: (sectionIndex: number) => number,
) {
  const post = (url: string, payload: object) =>
    api(app, { method: 'POST', url: `/api/${url}`, token, payload });
  const criteria = (await post('assessment/bycode', { query: code })).json();
  criteria.sections.forEach((section: { questions: { choices: { selected: boolean }[] }[] }, i: number) => {
    for (const q of section.questions) (q.choices[pick(i)] as { selected: boolean }).selected = true;
  });
  const res = (await post('assessmentresult/add', { assessmentResult: criteria })).json();
  if (!res.isSuccess) throw new Error(`not submitted: ${res.message}`);
  return res.data.id as number;
}

/** Sets an organization's alias for a functional role (blank: the role's own name). */
export async function setAlias(app: FastifyInstance, organizationId: number, role: string, alias: string) {
  const db = app.deps.db;
  const functionalRoleId = await lookupIds(app).byCode(LookupType.FunctionalRole, role);
  await db
    .deleteFrom('functionalRoleAliases')
    .where('organizationId', '=', organizationId)
    .where('functionalRoleId', '=', functionalRoleId)
    .execute();
  await db.insertInto('functionalRoleAliases').values({ organizationId, functionalRoleId, alias }).execute();
}

/**
 * A manufacturer with a generated benchmark whose every section (and overall) scores `value`, in the
 * snapshot shape of domain/schemas/benchmark.ts.
 */
export async function addBenchmarkedPeer(
  app: FastifyInstance,
  value: number,
  options: { excludeFromBenchmark?: boolean } = {},
) {
  const db = app.deps.db;
  const organizationId = await buildOrganizationRow(db, UserGroup.Manufacturer, unique('Peer '));
  if (options.excludeFromBenchmark)
    await db
      .updateTable('organizations')
      .set({ excludeFromBenchmark: 1 })
      .where('id', '=', organizationId)
      .execute();
  const sections = await db
    .selectFrom('sections')
    .select(['code', 'caption'])
    .where('isActive', '=', 1)
    .execute();
  const now = nowIso();
  const data = JSON.stringify({
    respondents: 3,
    excluded: 0,
    overall: value,
    sections: sections.map((s) => ({ code: s.code, caption: s.caption, score: value })),
  });
  const { id: benchmarkId } = await db
    .insertInto('benchmarks')
    .values({ organizationId, data, createdAt: now, updatedAt: now, createdBy: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('roadmaps')
    .values({
      organizationId,
      statusId: await lookupIds(app).byCode(LookupType.RoadmapStatus, 'CurrentStateReporting'),
      benchmarkId,
      currentStateAssessmentId: null,
      futureStateAssessmentId: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return organizationId;
}

/** A bare manufacturer (no users) at a roadmap status, for tests that add their own respondents. */
export async function bareManufacturer(
  app: FastifyInstance,
  status: RoadmapStatusCode,
  consultingFirmId?: number,
) {
  const db = app.deps.db;
  const id = await buildOrganizationRow(db, UserGroup.Manufacturer, unique('Maker '));
  if (consultingFirmId)
    await db.updateTable('organizations').set({ consultingFirmId }).where('id', '=', id).execute();
  const now = nowIso();
  await db
    .insertInto('roadmaps')
    .values({
      organizationId: id,
      statusId: null,
      benchmarkId: null,
      currentStateAssessmentId: null,
      futureStateAssessmentId: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await setRoadmapStatus(app, id, status);
  return id;
}

/** A cell as text, the way a reader sees it: numbers plainly, dates as M/D/YYYY. */
export function cellText(value: unknown): string {
  if (value == null) return '';
  if (value instanceof Date)
    return `${value.getUTCMonth() + 1}/${value.getUTCDate()}/${value.getUTCFullYear()}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export type Workbook = {
  names: string[];
  sheets: Record<string, string[][]>;
  /** The ranges of each sheet's data bars. */
  dataBars: Record<string, string[]>;
};

/** Opens a workbook with exceljs: every sheet's rows as text cells, in order. */
export async function readWorkbook(buffer: Buffer): Promise<Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const result: Workbook = { names: [], sheets: {}, dataBars: {} };
  book.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      rows[row.number - 1] = (row.values as unknown[]).slice(1).map(cellText);
    });
    result.names.push(sheet.name);
    result.sheets[sheet.name] = Array.from(rows, (r) => r ?? []);
    const formats = (sheet as unknown as { conditionalFormattings?: ExcelJS.ConditionalFormattingOptions[] })
      .conditionalFormattings;
    result.dataBars[sheet.name] = (formats ?? [])
      .filter((cf) => cf.rules.some((rule) => rule.type === 'dataBar'))
      .map((cf) => cf.ref);
  });
  return result;
}

/** The value beside a label in a sheet's first column. */
export const factOf = (rows: string[][], label: string) => rows.find((r) => r[0] === label)?.[1];

/** The rows of the table whose header row starts with `first`, up to the next blank row. */
export function tableAfter(rows: string[][], first: string, nth = 0): string[][] {
  let start = -1;
  for (let i = 0, seen = 0; i < rows.length; i++) {
    if (rows[i]?.[0] === first) {
      if (seen === nth) {
        start = i;
        break;
      }
      seen++;
    }
  }
  if (start < 0) return [];
  const out: string[][] = [];
  for (let i = start + 1; i < rows.length && rows[i]?.some((c) => c !== ''); i++)
    out.push(rows[i] as string[]);
  return out;
}
