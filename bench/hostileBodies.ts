import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { rawJsonWithinLimits, withinJsonLimits } from '../server/http/bodyLimits.js';

// docs/decisions.md#http-body-limits, finding 7: what a signed-in caller's hostile JSON body costs the server. A 4 MiB body of
// 500,000 keys used to be parsed whole before the key cap applied. This script measures, on SQLite and
// in one process (the app answering through inject, as in the tests):
//   - the CPU of the old path over such a body (JSON.parse, then the walk over what it built) against
//     the raw-text count that now runs first;
//   - the CPU per hostile request to each route the finding named, and to a 5 MiB rich-text route.
// The server answers one request at a time per process: what a hostile body costs in CPU, everyone
// else's request waits (the probe saw /api/health go from 2 ms to 2.15 s beside 8 of them). Latency
// beside them is left to a two-process load (bench/load.ts); here client and server share one loop.
// Run: npx tsx bench/hostileBodies.ts. Figures go to the console; nothing is asserted (house rule:
// speed is measured in benchmarks, not in timed tests).

const ADMIN_PASSWORD = 'Bench#Hostile2026';
const KEYS = 500_000;
const body = `{${Array.from({ length: KEYS }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`;

/** Milliseconds of CPU (user + system) that fn costs, the median of `runs`. */
async function cpuMs(runs: number, fn: () => unknown): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-hostile-'));
  const app = await buildApp({
    ...loadConfig({ LOG_LEVEL: 'silent', ADMIN_PASSWORD, WRITE_LIMIT_FACTOR: '100000' }),
    dataDir,
    webDir: undefined,
  });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: 'admin', password: ADMIN_PASSWORD },
    });
    const token = login.json().data.token as string;
    const send = (url: string, payload: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });

    console.log(`hostile body: ${KEYS} keys, ${(body.length / 1024 / 1024).toFixed(2)} MiB`);
    const oldPath = await cpuMs(5, () => withinJsonLimits(JSON.parse(body)));
    const newPath = await cpuMs(5, () => rawJsonWithinLimits(body));
    console.log(`old path (JSON.parse + walk): ${oldPath.toFixed(1)} ms CPU`);
    console.log(`raw-text count (stops at the cap): ${newPath.toFixed(2)} ms CPU`);
    // The count's worst case: the whole text read, no cap reached (a million short strings, no keys).
    const fullScan = `[${'"x" '.repeat(Math.floor(body.length / 4))}]`;
    const worst = await cpuMs(5, () => rawJsonWithinLimits(fullScan));
    console.log(
      `raw-text count over ${(fullScan.length / 1024 / 1024).toFixed(1)} MiB read to the end: ${worst.toFixed(1)} ms CPU`,
    );

    const routes: [string, string][] = [
      ['/api/assessmentresult/add', `{"assessmentResult":${body}}`],
      ['/api/assessmentresult/overwrite', `{"assessmentResult":${body}}`],
      ['/api/assessmentdraft/save', `{"code":"trial","criteria":${body}}`],
      ['/api/admin/section/add', `{"caption":"x","extra":${body}}`],
    ];
    for (const [url, payload] of routes) {
      let answer = '';
      const ms = await cpuMs(5, async () => {
        const res = await send(url, payload);
        answer = `${res.statusCode} ${res.json().message}`;
      });
      console.log(`${url}: ${ms.toFixed(1)} ms CPU per request -> ${answer}`);
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
