import { manufacturerBody } from './organizationBody.js';
import type { SeedManifest } from './seed/dataset.js';

// The endpoints under load, each as autocannon sends it: real tokens (the administrator's, and a
// manufacturer champion's for the assessment), real bodies, and a unique body per request where the
// product would refuse a repeat (submissions, organizations with their users).

/** Which target of docs/decisions.md#operations-bench applies: reads (ratio and p99), the submission rate, or none (login). */
export type TargetKind = 'read' | 'submit' | 'none';

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

/** The nine endpoints of docs/decisions.md#operations-bench, ready for autocannon against `base`. */
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
    { name: 'GET auth/profile', method: 'GET', path: '/api/auth/profile', headers: asAdmin, target: 'read' },
    {
      name: 'GET admin/lookup/getall',
      method: 'GET',
      path: '/api/admin/lookup/getall',
      headers: asAdmin,
      target: 'read',
    },
    {
      name: `POST assessment/bycode (${questions} questions)`,
      method: 'POST',
      path: '/api/assessment/bycode',
      headers: asChampion,
      body: JSON.stringify({ query: 'current-state' }),
      target: 'read',
    },
    {
      name: "POST admin/user/search ('smith', 50)",
      method: 'POST',
      path: '/api/admin/user/search',
      headers: asAdmin,
      body: JSON.stringify({ query: 'smith', skip: 0, take: 50 }),
      target: 'read',
    },
    {
      name: 'POST admin/organization/search/bytype (50)',
      method: 'POST',
      path: '/api/admin/organization/search/bytype',
      headers: asAdmin,
      body: JSON.stringify({ query: '', skip: 0, take: 50, type: 3 }),
      target: 'read',
    },
    {
      name: 'POST admin/assessmentinvite/search (50)',
      method: 'POST',
      path: '/api/admin/assessmentinvite/search',
      headers: asAdmin,
      body: JSON.stringify({ query: '', skip: 0, take: 50 }),
      target: 'read',
    },
    {
      // docs/product.md#insights-progress: every manufacturer in an admin's reach; its own target is one user's p99 (insights.ts).
      name: 'POST organization/portfolio (50 of 2,000)',
      method: 'POST',
      path: '/api/organization/portfolio',
      headers: asAdmin,
      body: JSON.stringify({ query: '', skip: 0, take: 50 }),
      target: 'none',
    },
    {
      name: `POST assessmentresult/add (${questions} answers)`,
      method: 'POST',
      path: '/api/assessmentresult/add',
      headers: asChampion,
      body: JSON.stringify({ assessmentResult: { ...trial, startDateTime: '{{iso}}' } }),
      unique: true,
      expect: SUCCESS,
      target: 'submit',
    },
    {
      name: 'POST admin/organization/add (10 users, 20 invites)',
      method: 'POST',
      path: '/api/admin/organization/add',
      headers: asAdmin,
      body: JSON.stringify(organization),
      unique: true,
      expect: SUCCESS,
      target: 'none',
    },
  ];
  return { list, adminToken: admin };
}
