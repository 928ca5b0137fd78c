import { nearestRank } from './percentile.js';
import type { SeedManifest } from './seed/dataset.js';

// The insight reads of docs/product.md#insights-portfolio over the large dataset, as one user opening them: the client portfolio
// (every one of 2,000 manufacturers in reach of an admin, and a consultant's own clients), and role
// alignment and progress of the 500-respondent report manufacturer. Each is asked WARMUP times, then
// RUNS times one after the other; the figures are the median and p99 of the time to the last byte.
// Sequential on purpose: the targets are what one person waits for, not a queue behind 32 connections
// (the portfolio also runs under the load table's 32 connections, in endpoints.ts).

export const insightTargets = { portfolioP99Ms: 100, organizationP99Ms: 200, planP99Ms: 100 };

export type InsightFigures = {
  name: string;
  runs: number;
  p50: number;
  p99: number;
  maxMs: number;
  /** What the answer held: rows of a page, sections, rounds. */
  size: string;
  targetMs: number;
  met: boolean;
};

const WARMUP = 5;
const RUNS = 100;

type Read = {
  name: string;
  path: string;
  token: string;
  body: unknown;
  targetMs: number;
  size: (data: unknown) => string;
};

async function post(base: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  // Searches answer { data, count }, getters the object itself (docs/product.md#calls-conventions).
  const answer = JSON.parse(text) as { isSuccess?: boolean };
  if (answer.isSuccess === false) throw new Error(`${path}: refused ${text.slice(0, 300)}`);
  return answer as unknown;
}

async function measure(base: string, read: Read): Promise<InsightFigures> {
  let data: unknown;
  for (let i = 0; i < WARMUP; i++) data = await post(base, read.token, read.path, read.body);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await post(base, read.token, read.path, read.body);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  const p99 = round(nearestRank(times, 0.99));
  return {
    name: read.name,
    runs: RUNS,
    p50: round(nearestRank(times, 0.5)),
    p99,
    maxMs: round(times[times.length - 1] as number),
    size: read.size(data),
    targetMs: read.targetMs,
    met: p99 < read.targetMs,
  };
}

const rows = (data: unknown) => {
  const d = data as { data?: unknown[]; count?: number };
  return `${d.data?.length ?? 0} of ${d.count ?? 0}`;
};

/** Times every insight read; `tokens` are an admin's and a consultant's of the seeded firms. */
export async function measureInsights(
  base: string,
  seed: SeedManifest,
  tokens: { admin: string; consultant: string },
): Promise<InsightFigures[]> {
  const org = seed.reportOrganizationId;
  const portfolio = '/api/organization/portfolio';
  const reads: Read[] = [
    {
      name: 'portfolio, admin, first page of 50',
      path: portfolio,
      token: tokens.admin,
      body: { query: '', skip: 0, take: 50 },
      targetMs: insightTargets.portfolioP99Ms,
      size: rows,
    },
    {
      name: 'portfolio, admin, page 20 of 50',
      path: portfolio,
      token: tokens.admin,
      body: { query: '', skip: 950, take: 50 },
      targetMs: insightTargets.portfolioP99Ms,
      size: rows,
    },
    {
      name: 'portfolio, admin, needs attention',
      path: portfolio,
      token: tokens.admin,
      body: { query: '', skip: 0, take: 50, needsAttention: true },
      targetMs: insightTargets.portfolioP99Ms,
      size: rows,
    },
    {
      name: "portfolio, admin, search 'precision'",
      path: portfolio,
      token: tokens.admin,
      body: { query: 'precision', skip: 0, take: 50 },
      targetMs: insightTargets.portfolioP99Ms,
      size: rows,
    },
    {
      name: 'portfolio, consultant, own clients',
      path: portfolio,
      token: tokens.consultant,
      body: { query: '', skip: 0, take: 50 },
      targetMs: insightTargets.portfolioP99Ms,
      size: rows,
    },
    ...[1, 2].map((assessmentType) => ({
      name: `role alignment, ${assessmentType === 1 ? 'current' : 'future'} state, 500 respondents`,
      path: '/api/organization/alignment',
      token: tokens.admin,
      body: { id: org, assessmentType },
      targetMs: insightTargets.organizationP99Ms,
      size: (data: unknown) => {
        const d = data as { groups?: unknown[]; sections?: unknown[] };
        return `${d.groups?.length ?? 0} groups, ${d.sections?.length ?? 0} sections`;
      },
    })),
    {
      name: 'progress, 500 respondents',
      path: '/api/organization/progress',
      token: tokens.admin,
      body: { id: org },
      targetMs: insightTargets.organizationP99Ms,
      size: (data: unknown) => {
        const d = data as { rounds?: unknown[]; target?: unknown };
        return `${d.rounds?.length ?? 0} rounds, target ${d.target ? 'set' : 'none'}`;
      },
    },
    {
      name: 'plan, 500 respondents, 300 actions',
      path: '/api/organization/plan',
      token: tokens.admin,
      body: { id: org },
      targetMs: insightTargets.planP99Ms,
      size: (data: unknown) => {
        const d = data as { sections?: { actions: { open: number; done: number } }[] };
        const counted = (d.sections ?? []).reduce((n, s) => n + s.actions.open + s.actions.done, 0);
        return `${d.sections?.length ?? 0} sections, ${counted} open or done`;
      },
    },
  ];
  const figures: InsightFigures[] = [];
  for (const read of reads) figures.push(await measure(base, read));
  return figures;
}
