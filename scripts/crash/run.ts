import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import {
  ADMIN_PASSWORD,
  type Dialect,
  dropPlace,
  newPlace,
  openReader,
  PASSWORD,
  seedPlace,
} from './database.js';
import { type Op, resend, runClients, type World } from './load.js';
import { freePort, killServer, root, type Server, startServer } from './server.js';
import { verify } from './verify.js';

// `npm run test:crash` (docs/decisions.md#operations-crash-test): clients submit assessments, save organizations with users and
// invites and convert visitors while the server, started as `npm start` starts it, is killed with
// SIGKILL at random moments. After each restart the unanswered requests are sent again with their
// Idempotency-Key, then every acknowledged request is looked for, whole, in the database. Exits 1
// on any row lost, duplicate, half-written change, refused request or failed integrity check.

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '25' },
    clients: { type: 'string', default: '32' },
    db: { type: 'string' },
    postgres: { type: 'string' },
    'min-load-ms': { type: 'string', default: '150' },
    'max-load-ms': { type: 'string', default: '2500' },
    convertibles: { type: 'string', default: '400' },
    verbose: { type: 'boolean', default: false },
    /** SQLite and PostgreSQL at once (two servers): the rounds mostly wait for restarts. */
    parallel: { type: 'boolean', default: false },
  },
});
const rounds = Number(args.rounds);
const clients = Number(args.clients);
const minLoad = Number(args['min-load-ms']);
const maxLoad = Number(args['max-load-ms']);
const postgresUrl = args.postgres ?? process.env.TEST_DATABASE_URL;
const dialects: Dialect[] =
  args.db === 'sqlite' || args.db === 'postgres'
    ? [args.db]
    : postgresUrl
      ? ['sqlite', 'postgres']
      : ['sqlite'];

type Totals = {
  sent: number;
  acked: number;
  unanswered: number;
  replayed: number;
  checked: number;
  lost: number;
  duplicates: number;
  halfWritten: number;
  refused: string[];
  integrityFailures: string[];
  restartMs: number[];
  reminders: number;
  /** Rounds in whose run reminders were sent (the passes a kill could meet). */
  reminderRounds: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number) => n.toLocaleString('en-US');

async function post<T>(base: string, path: string, body: object, token?: string): Promise<T> {
  const response = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { isSuccess?: boolean; message?: string };
  if (!response.ok || answer.isSuccess === false)
    throw new Error(`${path}: ${response.status} ${answer.message}`);
  return answer;
}

const login = async (base: string, userName: string, password: string) =>
  (await post<{ data: { token: string } }>(base, 'auth/login', { userName, password })).data.token;

/** Signs everyone in and makes the manufacturers converted visitors join. */
async function worldOf(base: string, seeded: Awaited<ReturnType<typeof seedPlace>>): Promise<World> {
  const adminToken = await login(base, 'admin', ADMIN_PASSWORD);
  const submitters = [];
  for (const s of seeded.submitters)
    submitters.push({ id: s.id, token: await login(base, s.userName, PASSWORD) });
  const lookups = (await (await fetch(`${base}/api/admin/lookup/getall`)).json()) as World['lookups'];
  const criteria = await post<World['criteria']>(
    base,
    'assessment/bycode',
    { query: 'trial' },
    submitters[0]?.token,
  );
  const assessments = { current: seeded.currentStateId, future: seeded.futureStateId };
  const { manufacturerBody } = await import('../../bench/organizationBody.js');
  const targets = [];
  for (let i = 0; i < 4; i++) {
    const body = manufacturerBody(lookups, assessments, 900_000 + i, 0);
    body.organization.name = `Crash Target ${i}`;
    targets.push(
      (await post<{ data: { id: number } }>(base, 'admin/organization/add', body, adminToken)).data.id,
    );
  }
  return {
    adminToken,
    submitters,
    criteria,
    lookups,
    assessments,
    targets,
    convertibles: [...seeded.convertibles],
  };
}

async function runDialect(dialect: Dialect): Promise<Totals> {
  const started = performance.now();
  const place = newPlace(dialect, postgresUrl);
  const totals: Totals = {
    sent: 0,
    acked: 0,
    unanswered: 0,
    replayed: 0,
    checked: 0,
    lost: 0,
    duplicates: 0,
    halfWritten: 0,
    refused: [],
    integrityFailures: [],
    restartMs: [],
    reminders: 0,
    reminderRounds: 0,
  };
  let server: Server | undefined;
  try {
    // A round lasts its load, a restart and a check: 1.5-2.7 s beside the longest load, measured. The
    // staggered reminders fall due over about that many rounds, so most rounds' passes send some.
    const spreadMs = rounds * (maxLoad + 1_500);
    const seeded = await seedPlace(place, clients, Number(args.convertibles), spreadMs);
    const port = await freePort();
    server = await startServer(place, port, ADMIN_PASSWORD);
    const world = await worldOf(server.base, seeded);
    const questions = world.criteria.sections.reduce((n, s) => n + s.questions.length, 0);
    const journal: Op[] = [];
    for (let round = 1; round <= rounds; round++) {
      let stopped = false;
      const base: string = server.base;
      const load = runClients(base, world, round, clients, () => stopped, journal);
      const loadMs = Math.round(minLoad + Math.random() * (maxLoad - minLoad));
      await sleep(loadMs);
      // No new request after the kill; the ones in flight meet it.
      stopped = true;
      await killServer(server);
      const figures = await load;
      const restartStarted = performance.now();
      server = await startServer(place, port, ADMIN_PASSWORD);
      totals.restartMs.push(performance.now() - restartStarted);
      const resent = await resend(server.base, figures.unanswered);
      const reader = openReader(place);
      let integrity: string | null;
      let findings: Awaited<ReturnType<typeof verify>>;
      try {
        integrity = reader.integrity();
        findings = await verify(reader.db, journal, seeded, questions);
      } finally {
        await reader.close();
      }
      totals.sent += figures.sent;
      totals.unanswered += figures.unanswered.length;
      totals.replayed += resent.replayed;
      totals.checked += findings.checked;
      totals.lost = Math.max(totals.lost, findings.lost);
      totals.duplicates = Math.max(totals.duplicates, findings.duplicates);
      totals.halfWritten = Math.max(totals.halfWritten, findings.halfWritten);
      if (findings.reminders > totals.reminders) totals.reminderRounds++;
      totals.reminders = findings.reminders;
      totals.refused.push(...figures.refused, ...resent.refused);
      if (integrity !== null && integrity !== 'ok')
        totals.integrityFailures.push(`round ${round}: ${integrity}`);
      const bad = findings.lost + findings.duplicates + findings.halfWritten;
      console.log(
        `${dialect} round ${round}/${rounds}: killed after ${loadMs} ms; sent ${figures.sent}, acknowledged ${figures.acked}, ` +
          `unanswered ${figures.unanswered.length} (resent: ${resent.replayed} answered from their key, ${resent.executed} done now); ` +
          `restart ${Math.round(totals.restartMs.at(-1) ?? 0)} ms; ${integrity === null ? '' : `integrity_check ${integrity}; `}` +
          `rows checked ${fmt(findings.checked)} (reminders sent so far ${fmt(findings.reminders)}), lost ${findings.lost}, duplicates ${findings.duplicates}, half-written ${findings.halfWritten}`,
      );
      if (bad || args.verbose) for (const note of findings.notes.slice(0, 20)) console.log(`  ${note}`);
    }
    totals.acked = journal.filter((o) => o.acked).length;
    const kinds = (kind: Op['kind']) => journal.filter((o) => o.kind === kind && o.acked).length;
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const restart = totals.restartMs.reduce((a, b) => a + b, 0) / Math.max(1, totals.restartMs.length);
    console.log(
      `\n${dialect}: ${rounds} SIGKILL rounds in ${seconds} s; requests acknowledged ${fmt(totals.acked)} ` +
        `(${fmt(kinds('submit'))} submissions, ${fmt(kinds('organization'))} organization saves, ${fmt(kinds('convert'))} conversions; ` +
        `${fmt(totals.reminders)} reminders sent by the server's passes, in ${totals.reminderRounds} of ${rounds} rounds) ` +
        `of ${fmt(totals.sent)} sent; ${fmt(totals.unanswered)} unanswered at a kill were resent, ${fmt(totals.replayed)} of them ` +
        `committed before the kill and answered from their key; rows checked ${fmt(totals.checked)} (every acknowledged ` +
        `request after every restart); rows lost ${totals.lost}; duplicates ${totals.duplicates}; half-written ` +
        `${totals.halfWritten}; refused ${totals.refused.length}; integrity_check ${
          dialect === 'sqlite'
            ? totals.integrityFailures.length
              ? 'FAILED'
              : `ok in ${rounds} of ${rounds}`
            : 'n/a'
        }; mean restart ${Math.round(restart)} ms`,
    );
    for (const line of [...totals.refused.slice(0, 10), ...totals.integrityFailures])
      console.log(`  ${line}`);
    return totals;
  } finally {
    if (server) await killServer(server);
    await dropPlace(place);
  }
}

// Built once before the first round: a start then only imports the bundle, as a restart in
// production does.
for (const script of ['scripts/webBuild.mjs', 'scripts/serverBuild.mjs'])
  execFileSync(process.execPath, [script], { cwd: root, stdio: 'inherit' });

const failedRun = (totals: Totals) =>
  totals.lost > 0 ||
  totals.duplicates > 0 ||
  totals.halfWritten > 0 ||
  totals.refused.length > 0 ||
  totals.integrityFailures.length > 0 ||
  totals.acked === 0;
let failed = false;
if (args.parallel) {
  failed = (await Promise.all(dialects.map(runDialect))).some(failedRun);
} else {
  for (const dialect of dialects) if (failedRun(await runDialect(dialect))) failed = true;
}
console.log(failed ? '\ncrash test FAILED' : '\ncrash test passed');
process.exit(failed ? 1 : 0);
