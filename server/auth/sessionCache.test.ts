import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { LookupType, OrganizationType, UserGroup } from '../../domain/codes.js';
import { userViewSchema } from '../../domain/schemas/user.js';
import { presentUser } from '../presenters/user.js';
import { usersRepository } from '../repositories/users.js';
import { buildOrganizationRow, buildUserRow } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';

// docs/decisions.md#session-row-cache: the guard keeps each caller's row in memory; every change to
// what it is read from, made by this process or by another connection, is seen on the next request.

/** A user's view as the routes' serializer (fastify-type-provider-zod) writes it. */
const serialized = serializerCompiler({ schema: userViewSchema, method: 'POST', url: '/' }) as (
  view: unknown,
) => string;

const profile = (app: FastifyInstance, token: string) =>
  api(app, { method: 'GET', url: '/api/auth/profile', token });

/** Runs `statement` on a connection of its own, as another process or an operator would. */
async function elsewhere(app: FastifyInstance, statement: string, values: unknown[]): Promise<void> {
  const { config } = app.deps;
  if (!config.databaseUrl) {
    const sqlite = new SQLite(path.join(config.dataDir, 'app.db'));
    try {
      sqlite.prepare(statement.replace(/\$\d+/g, '?')).run(...values);
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client({
    connectionString: config.databaseUrl,
    options: `-c search_path="${config.databaseSchema}"`,
  });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/**
 * The status of the profile call once the change made elsewhere has reached this process: at once on
 * SQLite (data_version is read on every call); on PostgreSQL when the NOTIFY arrives, which may take
 * a few milliseconds after the commit, so it is asked again until it changes (or 10 s have passed,
 * which would mean it never arrives: a failure).
 */
async function settledStatus(app: FastifyInstance, token: string, from: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = (await profile(app, token)).statusCode;
    if (status !== from || app.deps.dialect === 'sqlite' || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.each(testDialects())('the session row cache on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);

  it("answers the profile from memory with the bytes the serializer writes for the database's row", async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Visitor);
    const first = await profile(app, user.token);
    const second = await profile(app, user.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const row = await usersRepository.findDetailById(app.deps.db, user.id);
    expect(first.body).toBe(serialized(presentUser(row!, { self: true, admin: false })));
    expect(second.body).toBe(first.body);
  });

  it("refuses a user suspended, deactivated or signed out everywhere by this process's writes on the next request", async () => {
    const app = await appPromise;
    const { db } = app.deps;
    for (const change of [{ isSuspended: 1 }, { isActive: 0 }, { tokenVersion: 1 }] as const) {
      const user = await buildUser(app, UserGroup.Visitor);
      expect((await profile(app, user.token)).statusCode).toBe(200);
      await db.updateTable('users').set(change).where('id', '=', user.id).execute();
      expect((await profile(app, user.token)).statusCode, JSON.stringify(change)).toBe(401);
    }
  });

  it("shows a change of the user's row, organization or lookup names on the next request", async () => {
    const app = await appPromise;
    const { db } = app.deps;
    const user = await buildUser(app, UserGroup.Visitor);
    const role = await db
      .selectFrom('lookupItems')
      .select(['id', 'name'])
      .where('lookupType', '=', LookupType.FunctionalRole)
      .executeTakeFirstOrThrow();
    await db.updateTable('users').set({ functionalRoleId: role.id }).where('id', '=', user.id).execute();
    expect((await profile(app, user.token)).json().functionalRole.name).toBe(role.name);

    await db.updateTable('users').set({ fullName: 'Renamed Person' }).where('id', '=', user.id).execute();
    expect((await profile(app, user.token)).json().fullName).toBe('Renamed Person');
    await db
      .updateTable('organizations')
      .set({ name: 'Renamed Organization' })
      .where('id', '=', user.organizationId)
      .execute();
    expect((await profile(app, user.token)).json().organization.name).toBe('Renamed Organization');
    await db.updateTable('lookupItems').set({ name: 'Renamed Role' }).where('id', '=', role.id).execute();
    expect((await profile(app, user.token)).json().functionalRole.name).toBe('Renamed Role');
    await db.updateTable('lookupItems').set({ name: role.name }).where('id', '=', role.id).execute();
  });

  it("keeps the callers' rows while organizations and people are added", async () => {
    const app = await appPromise;
    const { db } = app.deps;
    const user = await buildUser(app, UserGroup.Visitor);
    const before = (await profile(app, user.token)).json();
    const reads = vi.spyOn(usersRepository, 'findSessionDetailById');
    try {
      // What an organization save with new people writes (server/commands/saveOrganization.ts).
      const organizationId = await buildOrganizationRow(db, UserGroup.Manufacturer);
      await buildUserRow(db, { group: UserGroup.Manufacturer, organizationId, passwordHash: 'x' });
      expect((await profile(app, user.token)).json()).toEqual(before);
      expect(reads).not.toHaveBeenCalled();
      // A change of a saved person still sends the rows back to the database.
      await db.updateTable('users').set({ fullName: 'Renamed Visitor' }).where('id', '=', user.id).execute();
      expect((await profile(app, user.token)).json().fullName).toBe('Renamed Visitor');
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it("refuses the people of a consulting firm deactivated by this process's writes on the next request", async () => {
    const app = await appPromise;
    const consultant = await buildUser(app, UserGroup.Consultant);
    const { db } = app.deps;
    const firm = await db
      .selectFrom('organizations')
      .select('type')
      .where('id', '=', consultant.organizationId)
      .executeTakeFirstOrThrow();
    expect(firm.type).toBe(OrganizationType.Consultant);
    expect((await profile(app, consultant.token)).statusCode).toBe(200);
    await db
      .updateTable('organizations')
      .set({ isActive: 0 })
      .where('id', '=', consultant.organizationId)
      .execute();
    expect((await profile(app, consultant.token)).statusCode).toBe(401);
  });

  it('refuses a user suspended or signed out by another connection (another process, an operator)', async () => {
    const app = await appPromise;
    for (const statement of [
      'update users set is_suspended = 1 where id = $1',
      'update users set token_version = token_version + 1 where id = $1',
      'delete from users where id = $1',
    ]) {
      const user = await buildUser(app, UserGroup.Visitor);
      expect((await profile(app, user.token)).statusCode).toBe(200);
      await elsewhere(app, statement, [user.id]);
      expect(await settledStatus(app, user.token, 200), statement).toBe(401);
    }
  });

  it('shows a name changed by another connection', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Visitor);
    expect((await profile(app, user.token)).json().fullName).not.toBe('Changed Elsewhere');
    await elsewhere(app, 'update users set full_name = $1 where id = $2', ['Changed Elsewhere', user.id]);
    const deadline = Date.now() + 10_000;
    let name = '';
    do name = (await profile(app, user.token)).json().fullName;
    while (name !== 'Changed Elsewhere' && dialect === 'postgres' && Date.now() < deadline);
    expect(name).toBe('Changed Elsewhere');
  });

  it("answers admin/user/getbyid with the database's row, and with a change made meanwhile", async () => {
    const app = await appPromise;
    const { db } = app.deps;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const user = await buildUser(app, UserGroup.Visitor);
    const byId = () =>
      api(app, { method: 'POST', url: '/api/admin/user/getbyid', token: admin, payload: { id: user.id } });
    const fresh = async () =>
      presentUser((await usersRepository.findDetailById(db, user.id))!, { admin: true });
    const first = await byId();
    expect(first.body).toBe(serialized(await fresh()));
    // The second answer comes from memory: the same bytes.
    expect((await byId()).body).toBe(first.body);
    await db
      .updateTable('users')
      .set({ fullName: 'Renamed By Admin', isSuspended: 1 })
      .where('id', '=', user.id)
      .execute();
    const changed = await byId();
    expect(changed.body).toBe(serialized(await fresh()));
    expect(changed.json()).toMatchObject({ fullName: 'Renamed By Admin', isSuspended: true });
  });
});
