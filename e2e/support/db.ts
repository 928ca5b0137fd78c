import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { type UserGroup, UserStatus } from '../../domain/codes.js';
import { hashPassword } from '../../server/auth/passwords.js';
import type { DB } from '../../server/db/schema.js';
import { buildOrganizationRow, buildUserRow } from '../../server/test/factories.js';

/**
 * Writes test users straight into a running server's SQLite file, for journeys of roles that no
 * screen can create yet. The server reads its database on every call, so they appear at once.
 */
export async function createUser(dataDir: string, group: UserGroup, password: string, fullName?: string) {
  const sqlite = new SQLite(path.join(dataDir, 'app.db'));
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
  try {
    const organizationId = await buildOrganizationRow(db, group);
    return await buildUserRow(db, {
      group,
      organizationId,
      passwordHash: await hashPassword(password),
      fullName,
    });
  } finally {
    await db.destroy();
  }
}

/** The id of a user, read from a running server's SQLite file. */
export function userIdOf(dataDir: string, userName: string): number {
  const sqlite = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  try {
    const row = sqlite.prepare('select id from users where user_name_key = ?').get(userName.toLowerCase()) as
      | { id: number }
      | undefined;
    if (!row) throw new Error(`no user ${userName}`);
    return row.id;
  } finally {
    sqlite.close();
  }
}

/**
 * Invites a user to an assessment (a row in assessment_invites, as the organization page would save
 * it), for journeys that take current- or future-state assessments. Answers the invite's id.
 */
export function createInvite(dataDir: string, userId: number, assessmentCode: string): number {
  const sqlite = new SQLite(path.join(dataDir, 'app.db'));
  sqlite.pragma('busy_timeout = 5000');
  try {
    const user = sqlite.prepare('select organization_id from users where id = ?').get(userId) as
      | { organization_id: number | null }
      | undefined;
    const assessment = sqlite.prepare('select id from assessments where code = ?').get(assessmentCode) as
      | { id: number }
      | undefined;
    if (!user || !assessment) throw new Error(`no user ${userId} or assessment ${assessmentCode}`);
    const now = new Date().toISOString();
    const result = sqlite
      .prepare(
        `insert into assessment_invites
           (respondent_id, assessment_id, organization_id, exclude_from_report, is_active, invited_at, created_at, updated_at)
         values (?, ?, ?, 0, 1, ?, ?, ?)`,
      )
      .run(userId, assessment.id, user.organization_id, now, now, now);
    return Number(result.lastInsertRowid);
  } finally {
    sqlite.close();
  }
}

/**
 * Lets a user added through the organization form sign in with a password, as if they had accepted
 * their invite: sets the password, approves the account and records the registration.
 */
export async function setPassword(dataDir: string, userName: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const sqlite = new SQLite(path.join(dataDir, 'app.db'));
  sqlite.pragma('busy_timeout = 5000');
  try {
    const changed = sqlite
      .prepare(
        `update users set password_hash = ?, status = ?, registration_complete = ?, require_change_password = 0
         where user_name_key = ?`,
      )
      .run(passwordHash, UserStatus.Approved, new Date().toISOString(), userName.toLowerCase()).changes;
    if (changed !== 1) throw new Error(`no user ${userName}`);
  } finally {
    sqlite.close();
  }
}
