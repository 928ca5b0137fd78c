import fs from 'node:fs';
import path from 'node:path';
import { nowIso, openDatabase } from '../server/db/database.js';
import { rssMiB, withBenchServer } from './benchServer.js';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);

async function main() {
  await withBenchServer('smr-bench-csv-', async ({ base, pid, dataDir, password }) => {
    // Seed through the same data layer, from this process, while the server runs.
    const seedStarted = performance.now();
    const { db, close } = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
    const now = nowIso();
    const org = await db
      .insertInto('organizations')
      .values({
        name: 'Bench Manufacturing, Inc.',
        code: `bench-${Date.now()}`,
        type: 3,
        excludeFromBenchmark: 0,
        anonymizeResults: 0,
        isActive: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const run = Date.now().toString(36);
    for (let start = 0; start < USERS; start += 500) {
      const rows = Array.from({ length: Math.min(500, USERS - start) }, (_, k) => {
        const n = start + k;
        const userName = `bench-${run}-${n}`;
        return {
          userName,
          userNameKey: userName,
          fullName: n % 10 === 0 ? `Zoë "Q" O'Brien, ${n}` : `Bench Person ${n}`,
          email: `${userName}@example.com`,
          phoneNumber: n % 7 === 0 ? '=1+1' : '555-0100',
          userGroup: 4,
          organizationId: org.id,
          status: 2,
          isActive: 1,
          isSuspended: 0,
          excludeFromReport: 0,
          requireChangePassword: 0,
          tokenVersion: 0,
          lastLogin: now,
          createdAt: now,
          updatedAt: now,
        };
      });
      await db.insertInto('users').values(rows).execute();
    }
    await close();
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const download = async () => {
      let peak = rssMiB(pid);
      const timer = setInterval(() => {
        peak = Math.max(peak, rssMiB(pid));
      }, 25);
      const started = performance.now();
      const res = await fetch(`${base}/api/admin/user/download/all`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ Query: null, Skip: null, Take: null }),
      });
      if (!res.ok || !res.body) throw new Error(`download: HTTP ${res.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      clearInterval(timer);
      return {
        seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
        megabytes: Number((bytes / 1024 / 1024).toFixed(1)),
        lines,
        peakRssMiB: peak,
      };
    };

    const idleRssMiB = rssMiB(pid);
    const first = await download();
    const afterFirstMiB = rssMiB(pid);
    const second = await download();
    const afterSecondMiB = rssMiB(pid);
    // The paged list over the same users: a deep page, and a name search (count included).
    const searchMs = async (body: object) => {
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const t = performance.now();
        const res = await fetch(`${base}/api/admin/user/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        times.push(performance.now() - t);
      }
      return Number(times.sort((a, b) => a - b)[5]!.toFixed(1));
    };
    const search = {
      deepPageP50ms: await searchMs({ query: '', skip: Math.floor(USERS / 2), take: 12 }),
      nameQueryP50ms: await searchMs({ query: 'person 4242', skip: 0, take: 12 }),
    };
    const result = {
      at: new Date().toISOString(),
      node: process.version,
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      users: USERS,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      serverRssMiB: { idleBefore: idleRssMiB, afterFirst: afterFirstMiB, afterSecond: afterSecondMiB },
      downloads: [first, second],
      search,
    };
    console.log(JSON.stringify(result, null, 2));
    if (first.lines < USERS + 1) throw new Error(`the CSV has ${first.lines} lines for ${USERS} users`);
    const out = path.resolve(import.meta.dirname, 'results/userCsv.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
