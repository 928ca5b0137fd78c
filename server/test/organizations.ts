import type { FastifyInstance } from 'fastify';
import { LookupType, OrganizationType, type RoadmapStatusCode, UserStatus } from '../../domain/codes.js';
import { hashPassword } from '../auth/passwords.js';
import { nowIso } from '../db/clock.js';
import { unique } from './factories.js';
import { api, buildUser, login, PASSWORD } from './helpers.js';

/** Lookup ids by type (and code or organization type), for building organization saves in tests. */
export function lookupIds(app: FastifyInstance) {
  const db = app.deps.db;
  return {
    async first(type: number, organizationType?: number) {
      let q = db
        .selectFrom('lookupItems')
        .select('id')
        .where('lookupType', '=', type)
        .where('isActive', '=', 1);
      if (organizationType !== undefined) q = q.where('organizationType', '=', organizationType);
      return (await q.orderBy('displayOrder').executeTakeFirstOrThrow()).id;
    },
    async byCode(type: number, code: string) {
      return (
        await db
          .selectFrom('lookupItems')
          .select('id')
          .where('lookupType', '=', type)
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).id;
    },
  };
}

export async function assessmentIds(app: FastifyInstance) {
  const rows = await app.deps.db.selectFrom('assessments').select(['id', 'code']).execute();
  const of = (code: string) => rows.find((r) => r.code === code)!.id;
  return { current: of('current-state'), future: of('future-state') };
}

type UserRow = { id: number; fullName: string; userName: string; email?: string; champion?: boolean };

/** A manufacturer's save body: demographics, the users given (new ones with negative ids) and their two invites. */
export async function manufacturerSave(
  app: FastifyInstance,
  options: {
    id?: number | null;
    name?: string;
    status?: RoadmapStatusCode;
    consultingFirmId?: number | null;
    users?: UserRow[];
    sendInvites?: boolean;
  } = {},
) {
  const ids = lookupIds(app);
  const assessments = await assessmentIds(app);
  const functionalRole = await ids.first(LookupType.FunctionalRole);
  const users = options.users ?? [];
  return {
    organization: {
      id: options.id ?? null,
      name: options.name ?? unique('Maker '),
      type: { enumValue: OrganizationType.Manufacturer },
      businessType: { id: await ids.first(LookupType.BusinessType, OrganizationType.Manufacturer) },
      state: { id: await ids.byCode(LookupType.State, 'oh') },
      consultingFirm: options.consultingFirmId ? { id: options.consultingFirmId } : null,
      roadmap: {
        status: { id: await ids.byCode(LookupType.RoadmapStatus, options.status ?? 'PreAssessment') },
      },
      demographic: {
        companyMaturity: { id: await ids.first(LookupType.CompanyMaturity) },
        numberOfEmployees: { id: await ids.first(LookupType.NumberOfEmployees) },
        numberOfFacilities: { id: await ids.first(LookupType.NumberOfFacilities) },
        hqRegion: { id: await ids.byCode(LookupType.HqRegion, 'north-america') },
        industries: [{ id: await ids.byCode(LookupType.Industry, 'naics-332') }],
        supplyChainRoles: [],
        otherIndustry: null,
      },
      functionalRoleAliases: [{ id: functionalRole, alias: 'Leaders' }],
    },
    users: users.map((u, i) => ({
      id: u.id,
      fullName: u.fullName,
      userName: u.userName,
      email: u.email ?? `${u.userName}@example.com`,
      functionalRole: { id: functionalRole },
      group: { enumValue: u.champion ? 3 : 4 },
      displayOrder: i + 1,
      isActive: true,
    })),
    assessmentInvites: users
      .filter((u) => u.id < 0)
      .flatMap((u, i) => [
        {
          id: -(2 * i + 1),
          respondent: { id: u.id },
          assessment: { id: assessments.current },
          sendInvite: options.sendInvites ?? false,
          isActive: true,
        },
        {
          id: -(2 * i + 2),
          respondent: { id: u.id },
          assessment: { id: assessments.future },
          isActive: true,
        },
      ]),
    host: null,
  };
}

/** A consulting firm made by the admin through the API, with a consultant signed in. */
export async function buildFirm(app: FastifyInstance, adminToken: string) {
  const ids = lookupIds(app);
  const res = await api(app, {
    method: 'POST',
    url: '/api/admin/organization/add',
    token: adminToken,
    payload: {
      organization: {
        name: unique('Firm '),
        type: { enumValue: OrganizationType.Consultant },
        businessType: { id: await ids.first(LookupType.BusinessType, OrganizationType.Consultant) },
        state: { id: await ids.byCode(LookupType.State, 'mi') },
      },
      users: [],
      assessmentInvites: [],
    },
  });
  const body = res.json();
  if (!body.isSuccess) throw new Error(`firm not created: ${res.body}`);
  const firmId = body.data.id as number;
  const consultant = await buildUser(app, 2, { organizationId: firmId });
  return { firmId, consultant };
}

/** A manufacturer saved by the admin with two new users (the second a champion) and their invites. */
export async function buildManufacturer(
  app: FastifyInstance,
  adminToken: string,
  options: Parameters<typeof manufacturerSave>[1] = {},
) {
  const a = unique('maker');
  const b = unique('champ');
  const body = await manufacturerSave(app, {
    users: [
      { id: -1, fullName: 'Avery Stone', userName: a },
      { id: -2, fullName: 'Blake Rivers', userName: b, champion: true },
    ],
    ...options,
  });
  const res = await api(app, {
    method: 'POST',
    url: '/api/admin/organization/add',
    token: adminToken,
    payload: body,
  });
  if (!res.json().isSuccess) throw new Error(`manufacturer not created: ${res.body}`);
  return { id: res.json().data.id as number, body, userNames: [a, b] as [string, string] };
}

/** Signs in a user added through the organization form, who would otherwise set a password from their invite. */
export async function signInAs(app: FastifyInstance, userName: string) {
  await app.deps.db
    .updateTable('users')
    .set({
      passwordHash: await hashPassword(PASSWORD),
      status: UserStatus.Approved,
      registrationComplete: nowIso(),
    })
    .where('userNameKey', '=', userName.toLowerCase())
    .execute();
  return login(app, userName, PASSWORD);
}

/** Answers every question of an assessment with the nth choice and submits it; returns the result id. */
export async function submitAssessment(app: FastifyInstance, token: string, code: string, nth: number) {
  const post = (url: string, payload: object) =>
    api(app, { method: 'POST', url: `/api/${url}`, token, payload });
  const criteria = (await post('assessment/bycode', { query: code })).json();
  for (const section of criteria.sections) for (const q of section.questions) q.choices[nth].selected = true;
  const res = (await post('assessmentresult/add', { assessmentResult: criteria })).json();
  if (!res.isSuccess) throw new Error(`not submitted: ${res.message}`);
  return res.data.id as number;
}

/** Moves a manufacturer's roadmap to a status, as the admin would on the form. */
export async function setRoadmapStatus(
  app: FastifyInstance,
  organizationId: number,
  status: RoadmapStatusCode,
) {
  const statusId = await lookupIds(app).byCode(LookupType.RoadmapStatus, status);
  await app.deps.db
    .updateTable('roadmaps')
    .set({ statusId })
    .where('organizationId', '=', organizationId)
    .execute();
}
