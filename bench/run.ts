// `npm run bench`: request throughput and latency of the API on this machine, bounded in count and
// time, against 127.0.0.1 only. Results are printed and written to bench/results/latest.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { manufacturerBody } from './organizationBody.js';

type Sample = {
  name: string;
  requests: number;
  concurrency: number;
  seconds: number;
  perSecond: number;
  p50ms: number;
  p95ms: number;
};

async function measure(
  name: string,
  requests: number,
  concurrency: number,
  call: () => Promise<Response>,
): Promise<Sample> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + 30_000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests && performance.now() < deadline) {
        next++;
        const t = performance.now();
        const res = await call();
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(2));
  return {
    name,
    requests: latencies.length,
    concurrency,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(latencies.length / seconds),
    p50ms: pct(0.5),
    p95ms: pct(0.95),
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-bench-'));
  const password = 'Bench#Pass2024';
  const config = {
    ...loadConfig({
      ...process.env,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: password,
      LOGIN_MAX_PER_ACCOUNT: '100000',
      LOGIN_MAX_PER_ADDRESS: '100000',
    }),
    dataDir,
    webDir: undefined,
  };
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const json = { 'content-type': 'application/json' };
  const loginBody = JSON.stringify({ userName: 'admin', password });
  const token = (
    (await (
      await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: loginBody })
    ).json()) as { data: { token: string } }
  ).data.token;
  const auth = { authorization: `Bearer ${token}` };

  const criteria = (await (
    await fetch(`${base}/api/assessment/bycode`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ query: 'trial' }),
    })
  ).json()) as {
    sections: { questions: { value: unknown; choices: { id: number; selected: boolean }[] }[] }[];
  };
  for (const section of criteria.sections) {
    for (const q of section.questions) {
      const choice = q.choices[2] ?? q.choices[0];
      if (choice) {
        choice.selected = true;
        q.value = choice.id;
      }
    }
  }
  let attempt = 0;
  const submit = () =>
    fetch(`${base}/api/assessmentresult/add`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({
        assessmentResult: {
          ...criteria,
          startDateTime: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, attempt++)).toISOString(),
        },
      }),
    });

  // Organizations: the one-transaction save of a manufacturer with users and invites, then the lists.
  const lookups = await (await fetch(`${base}/api/admin/lookup/getall`)).json();
  const ids = await Promise.all(
    ['current-state', 'future-state'].map(async (code) => {
      const res = await fetch(`${base}/api/assessment/bycode`, {
        method: 'POST',
        headers: { ...json, ...auth },
        body: JSON.stringify({ query: code }),
      });
      return ((await res.json()) as { assessmentId: number }).assessmentId;
    }),
  );
  let made = 0;
  const post = (url: string, body: unknown) =>
    fetch(`${base}/api/${url}`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify(body),
    });
  const addManufacturer = () =>
    post('admin/organization/add', manufacturerBody(lookups, { current: ids[0]!, future: ids[1]! }, made++));

  const samples = [
    await measure('GET /api/health', 5000, 20, () => fetch(`${base}/api/health`)),
    await measure('GET /api/auth/profile (authenticated)', 3000, 20, () =>
      fetch(`${base}/api/auth/profile`, { headers: auth }),
    ),
    await measure('GET /api/admin/lookup/getall', 2000, 20, () => fetch(`${base}/api/admin/lookup/getall`)),
    await measure('POST /api/assessment/bycode (46 questions)', 1000, 20, () =>
      fetch(`${base}/api/assessment/bycode`, {
        method: 'POST',
        headers: { ...json, ...auth },
        body: JSON.stringify({ query: 'trial' }),
      }),
    ),
    await measure('POST /api/assessmentresult/add (46 answers)', 300, 10, submit),
    await measure('POST /api/admin/organization/add (3 users, 6 invites)', 300, 4, addManufacturer),
    await measure('POST /api/admin/organization/search/bytype (12 of 300)', 1000, 20, () =>
      post('admin/organization/search/bytype', { query: '', skip: 24, take: 12, type: 3 }),
    ),
    await measure('POST /api/admin/organization/search/bytype (name search)', 1000, 20, () =>
      post('admin/organization/search/bytype', { query: 'Manufacturer 1', skip: 0, take: 12, type: 3 }),
    ),
    await measure('POST /api/auth/login (argon2id)', 200, 4, () =>
      fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: loginBody }),
    ),
  ];
  // A refused save still answers 200, so count what was really made.
  const listed = (await (await post('admin/organization/search/bytype', { take: 1, type: 3 })).json()) as {
    count: number;
  };
  if (listed.count < made) throw new Error(`only ${listed.count} of ${made} manufacturers were saved`);
  const result = {
    at: new Date().toISOString(),
    node: process.version,
    database: config.databaseUrl ? 'postgres' : 'sqlite',
    cpus: os.cpus().length,
    rssMiB: Math.round(process.memoryUsage().rss / 1024 / 1024),
    samples,
  };
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.table(samples);
  console.log(`RSS after the run: ${result.rssMiB} MiB`);
  const out = path.resolve(import.meta.dirname, 'results/latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
