import { manufacturerBody } from './organizationBody.js';
import type { SeedManifest } from './seed/dataset.js';

// The endpoints under load, each as autocannon sends it: real tokens (the administrator's, and a
// manufacturer champion's for the assessment), real bodies, and a unique body per request where the
// product would refuse a repeat (submissions, organizations with their users). Each carries the class
// of the targets of docs/decisions.md#operations-bench-targets that applies to it (bench/report.ts `targets`).

/**
 * Which of the targets of docs/decisions.md#operations-bench-targets applies: every search and list ('list'), point reads ('point'), the
 * submission rate ('submit'), saving an organization with its people ('organization'), or none (login).
 */
export type TargetKind = 'list' | 'point' | 'submit' | 'organization' | 'none';

export type Endpoint = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The body and headers hold {{n}}-style placeholders: each request is made unique. */
  unique?: boolean;
  /** Text each answer must contain (an envelope's success): a refused write is an error too. */
  expect?: string;
  target: TargetKind;
};

export const SUCCESS = '"isSuccess":true';
const json = { 'content-type': 'application/json' };

async function call<T>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export async function login(base: string, userName: string, password: string): Promise<string> {
  const answer = await call<{ isSuccess: boolean; message: string; data?: { token: string } }>(
    base,
    'POST',
    '/api/auth/login',
    undefined,
    { userName, password },
  );
  if (!answer.data?.token) throw new Error(`login as ${userName} refused: ${answer.message}`);
  return answer.data.token;
}

type Criteria = {
  assessmentId: number;
  sections: { questions: { value: unknown; choices: { id: number; selected: boolean }[] }[] }[];
};

/** The endpoints of the targets of docs/decisions.md#operations-bench-targets, ready for autocannon against `base`. */
export async function endpoints(base: string, seed: SeedManifest) {
  const admin = await login(base, seed.adminUserName, seed.password);
  const champion = await login(base, seed.championUserName, seed.password);
  const asAdmin = { ...json, authorization: `Bearer ${admin}` };
  const asChampion = { ...json, authorization: `Bearer ${champion}` };

  const lookups = await call<Parameters<typeof manufacturerBody>[0]>(
    base,
    'GET',
    '/api/admin/lookup/getall',
    admin,
  );
  const bycode = (query: string) =>
    call<Criteria>(base, 'POST', '/api/assessment/bycode', champion, { query });
  const [current, future, trial] = await Promise.all([
    bycode('current-state'),
    bycode('future-state'),
    bycode('trial'),
  ]);

  // A complete answer to every question, as the web app sends it on submit.
  for (const section of trial.sections)
    for (const q of section.questions) {
      const choice = q.choices[2] ?? q.choices[0];
      if (choice) {
        choice.selected = true;
        q.value = choice.id;
      }
    }
  const questions = trial.sections.reduce((n, s) => n + s.questions.length, 0);

  const organization = manufacturerBody(
    lookups,
    { current: current.assessmentId, future: future.assessmentId },
    0,
    10,
  );
  organization.organization.name = 'Load Manufacturer {{run}}-{{n}}';
  for (const [i, user] of organization.users.entries()) {
    user.userName = `load-{{run}}-{{n}}-${i}`;
    user.fullName = `Load Person {{n}}-${i}`;
    user.email = `load-{{run}}-{{n}}-${i}@example.com`;
  }

  const post = (name: string, path: string, body: unknown, target: TargetKind, as = asAdmin): Endpoint => ({
    name,
    method: 'POST',
    path,
    headers: as,
    body: JSON.stringify(body),
    target,
  });
  const page = { skip: 0, take: 50 };
  const missed = (name: string, path: string): Endpoint => ({
    name,
    method: 'POST',
    path,
    headers: asAdmin,
    body: '{"query":"","skip":{{n}},"take":50}',
    unique: true,
    target: 'none',
  });
  // A later page: half way through the manufacturers (the portfolio lists every one of them).
  const laterSkip = Math.floor(seed.params.manufacturers / 2 / 50) * 50;
  const s = seed.sample;

  const list: Endpoint[] = [
    {
      name: 'POST auth/login',
      method: 'POST',
      path: '/api/auth/login',
      // Many clients behind the institute's proxy: each request from its own address.
      headers: { ...json, 'x-forwarded-for': '{{ip}}' },
      body: JSON.stringify({ userName: 'mfr0002-user001', password: seed.password }),
      unique: true,
      expect: SUCCESS,
      target: 'none',
    },
    // Point reads.
    { name: 'GET auth/profile', method: 'GET', path: '/api/auth/profile', headers: asAdmin, target: 'point' },
    {
      name: 'GET admin/lookup/getall',
      method: 'GET',
      path: '/api/admin/lookup/getall',
      headers: asAdmin,
      target: 'point',
    },
    post(
      `POST assessment/bycode (${questions} questions)`,
      '/api/assessment/bycode',
      { query: 'current-state' },
      'point',
      asChampion,
    ),
    post('POST admin/user/getbyid', '/api/admin/user/getbyid', { id: s.userId }, 'point'),
    post(
      'POST admin/organization/getbyid',
      '/api/admin/organization/getbyid',
      { id: s.organizationId },
      'point',
    ),
    post(
      'POST assessmentresult/getbyid/retake',
      '/api/assessmentresult/getbyid/retake',
      { id: s.resultId, code: s.resultCode },
      'point',
    ),
    // Every search and list, 50 rows a page.
    post("POST admin/user/search ('smith')", '/api/admin/user/search', { query: 'smith', ...page }, 'list'),
    post('POST admin/user/search (no text)', '/api/admin/user/search', { query: '', ...page }, 'list'),
    post(
      'POST admin/organization/search/bytype (manufacturers)',
      '/api/admin/organization/search/bytype',
      { query: '', ...page, type: 3 },
      'list',
    ),
    post(
      'POST admin/assessmentinvite/search (no filter)',
      '/api/admin/assessmentinvite/search',
      { query: '', ...page },
      'list',
    ),
    post(
      "POST admin/assessmentinvite/search ('smith')",
      '/api/admin/assessmentinvite/search',
      { query: 'smith', ...page },
      'list',
    ),
    post(
      'POST admin/assessmentinvite/search (future state)',
      '/api/admin/assessmentinvite/search',
      { query: '', ...page, assessmentType: 2 },
      'list',
    ),
    post(
      'POST admin/assessmentinvite/search (not complete)',
      '/api/admin/assessmentinvite/search',
      { query: '', ...page, isComplete: false },
      'list',
    ),
    post(
      'POST admin/assessmentinvite/search (complete)',
      '/api/admin/assessmentinvite/search',
      { query: '', ...page, isComplete: true },
      'list',
    ),
    post(
      'POST admin/assessmentinvite/search (unassigned)',
      '/api/admin/assessmentinvite/search',
      { query: '', ...page, unassigned: true },
      'list',
    ),
    post(
      'POST organization/portfolio (first page)',
      '/api/organization/portfolio',
      { query: '', ...page },
      'list',
    ),
    post(
      // Named without its rows, so the scaling mode's sizes compare like with like.
      'POST organization/portfolio (middle page)',
      '/api/organization/portfolio',
      { query: '', skip: laterSkip, take: 50 },
      'list',
    ),
    post(
      'POST organization/portfolio (needs attention)',
      '/api/organization/portfolio',
      { query: '', ...page, needsAttention: true },
      'list',
    ),
    post('POST admin/audit/search (no text)', '/api/admin/audit/search', { query: '', ...page }, 'list'),
    post(
      "POST admin/audit/search ('submit')",
      '/api/admin/audit/search',
      { query: 'submit', ...page },
      'list',
    ),
    post(
      'POST admin/sharelink/search (no text)',
      '/api/admin/sharelink/search',
      { query: '', ...page },
      'list',
    ),
    post(
      "POST admin/sharelink/search ('precision')",
      '/api/admin/sharelink/search',
      { query: 'precision', ...page },
      'list',
    ),
    // The report manufacturer's plan (docs/decisions.md#insights-actions): its 300 actions, first page,
    // and the overdue ones.
    post(
      'POST organization/action/search (300 actions)',
      '/api/organization/action/search',
      { organizationId: seed.reportOrganizationId, ...page },
      'list',
    ),
    post(
      'POST organization/action/search (overdue)',
      '/api/organization/action/search',
      { organizationId: seed.reportOrganizationId, overdue: true, ...page },
      'list',
    ),
    // The other side of the kept pages (docs/decisions.md#kept-pages): each request asks for a page
    // never asked before (skip is the request's number), so each is built afresh, as after a write.
    // Printed beside the lists, judged by no target.
    missed('POST admin/user/search (no text, a new page each time)', '/api/admin/user/search'),
    missed(
      'POST admin/assessmentinvite/search (no filter, a new page each time)',
      '/api/admin/assessmentinvite/search',
    ),
    // Writes, last: they add rows the reads above would otherwise see.
    {
      name: `POST assessmentresult/add (${questions} answers)`,
      method: 'POST',
      path: '/api/assessmentresult/add',
      // The web app sends a key with every submission and save: the real write path reads and keeps it.
      headers: { ...asChampion, 'idempotency-key': 'bench-{{run}}-{{n}}-submit' },
      body: JSON.stringify({ assessmentResult: { ...trial, startDateTime: '{{iso}}' } }),
      unique: true,
      expect: SUCCESS,
      target: 'submit',
    },
    {
      name: 'POST admin/organization/add (10 users, 20 invites)',
      method: 'POST',
      path: '/api/admin/organization/add',
      headers: { ...asAdmin, 'idempotency-key': 'bench-{{run}}-{{n}}-organization' },
      body: JSON.stringify(organization),
      unique: true,
      expect: SUCCESS,
      target: 'organization',
    },
  ];
  return { list, adminToken: admin };
}
