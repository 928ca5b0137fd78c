// CI: `npm audit --omit=dev`, failing only on high or critical advisories (docs/decisions.md#audit-trail). When the
// registry's audit endpoint does not answer (offline, a mirror without it, 405...), it says so and
// passes: an unreachable service is not a finding.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report;
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  report = {};
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why = report?.message ?? report?.error?.summary ?? run.error?.message ?? (run.stderr || '').trim();
  console.log(`npm audit: skipped, the registry's audit endpoint did not answer (${why || 'no report'}).`);
  process.exit(0);
}
const summary = ['critical', 'high', 'moderate', 'low', 'info']
  .map((k) => `${counts[k] ?? 0} ${k}`)
  .join(', ');
console.log(`npm audit --omit=dev: ${summary}.`);
const serious = (counts.critical ?? 0) + (counts.high ?? 0);
if (serious > 0) {
  spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high'], { stdio: 'inherit' });
  console.error(`npm audit: ${serious} high or critical advisories in production dependencies.`);
  process.exit(1);
}
