// `npm test`: lint, types, unit and API tests (SQLite, and PostgreSQL when one is reachable), then the
// browser journeys in Chromium. A suite that cannot run here is skipped with the reason said plainly,
// unless REQUIRE_POSTGRES=1 / REQUIRE_BROWSER=1 (as .ci/run sets) makes its absence a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { skipReasons } from './skipReasons.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = path.join(root, '.test-artifacts');
fs.mkdirSync(artifacts, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = [];
const skipped = [];
let failed = false;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = res.status === 0;
  if (!ok) failed = true;
  results.push({ label, ok });
  return ok;
}

function vitest(label, args, env) {
  const out = path.join(artifacts, `${label.replace(/\W+/g, '-')}.json`);
  fs.rmSync(out, { force: true });
  run(
    label,
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    env,
  );
  if (fs.existsSync(out)) {
    const json = JSON.parse(fs.readFileSync(out, 'utf8'));
    counts.passed += json.numPassedTests;
    counts.failed += json.numFailedTests;
    counts.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
    // A suite that skips itself (LibreOffice without soffice) says why in its title; print it too.
    skipped.push(...skipReasons(json));
  }
}
const counts = { passed: 0, failed: 0, skipped: 0 };

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function postgresUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (await reachable('127.0.0.1', 5432)) return 'postgres://postgres@127.0.0.1:5432/test';
  return undefined;
}

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

run('lint (biome)', bin('biome'), ['check', '.']);
run('types (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);

const pgUrl = await postgresUrl();
if (pgUrl) {
  vitest('unit and API tests (SQLite and PostgreSQL)', [], { TEST_DATABASE_URL: pgUrl });
} else {
  const why = 'PostgreSQL API tests: no TEST_DATABASE_URL and no server at 127.0.0.1:5432';
  if (process.env.REQUIRE_POSTGRES === '1') {
    failed = true;
    results.push({ label: `${why} (REQUIRE_POSTGRES=1)`, ok: false });
  } else skipped.push(why);
  vitest('unit and API tests (SQLite)', [], {});
}

// The crash test, bounded (docs/decisions.md#operations-crash-test; `npm run test:crash` runs the longer form): 20 SIGKILL rounds of
// 0.1-1.2 s of load each, on SQLite and at the same time on PostgreSQL when one is reachable.
run(`crash test: 20 SIGKILL rounds on SQLite${pgUrl ? ' and PostgreSQL' : ''}`, process.execPath, [
  '--import',
  'tsx',
  'scripts/crash/run.ts',
  '--rounds',
  '20',
  '--min-load-ms',
  '100',
  '--max-load-ms',
  '1200',
  '--convertibles',
  '200',
  ...(pgUrl ? ['--postgres', pgUrl, '--parallel'] : ['--db', 'sqlite']),
]);

if (fs.existsSync(chromium)) {
  vitest('browser journeys (Chromium)', ['--config', 'e2e/vitest.config.ts'], { CHROMIUM_PATH: chromium });
} else {
  const why = `browser journeys: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.REQUIRE_BROWSER === '1') {
    failed = true;
    results.push({ label: `${why} (REQUIRE_BROWSER=1)`, ok: false });
  } else skipped.push(why);
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok    ' : 'FAILED'}  ${r.label}`);
for (const s of skipped) console.log(`SKIPPED ${s}`);
console.log(
  `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
);
process.exit(failed ? 1 : 0);
