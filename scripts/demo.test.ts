import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';

const tsx = path.resolve('node_modules/.bin/tsx');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh, empty data folder, removed after the test. */
function emptyDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-demo-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** Runs `npm run demo` on the data folder, with only the given administrator settings. */
function runDemo(dataDir: string, admin: { ADMIN_PASSWORD?: string } = {}): string {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...admin };
  for (const name of ['DATABASE_URL', 'ADMIN_USERNAME', 'ADMIN_EMAIL'] as const) delete env[name];
  if (!admin.ADMIN_PASSWORD) delete env.ADMIN_PASSWORD;
  return execFileSync(tsx, ['scripts/demo.ts'], { env, encoding: 'utf8' });
}

/** The server a later `npm start` would run on the folder; its own ADMIN_PASSWORD creates no one. */
async function startOn(dataDir: string): Promise<FastifyInstance> {
  const app = await buildApp({
    ...loadConfig({ LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Not#TheDemo1' }),
    dataDir,
    webDir: undefined,
  });
  cleanups.push(() => app.close());
  return app;
}

async function login(app: FastifyInstance, userName: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { userName, password } });
  return res.json() as {
    isSuccess: boolean;
    data?: { token: string; user: { role: string; requireChangePassword: boolean } };
  };
}

describe('npm run demo', () => {
  it('on an empty data folder creates the first administrator as a start does (ADMIN_PASSWORD)', async () => {
    const dataDir = emptyDataDir();
    const output = runDemo(dataDir, { ADMIN_PASSWORD: 'Admin#Demo1' });
    expect(output).toContain("First administrator 'admin' created");
    expect(output).not.toContain('generated password');
    expect(output).toContain('Demo data added');

    const app = await startOn(dataDir);
    const admin = await login(app, 'admin', 'Admin#Demo1');
    expect(admin.isSuccess).toBe(true);
    expect(admin.data?.user.role).toBe('admin');
    expect(admin.data?.user.requireChangePassword).toBe(false);
    // The administrator sees the demo's organizations.
    const firms = (
      await app.inject({
        method: 'POST',
        url: '/api/admin/organization/search',
        payload: { query: 'Keystone', skip: 0, take: 12 },
        headers: { authorization: `Bearer ${admin.data?.token}` },
      })
    ).json();
    expect(firms.count).toBeGreaterThan(0);
  });

  it('without ADMIN_PASSWORD prints the generated password once; it signs in and must be changed', async () => {
    const dataDir = emptyDataDir();
    const output = runDemo(dataDir);
    const generated = output.match(
      /First administrator 'admin' created with the generated password (\S+) \(change it at first login\)/,
    )?.[1];
    expect(generated).toBeDefined();
    expect(runDemo(dataDir)).not.toContain('First administrator');

    const app = await startOn(dataDir);
    const admin = await login(app, 'admin', generated as string);
    expect(admin.isSuccess).toBe(true);
    expect(admin.data?.user.role).toBe('admin');
    expect(admin.data?.user.requireChangePassword).toBe(true);
  });

  it('adds users of every role who can sign in, and a second run adds nothing', async () => {
    const dataDir = emptyDataDir();
    expect(runDemo(dataDir, { ADMIN_PASSWORD: 'Admin#Demo1' })).toContain('Demo data added');
    expect(runDemo(dataDir, { ADMIN_PASSWORD: 'Admin#Demo1' })).toContain('already there');

    const app = await startOn(dataDir);
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
  });
});

describe('npm run demo shows every insight with real figures (docs/decisions.md#operations-demo-data)', () => {
  it('Role Alignment, Progress and Peers of the showcase manufacturer, for its champion and consultant', async () => {
    const dataDir = emptyDataDir();
    runDemo(dataDir, { ADMIN_PASSWORD: 'Admin#Demo1' });
    const app = await startOn(dataDir);
    const tokenOf = async (userName: string, password = 'Demo#Pass2024') =>
      (await login(app, userName, password)).data?.token as string;
    const post = async (token: string, url: string, payload: object) =>
      (
        await app.inject({
          method: 'POST',
          url: `/api/${url}`,
          payload,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
    const admin = await tokenOf('admin', 'Admin#Demo1');
    const found = await post(admin, 'admin/organization/search', {
      query: 'Granite Valley',
      skip: 0,
      take: 12,
    });
    const id = found.data[0].id as number;

    // Five manufacturers and more are in the benchmark: the administrator's CSV has a row for each.
    const csv = await app.inject({
      method: 'GET',
      url: '/api/admin/benchmark/download',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.body.trim().split('\n').length - 1).toBeGreaterThanOrEqual(5);

    for (const userName of ['champion4', 'consultant1']) {
      const token = await tokenOf(userName);
      // Role Alignment: three role groups of 3 or more people, whose views of the sections differ.
      for (const assessmentType of [1, 2]) {
        const alignment = await post(token, 'organization/alignment', { id, assessmentType });
        expect(alignment.groups.map((g: { name: string }) => g.name).sort()).toEqual([
          'Engineering & Quality',
          'Leadership',
          'Operations',
        ]);
        for (const group of alignment.groups) expect(group.respondents).toBeGreaterThanOrEqual(3);
        expect(alignment.sections).toHaveLength(8);
        expect(alignment.sections[0].spread).toBeGreaterThan(0.3);
      }

      // Progress: three closed rounds on different dates, each better than the one before, below the target.
      const progress = await post(token, 'organization/progress', { id });
      const rounds = progress.rounds as { closedOn: string; overall: number; respondents: number }[];
      expect(rounds.length).toBeGreaterThanOrEqual(2);
      expect(new Set(rounds.map((r) => r.closedOn.slice(0, 10))).size).toBe(rounds.length);
      for (let i = 1; i < rounds.length; i++)
        expect(rounds[i]!.overall).toBeGreaterThan(rounds[i - 1]!.overall);
      const target = progress.target.sections as { average: number }[];
      const targetOverall = target.reduce((sum, s) => sum + s.average, 0) / target.length;
      expect(targetOverall).toBeGreaterThan(rounds.at(-1)!.overall + 0.5);

      // Peers: figures from benchmarked manufacturers the caller cannot read.
      const peers = await post(token, 'assessmentresult/peers', { id });
      expect(peers.contributors).toBeGreaterThanOrEqual(6);
      expect(peers.sections).toHaveLength(8);
      for (const s of peers.sections) expect(s.q1).toBeLessThanOrEqual(s.q3);
    }

    // Another firm's consultant reads all five peers of its own clients: no figures, the rule at work.
    const consultant3 = await tokenOf('consultant3');
    const prairie = await post(admin, 'admin/organization/search', { query: 'Bluewater', skip: 0, take: 12 });
    const peersOfClient = await post(consultant3, 'assessmentresult/peers', { id: prairie.data[0].id });
    expect(peersOfClient.sections).toEqual([]);
    // The first three manufacturers' champions see peer figures too.
    const champion1 = await tokenOf('champion1');
    const ridgeline = await post(admin, 'admin/organization/search', {
      query: 'Ridgeline',
      skip: 0,
      take: 12,
    });
    expect(
      (await post(champion1, 'assessmentresult/peers', { id: ridgeline.data[0].id })).sections,
    ).toHaveLength(8);
  });
});
