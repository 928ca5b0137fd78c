import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { LookupType, TRIAL_ASSESSMENT_CODE, UserGroup, UserStatus } from '../../domain/codes.js';
import type { Answer } from '../../domain/rules/answers.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { type Database, openDatabase } from '../../server/db/database.js';
import type { DB } from '../../server/db/schema.js';
import { assessmentsRepository } from '../../server/repositories/assessments.js';
import { resultsRepository } from '../../server/repositories/results.js';
import { seedDatabase } from '../../server/seed/seedDatabase.js';
import { buildOrganizationRow, buildUserRow } from '../../server/test/factories.js';
import type { ServerPlace } from './server.js';

// The database a crash run works on: a fresh SQLite DATA_DIR or a fresh PostgreSQL schema, migrated
// and seeded before the first start; the people the clients act as; and a separate connection that
// reads what survived each crash.

export type Dialect = 'sqlite' | 'postgres';
export const ADMIN_PASSWORD = 'Crash#Admin2024';
export const PASSWORD = 'Crash#Visitor2024';

export type Place = ServerPlace & { dialect: Dialect; schema?: string; url?: string };

/** Where a run keeps its data; removed by `dropPlace`. */
export function newPlace(dialect: Dialect, postgresUrl?: string): Place {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-crash-'));
  if (dialect === 'sqlite') return { dialect, dataDir };
  if (!postgresUrl) throw new Error('PostgreSQL needs TEST_DATABASE_URL (or --postgres URL)');
  const schema = `crash_${randomBytes(5).toString('hex')}`;
  const options = encodeURIComponent(`-c search_path=${schema}`);
  const databaseUrl = `${postgresUrl}${postgresUrl.includes('?') ? '&' : '?'}options=${options}`;
  return { dialect, dataDir, schema, url: postgresUrl, databaseUrl };
}

export async function dropPlace(place: Place): Promise<void> {
  fs.rmSync(place.dataDir, { recursive: true, force: true });
  if (place.schema && place.url) {
    const client = new pg.Client({ connectionString: place.url });
    await client.connect();
    await client.query(`drop schema if exists "${place.schema}" cascade`);
    await client.end();
  }
}

const openSeeding = (place: Place): Promise<Database> =>
  place.dialect === 'sqlite'
    ? openDatabase({ dataDir: place.dataDir })
    : openDatabase({ dataDir: place.dataDir, databaseUrl: place.url, databaseSchema: place.schema });

export type Seeded = {
  trialId: number;
  currentStateId: number;
  futureStateId: number;
  /** Visitors who submit trials through the API, one per client. */
  submitters: { id: number; userName: string }[];
  /** Visitors to convert, each with trial results already stored. */
  convertibles: { id: number; resultIds: number[] }[];
  /**
   * The unanswered invites of a manufacturer with daily reminders on, sent a month ago, each with the
   * reminders it had before the run (`prior`, recorded on the invite only: no claim, mail or audit).
   */
  reminded: { inviteId: number; personId: number; email: string; prior: number }[];
};

/** Invitees of the reminded manufacturer. */
const REMINDED = 1000;
const DAY_MS = 86_400_000;

/**
 * A manufacturer collecting the current state, reminders daily up to 10, its invites a month old.
 * Half were never reminded: the first pass owes each its first reminder, 500 at once, so a kill meets
 * a long pass. The other half were last reminded a day ago, each a little later than the one before
 * over `spreadMs`, with 1 to 5 reminders had: their next reminder (2nd to 6th) falls due one by one
 * while the run goes on, so the passes of every round have some to send when the kill comes.
 */
async function seedReminded(db: Kysely<DB>, currentStateId: number, passwordHash: string, spreadMs: number) {
  const organizationId = await buildOrganizationRow(db, UserGroup.Manufacturer, 'Crash Reminded');
  const status = await db
    .selectFrom('lookupItems')
    .select('id')
    .where('lookupType', '=', LookupType.RoadmapStatus)
    .where('code', '=', 'CurrentState')
    .executeTakeFirstOrThrow();
  const seededAt = Date.now();
  const monthAgo = new Date(seededAt - 30 * DAY_MS).toISOString();
  const staggered = REMINDED / 2;
  await db
    .updateTable('organizations')
    .set({ remindersEnabled: 1, reminderEveryDays: 1, maxReminders: 10 })
    .where('id', '=', organizationId)
    .execute();
  await db
    .insertInto('roadmaps')
    .values({
      organizationId,
      statusId: status.id,
      createdAt: monthAgo,
      updatedAt: monthAgo,
      statusChangedAt: monthAgo,
    })
    .execute();
  const reminded: Seeded['reminded'] = [];
  for (let i = 0; i < REMINDED; i++) {
    const person = await buildUserRow(db, { group: UserGroup.Manufacturer, organizationId, passwordHash });
    const later = i - (REMINDED - staggered);
    const prior = later < 0 ? 0 : 1 + (later % 5);
    const lastReminderAt =
      later < 0 ? null : new Date(seededAt - DAY_MS + (spreadMs * later) / staggered).toISOString();
    const invite = await db
      .insertInto('assessmentInvites')
      .values({
        respondentId: person.id,
        assessmentId: currentStateId,
        organizationId,
        consultingFirmId: null,
        excludeFromReport: 0,
        isActive: 1,
        invitedAt: monthAgo,
        createdAt: monthAgo,
        updatedAt: monthAgo,
        createdBy: null,
        updatedBy: null,
        remindersSent: prior,
        lastReminderAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    reminded.push({
      inviteId: invite.id,
      personId: person.id,
      email: `${person.userName}@example.com`,
      prior,
    });
  }
  return reminded;
}

/**
 * Migrates, seeds what the server seeds, and adds the visitors (directly: the load is what is tested)
 * and the reminded manufacturer, whose staggered reminders keep falling due for `remindersSpreadMs`
 * after seeding (about the run's length).
 */
export async function seedPlace(
  place: Place,
  clients: number,
  convertibles: number,
  remindersSpreadMs: number,
): Promise<Seeded> {
  const database = await openSeeding(place);
  const db = database.db;
  try {
    const silent = { info: () => {}, warn: () => {} };
    await seedDatabase(
      db,
      { admin: { userName: 'admin', email: 'admin@localhost', password: ADMIN_PASSWORD } },
      silent,
    );
    const assessments = await db.selectFrom('assessments').select(['id', 'code']).execute();
    const idOf = (code: string) => assessments.find((a) => a.code === code)?.id as number;
    const trialId = idOf(TRIAL_ASSESSMENT_CODE);
    const content = await assessmentsRepository.content(db, trialId);
    const answers: Answer[] = content.questions.map((q) => ({
      questionId: q.id,
      choiceIds: [content.choices.find((c) => c.questionId === q.id)?.id as number],
      text: null,
      otherText: null,
    }));
    const passwordHash = await hashPassword(PASSWORD);
    const visitorsOrganization = await buildOrganizationRow(db, UserGroup.Visitor, 'Crash Visitors');
    const visitor = () =>
      buildUserRow(db, {
        group: UserGroup.Visitor,
        organizationId: visitorsOrganization,
        passwordHash,
        status: UserStatus.Visitor,
      });
    const submitters = [];
    for (let i = 0; i < clients; i++) submitters.push(await visitor());
    const seeded: Seeded['convertibles'] = [];
    for (let i = 0; i < convertibles; i++) {
      await db.transaction().execute(async (trx) => {
        const { id } = await buildUserRow(trx, {
          group: UserGroup.Visitor,
          organizationId: visitorsOrganization,
          passwordHash,
          status: UserStatus.Visitor,
        });
        const resultIds = [];
        for (let k = 0; k < 1 + (i % 2); k++) {
          const resultId = await resultsRepository.insert(trx, {
            assessmentId: trialId,
            respondentId: id,
            organizationId: visitorsOrganization,
            assessmentInviteId: null,
            startDateTime: null,
            submissionKey: null,
          });
          await resultsRepository.replaceAnswers(trx, resultId, answers);
          resultIds.push(resultId);
        }
        seeded.push({ id, resultIds });
      });
    }
    return {
      trialId,
      currentStateId: idOf('current-state'),
      futureStateId: idOf('future-state'),
      submitters,
      convertibles: seeded,
      reminded: await seedReminded(db, idOf('current-state'), passwordHash, remindersSpreadMs),
    };
  } finally {
    await database.close();
  }
}

/** A reading connection of its own (not the server's), opened after each restart. */
/** `integrity`: SQLite's integrity_check and foreign_key_check ('ok'), or null on PostgreSQL. */
export type Reader = { db: Kysely<DB>; integrity: () => string | null; close: () => Promise<void> };

export function openReader(place: Place): Reader {
  if (place.dialect === 'sqlite') {
    const sqlite = new SQLite(path.join(place.dataDir, 'app.db'));
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<DB>({
      dialect: new SqliteDialect({ database: sqlite }),
      plugins: [new CamelCasePlugin()],
    });
    return {
      db,
      integrity: () => {
        const rows = sqlite.pragma('integrity_check') as { integrity_check: string }[];
        const broken = (sqlite.pragma('foreign_key_check') as unknown[]).length;
        const text = rows.map((r) => r.integrity_check).join('; ');
        return broken ? `${text}; ${broken} foreign key violations` : text;
      },
      close: () => db.destroy(),
    };
  }
  const pool = new pg.Pool({ connectionString: place.databaseUrl, max: 2 });
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return { db, integrity: () => null, close: () => db.destroy() };
}
