import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LookupType, OrganizationType, UserGroup, UserStatus } from '../domain/codes.js';
import { hashPassword } from '../server/auth/passwords.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { assessmentInvitesRepository } from '../server/repositories/assessmentInvites.js';
import { usersRepository } from '../server/repositories/users.js';
import { seedDatabase } from '../server/seed/seedDatabase.js';
import { type RunningServer, startServer } from './benchServer.js';
import { runLoad } from './load.js';

// The reminder pass of docs/decisions.md#insights-reminders over 50,000 unanswered invites, in the
// server process as it runs in production (its own loop, not a call), while auth/profile is asked
// over and over: how long the pass takes and what it does to the answers around it. A database of
// its own (a fresh SQLite DATA_DIR or PostgreSQL schema), since the pass writes a row, an e-mail and
// an audit entry per reminder: 100 manufacturers collecting the current state, reminders on (every 7
// days, 3 at most), 500 invitees each, their invites sent at even steps over the last 28 days, so
// three in four are due their first reminder when the pass runs (the pass that follows turning
// reminders on: the most a pass has to send), then a second pass that finds none due.

export const reminderTargets = { passSeconds: 10, profileP99Ms: 50 };

const MANUFACTURERS = 100;
const PER_MANUFACTURER = 500;
const PASSWORD = 'Bench#Remind2024';
/** The pass's loop in the measured server: its first pass 6 s after start, the next 6 s after it ends. */
const INTERVAL_MINUTES = '0.1';
/** A few people clicking while the pass runs, not a queue: the pass's effect, not the machine's ceiling. */
const CONNECTIONS = 4;

export type ReminderPassFigures = {
  database: 'sqlite' | 'postgres';
  pendingInvites: number;
  /** The catch-up pass: reminders it sent and its duration, as the server logged them. */
  sent: number;
  seconds: number;
  /** The pass after it, with nothing due: the scan of every pending invite alone. */
  idleSeconds: number | null;
  /**
   * auth/profile over the catch-up pass, in one-second loads back to back: the median of their p50s
   * and the worst of their p99s.
   */
  profile: { requests: number; p50: number; p99: number };
  met: boolean;
};

type Place = { dataDir: string; databaseUrl?: string; drop: () => Promise<void> };

function placeOf(database: 'sqlite' | 'postgres', url?: string): Place {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-bench-remind-'));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (database === 'sqlite') return { dataDir, drop: removeDir };
  if (!url) throw new Error('the PostgreSQL reminder pass needs BENCH_DATABASE_URL');
  const schema = `bench_remind_${randomBytes(4).toString('hex')}`;
  const options = encodeURIComponent(`-c search_path=${schema}`);
  return {
    dataDir,
    databaseUrl: `${url}${url.includes('?') ? '&' : '?'}options=${options}`,
    drop: async () => {
      await removeDir();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

/** Migrates and seeds the place, then adds the manufacturers, their people and their sent invites. */
async function seed(place: Place, database: 'sqlite' | 'postgres', url?: string) {
  const schema = place.databaseUrl ? /search_path%3D(\w+)/.exec(place.databaseUrl)?.[1] : undefined;
  const opened =
    database === 'sqlite'
      ? await openDatabase({ dataDir: place.dataDir })
      : await openDatabase({ dataDir: place.dataDir, databaseUrl: url, databaseSchema: schema });
  const db = opened.db;
  try {
    const silent = { info: () => {}, warn: () => {} };
    await seedDatabase(
      db,
      { admin: { userName: 'admin', email: 'admin@localhost', password: PASSWORD } },
      silent,
    );
    const status = await db
      .selectFrom('lookupItems')
      .select('id')
      .where('lookupType', '=', LookupType.RoadmapStatus)
      .where('code', '=', 'CurrentState')
      .executeTakeFirstOrThrow();
    const assessment = await db
      .selectFrom('assessments')
      .select('id')
      .where('code', '=', 'current-state')
      .executeTakeFirstOrThrow();
    const passwordHash = await hashPassword(PASSWORD);
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    for (let m = 0; m < MANUFACTURERS; m++) {
      await db.transaction().execute(async (trx) => {
        const created = iso(now - 60 * 86_400_000);
        const org = await trx
          .insertInto('organizations')
          .values({
            name: `Reminded Maker ${m}`,
            code: `reminded-${m}`,
            type: OrganizationType.Manufacturer,
            excludeFromBenchmark: 0,
            anonymizeResults: 0,
            isActive: 1,
            remindersEnabled: 1,
            reminderEveryDays: 7,
            maxReminders: 3,
            createdAt: created,
            updatedAt: created,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('roadmaps')
          .values({ organizationId: org.id, statusId: status.id, createdAt: created, updatedAt: created })
          .execute();
        const ids = await usersRepository.insertMany(
          trx,
          Array.from({ length: PER_MANUFACTURER }, (_, i) => ({
            userName: `remind${m}x${i}`,
            fullName: `Invitee ${m}-${i}`,
            email: `remind${m}x${i}@example.com`,
            userGroup: UserGroup.Manufacturer,
            organizationId: org.id,
            status: UserStatus.Approved,
            passwordHash,
            requireChangePassword: 0,
            registrationComplete: created,
            isActive: 1,
            excludeFromReport: 0,
            isSuspended: 0,
            tokenVersion: 0,
          })),
        );
        await assessmentInvitesRepository.insertMany(
          trx,
          ids.map((respondentId, i) => ({
            respondentId,
            assessmentId: assessment.id,
            organizationId: org.id,
            consultingFirmId: null,
            excludeFromReport: 0,
            // Sent at even steps over the last 28 days: every invite of the first three weeks is due.
            invitedAt: iso(now - ((i + m) % 28) * 86_400_000 - 3_600_000),
            actorId: 1,
          })),
        );
      });
    }
    const due = await db
      .selectFrom('assessmentInvites')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('invitedAt', '<=', iso(now - 7 * 86_400_000))
      .executeTakeFirstOrThrow();
    return { pending: MANUFACTURERS * PER_MANUFACTURER, due: Number(due.n) };
  } finally {
    await opened.close();
  }
}

const passOf = (line: string) => JSON.parse(line) as { invites: number; actions: number; ms: number };

/** auth/profile in one-second loads back to back until `done` says the passes measured are over. */
async function profileDuring(server: RunningServer, token: string, done: () => boolean) {
  const seconds: { at: number; p50: number; p99: number; requests: number }[] = [];
  const deadline = Date.now() + 10 * 60_000;
  while (!done() && Date.now() < deadline) {
    const at = Date.now();
    const r = await runLoad({
      url: `${server.base}/api/auth/profile`,
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
      connections: CONNECTIONS,
      seconds: 1,
    });
    seconds.push({ at, p50: r.p50, p99: r.p99, requests: r.requests });
  }
  return seconds;
}

export async function measureReminderPass(
  database: 'sqlite' | 'postgres',
  url?: string,
): Promise<ReminderPassFigures> {
  const place = placeOf(database, url);
  let server: RunningServer | undefined;
  try {
    const { pending, due } = await seed(place, database, url);
    server = await startServer({
      dataDir: place.dataDir,
      databaseUrl: place.databaseUrl,
      env: { REMINDER_INTERVAL_MINUTES: INTERVAL_MINUTES, LOG_LEVEL: 'info' },
    });
    const running = server;
    const login = await fetch(`${running.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    // Until the catch-up pass has logged, and the idle pass after it has had time to run.
    let catchUpAt: number | undefined;
    const seconds = await profileDuring(running, token, () => {
      if (catchUpAt === undefined && running.passLines().length > 0) catchUpAt = Date.now();
      return catchUpAt !== undefined && Date.now() - catchUpAt > 8_000;
    });
    const [catchUp] = running.passLines().map(passOf);
    if (!catchUp)
      throw new Error(`no reminder pass was logged: ${running.errorLines().slice(-5).join('\n')}`);
    const ended = catchUpAt ?? Date.now();
    const during = seconds.filter((s) => s.at + 1_000 >= ended - catchUp.ms && s.at <= ended);
    const p50s = during.map((s) => s.p50).sort((a, b) => a - b);
    const worstP99 = during.length === 0 ? 0 : Math.max(...during.map((s) => s.p99));
    await running.stop();
    server = undefined;
    const idle = await idlePassSeconds(place, database, url);
    return {
      database,
      pendingInvites: pending,
      sent: catchUp.invites,
      seconds: Math.round(catchUp.ms / 100) / 10,
      idleSeconds: idle,
      profile: {
        requests: during.reduce((n, s) => n + s.requests, 0),
        p50: p50s[Math.floor(p50s.length / 2)] ?? 0,
        p99: worstP99,
      },
      met:
        catchUp.ms / 1000 < reminderTargets.passSeconds &&
        worstP99 < reminderTargets.profileP99Ms &&
        catchUp.invites === due,
    };
  } finally {
    await server?.stop();
    await place.drop();
  }
}

/**
 * The pass with nothing due, timed in this process against the same database once the server has
 * stopped: the scan of every pending invite and the filter, no e-mail.
 */
async function idlePassSeconds(
  place: Place,
  database: 'sqlite' | 'postgres',
  url: string | undefined,
): Promise<number | null> {
  const { runReminderPass } = await import('../server/commands/reminders.js');
  const schema = place.databaseUrl ? /search_path%3D(\w+)/.exec(place.databaseUrl)?.[1] : undefined;
  const opened =
    database === 'sqlite'
      ? await openDatabase({ dataDir: place.dataDir })
      : await openDatabase({ dataDir: place.dataDir, databaseUrl: url, databaseSchema: schema });
  try {
    const mailer = { enqueue: async () => 0, enqueueMany: async () => {}, wake: () => {} } as never;
    const started = performance.now();
    const sent = await runReminderPass({ db: opened.db, config: loadConfig({}), mailer });
    if (sent.invites + sent.actions > 0) return null;
    return Math.round((performance.now() - started) / 100) / 10;
  } finally {
    await opened.close();
  }
}
