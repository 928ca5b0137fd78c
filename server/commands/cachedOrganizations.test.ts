import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LookupType, UserGroup } from '../../domain/codes.js';
import { organizationViewSchema } from '../../domain/schemas/organizationView.js';
import { buildApp } from '../app.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import {
  buildFirm,
  buildManufacturer,
  lookupIds,
  manufacturerSave,
  setRoadmapStatus,
  signInAs,
} from '../test/organizations.js';
import { setAlias } from '../test/reports.js';

// An organization's form is kept as bytes while what it is made of stands still (cachedOrganizations.ts):
// every change must show in the next read, in this process or another one on the same database, and
// the kept form must never reach a caller outside the organization's reach.
describe.each(testDialects())('kept organization forms on %s', (dialect) => {
  const firstPromise = buildTestApp(dialect);
  const secondPromise = firstPromise.then((first) => buildApp(first.deps.config));
  afterAll(async () => (await secondPromise).close());
  const adminToken = firstPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));

  const form = async (app: FastifyInstance, id: number, token?: string) =>
    api(app, {
      method: 'POST',
      url: '/api/admin/organization/getbyid',
      payload: { id },
      token: token ?? (await adminToken),
    });
  const formOf = async (id: number) => (await form(await firstPromise, id)).json();

  it('answers the bytes the response serializer writes, and the same bytes when kept', async () => {
    const first = await firstPromise;
    const { id } = await buildManufacturer(first, await adminToken);
    const fresh = await form(first, id);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(fresh.payload).toBe(JSON.stringify(z.encode(organizationViewSchema, fresh.json())));
    expect((await form(first, id)).payload).toBe(fresh.payload);
  });

  it('shows each change the form is made of at once, whichever process or path wrote it', async () => {
    const [first, second] = await Promise.all([firstPromise, secondPromise]);
    const admin = await adminToken;
    const { firmId } = await buildFirm(first, admin);
    const { id, userNames } = await buildManufacturer(first, admin, { consultingFirmId: firmId });
    const db = second.deps.db;
    expect(await formOf(id)).toMatchObject({
      activeUserCount: 2,
      roadmap: { status: { code: 'PreAssessment' } },
    });

    // A save through the other process: name and demographics.
    const body = await manufacturerSave(second, { id, name: 'Renamed Elsewhere', consultingFirmId: firmId });
    body.organization.demographic.industries = [];
    const saved = await api(second, {
      method: 'POST',
      url: '/api/admin/organization/update',
      token: admin,
      payload: body,
    });
    expect(saved.json().isSuccess).toBe(true);
    expect(await formOf(id)).toMatchObject({ name: 'Renamed Elsewhere', demographic: { industries: [] } });

    // Straight to the database: an industry, an alias, the roadmap's status.
    const demographic = await db
      .selectFrom('demographics')
      .select('id')
      .where('organizationId', '=', id)
      .executeTakeFirstOrThrow();
    const industry = await lookupIds(second).byCode(LookupType.Industry, 'naics-332');
    await db
      .insertInto('demographicIndustries')
      .values({ demographicId: demographic.id, lookupItemId: industry })
      .execute();
    expect((await formOf(id)).demographic.industries).toEqual([expect.objectContaining({ id: industry })]);
    const role = await db
      .selectFrom('lookupItems')
      .select(['id', 'code'])
      .where('lookupType', '=', LookupType.FunctionalRole)
      .where('isActive', '=', 1)
      .where('code', 'is not', null)
      .executeTakeFirstOrThrow();
    await setAlias(second, id, role.code as string, 'Written by a script');
    expect((await formOf(id)).functionalRoleAliases).toContainEqual(
      expect.objectContaining({ id: role.id, alias: 'Written by a script' }),
    );
    await setRoadmapStatus(second, id, 'CurrentState');
    expect((await formOf(id)).roadmap.status.code).toBe('CurrentState');

    // Its people: one leaves, one arrives; a sign-in changes nothing the form shows.
    await db
      .updateTable('users')
      .set({ isActive: 0 })
      .where('userNameKey', '=', userNames[0].toLowerCase())
      .execute();
    expect((await formOf(id)).activeUserCount).toBe(1);
    await buildUser(second, UserGroup.Manufacturer, { organizationId: id });
    expect((await formOf(id)).activeUserCount).toBe(2);
    await signInAs(second, userNames[1]);
    expect((await formOf(id)).activeUserCount).toBe(2);

    // What it names elsewhere: its firm's name, a lookup's name, the roadmap's assessment.
    await db.updateTable('organizations').set({ name: 'Firm Renamed' }).where('id', '=', firmId).execute();
    expect((await formOf(id)).consultingFirm.name).toBe('Firm Renamed');
    const state = (await formOf(id)).state as { id: number; name: string };
    await db.updateTable('lookupItems').set({ name: 'Ohio (renamed)' }).where('id', '=', state.id).execute();
    expect((await formOf(id)).state.name).toBe('Ohio (renamed)');
    await db.updateTable('lookupItems').set({ name: state.name }).where('id', '=', state.id).execute();
    const current = (await formOf(id)).roadmap.currentStateAssessment as { id: number; name: string };
    await sql`update assessments set name = ${'Renamed assessment'} where id = ${current.id}`.execute(db);
    expect((await formOf(id)).roadmap.currentStateAssessment.name).toBe('Renamed assessment');
    await sql`update assessments set name = ${current.name} where id = ${current.id}`.execute(db);
    expect((await formOf(id)).roadmap.currentStateAssessment.name).toBe(current.name);
  });

  it("decides every caller's reach afresh, whoever read the form first", async () => {
    const first = await firstPromise;
    const admin = await adminToken;
    const firm = await buildFirm(first, admin);
    const other = await buildFirm(first, admin);
    const { id, userNames } = await buildManufacturer(first, admin, { consultingFirmId: firm.firmId });
    const champion = await signInAs(first, userNames[1]);
    const strangerChampion = await signInAs(first, (await buildManufacturer(first, admin)).userNames[1]);

    const kept = (await form(first, id)).payload; // read first by the admin
    const ofFirm = await form(first, id, firm.consultant.token);
    expect([ofFirm.statusCode, ofFirm.payload]).toEqual([200, kept]);
    expect((await form(first, id, champion)).payload).toBe(kept);
    expect((await form(first, id, other.consultant.token)).statusCode).toBe(403);
    expect((await form(first, id, strangerChampion)).statusCode).toBe(403);
    const mine = await api(first, { method: 'GET', url: '/api/admin/organization/mine', token: champion });
    expect(mine.payload).toBe(kept);

    // The manufacturer moves to the other firm, written by the other process: the reach follows.
    const second = await secondPromise;
    await second.deps.db
      .updateTable('organizations')
      .set({ consultingFirmId: other.firmId })
      .where('id', '=', id)
      .execute();
    expect((await form(first, id, firm.consultant.token)).statusCode).toBe(403);
    const moved = await form(first, id, other.consultant.token);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().consultingFirm.id).toBe(other.firmId);
  });
});
