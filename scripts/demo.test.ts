import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';

describe('npm run demo', () => {
  it('adds users of every role who can sign in, and a second run adds nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-demo-'));
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const tsx = path.resolve('node_modules/.bin/tsx');
    const first = execFileSync(tsx, ['scripts/demo.ts'], { env, encoding: 'utf8' });
    expect(first).toContain('Demo data added');
    expect(execFileSync(tsx, ['scripts/demo.ts'], { env, encoding: 'utf8' })).toContain('already there');

    const app = await buildApp({
      ...loadConfig({ LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Admin#Demo1' }),
      dataDir,
      webDir: undefined,
    });
    const roles = new Set<string>();
    for (const userName of ['consultant1', 'champion1', 'operator1', 'visitor1']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName, password: 'Demo#Pass2024' },
      });
      roles.add(res.json().data.user.role);
    }
    expect([...roles].sort()).toEqual(['consultant', 'manufacturer', 'manufacturer-champion', 'visitor']);
    // Completed assessments come with the demo: champion1's current state scores, operator1 has one to take.
    const champion = (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: 'champion1', password: 'Demo#Pass2024' },
      })
    ).json().data.token;
    const completed = (
      await app.inject({
        method: 'POST',
        url: '/api/assessment/completed/mine',
        payload: {},
        headers: { authorization: `Bearer ${champion}` },
      })
    ).json();
    expect(completed.data.map((r: { assessment: { code: string } }) => r.assessment.code)).toEqual([
      'current-state',
    ]);
    const scores = (
      await app.inject({
        method: 'POST',
        url: '/api/assessmentresult/scores/byid',
        payload: { id: completed.data[0].id },
        headers: { authorization: `Bearer ${champion}` },
      })
    ).json();
    expect(scores.sections).toHaveLength(8);
    expect(scores.overall.score).toBeGreaterThan(1);
    const operator = (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: 'operator1', password: 'Demo#Pass2024' },
      })
    ).json().data.token;
    const pendingInvites = (
      await app.inject({
        method: 'POST',
        url: '/api/assessment/invites/pending/mine',
        payload: {},
        headers: { authorization: `Bearer ${operator}` },
      })
    ).json();
    expect(pendingInvites.count).toBe(2);
    const pending = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: 'pending1', password: 'Demo#Pass2024' },
    });
    expect(pending.json().isSuccess).toBe(false);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
