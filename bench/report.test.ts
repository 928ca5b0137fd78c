import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.js';
import {
  type DatabaseFigures,
  type EndpointFigures,
  endpointVerdict,
  markdownRun,
  markdownTable,
  p50GrowthVerdict,
  postgresVerdict,
  processesVerdict,
  type RunFigures,
  rssGrowthVerdict,
} from './report.js';

// The verdicts of docs/decisions.md#operations-bench-targets, as bench/run.ts and bench/scaling.ts print them: pure functions of the figures.

const load = (figures: Partial<LoadResult>): LoadResult => ({
  requests: 1000,
  rps: 1000,
  p50: 5,
  p99: 10,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  mismatches: 0,
  statusCodes: { '200': 1000 },
  seconds: 8,
  busyCores: 1,
  ...figures,
});

describe('endpointVerdict', () => {
  it('holds a list to 0.05 of the baseline and a p99 under 50 ms', () => {
    expect(endpointVerdict('list', 'sqlite', load({ p99: 49 }), 0.05)).toEqual({
      target: '>= 0.05x, p99 < 50 ms',
      met: true,
    });
    expect(endpointVerdict('list', 'sqlite', load({ p99: 50 }), 0.5).met).toBe(false);
    expect(endpointVerdict('list', 'postgres', load({ p99: 10 }), 0.049).met).toBe(false);
  });

  it('holds a point read to 0.3 of the baseline and a p99 under 20 ms', () => {
    expect(endpointVerdict('point', 'sqlite', load({ p99: 19 }), 0.3).met).toBe(true);
    expect(endpointVerdict('point', 'sqlite', load({ p99: 20 }), 0.9).met).toBe(false);
    expect(endpointVerdict('point', 'sqlite', load({ p99: 5 }), 0.29).met).toBe(false);
  });

  it('asks more submissions a second of SQLite than of PostgreSQL', () => {
    const figures = load({ rps: 400, p99: 100 });
    expect(endpointVerdict('submit', 'sqlite', figures, 0.5)).toEqual({
      target: '> 500/s, p99 < 200 ms',
      met: false,
    });
    expect(endpointVerdict('submit', 'postgres', figures, 0.5)).toEqual({
      target: '> 300/s, p99 < 200 ms',
      met: true,
    });
    expect(endpointVerdict('submit', 'postgres', load({ rps: 400, p99: 200 }), 0.5).met).toBe(false);
  });

  it('holds saving an organization to over 150 a second on both databases', () => {
    expect(endpointVerdict('organization', 'sqlite', load({ rps: 151, p99: 150 }), 0.1).met).toBe(true);
    expect(endpointVerdict('organization', 'postgres', load({ rps: 150, p99: 150 }), 0.1).met).toBe(false);
  });

  it('fails any endpoint with a failed request, and gives login no target', () => {
    expect(endpointVerdict('list', 'sqlite', load({ non2xx: 1 }), 1)).toEqual({
      target: 'no failures',
      met: false,
    });
    expect(endpointVerdict('point', 'sqlite', load({ mismatches: 1 }), 1).met).toBe(false);
    expect(endpointVerdict('none', 'sqlite', load({}), 0.01)).toEqual({ target: '-', met: null });
  });

  it('fails a load in which no answer came back (autocannon then reports a p99 of 0)', () => {
    expect(endpointVerdict('point', 'sqlite', load({ requests: 0, rps: 0, p50: 0, p99: 0 }), 0)).toEqual({
      target: 'answers within the load',
      met: false,
    });
  });
});

describe('postgresVerdict', () => {
  it('wants at least half the requests a second and at most twice the p99', () => {
    expect(postgresVerdict({ rps: 1000, p99: 10 }, { rps: 500, p99: 20 })).toEqual({
      rpsShare: 0.5,
      p99Factor: 2,
      met: true,
    });
    expect(postgresVerdict({ rps: 1000, p99: 10 }, { rps: 499, p99: 10 }).met).toBe(false);
    expect(postgresVerdict({ rps: 1000, p99: 10 }, { rps: 2000, p99: 21 }).met).toBe(false);
    expect(postgresVerdict({ rps: 1000, p99: 10 }, { rps: 0, p99: 0 }).met).toBe(false);
  });

  it('reads a p99 under 0.1 ms as 0.1 ms', () => {
    expect(postgresVerdict({ rps: 1000, p99: 0 }, { rps: 1000, p99: 0.2 })).toMatchObject({
      p99Factor: 2,
      met: true,
    });
    expect(postgresVerdict({ rps: 1000, p99: 0.8 }, { rps: 1000, p99: 1.7 }).met).toBe(false);
  });
});

describe('processesVerdict', () => {
  it('wants two processes to serve 1.6 times one, with no failures', () => {
    expect(processesVerdict({ rps: 1000, failed: 0 }, { rps: 1600, failed: 0 })).toEqual({
      factor: 1.6,
      met: true,
    });
    expect(processesVerdict({ rps: 1000, failed: 0 }, { rps: 1590, failed: 0 }).met).toBe(false);
    expect(processesVerdict({ rps: 1000, failed: 0 }, { rps: 3000, failed: 1 }).met).toBe(false);
    expect(processesVerdict({ rps: 0, failed: 0 }, { rps: 10, failed: 0 })).toEqual({
      factor: 0,
      met: false,
    });
  });
});

describe('scaling verdicts', () => {
  it('lets a p50 grow at most 1.5 times from the smallest dataset to the largest', () => {
    expect(p50GrowthVerdict([10, 30, 15])).toEqual({ growth: 1.5, met: true });
    expect(p50GrowthVerdict([10, 12, 16])).toEqual({ growth: 1.6, met: false });
    // Hundredths of a millisecond count (bench/load.ts): 1.2 to 1.9 ms is growth, not a tie.
    expect(p50GrowthVerdict([1.2, 1.5, 1.9])).toEqual({ growth: 1.58, met: false });
    // Under 0.1 ms nothing is told apart: 0 and 0.1 ms are alike, and no ratio has a zero under it.
    expect(p50GrowthVerdict([0, 0.1, 0.1])).toEqual({ growth: 1, met: true });
    // A size at which the list answered nothing within the load fails it.
    expect(p50GrowthVerdict([10, null, 10]).met).toBe(false);
  });

  it('lets memory under load grow at most 50 MB', () => {
    expect(rssGrowthVerdict([200, 230, 250])).toEqual({ growthMiB: 50, met: true });
    expect(rssGrowthVerdict([200, 210, 250.5])).toEqual({ growthMiB: 50.5, met: false });
  });
});

describe('markdownTable', () => {
  it('writes a header, right-aligned figures and escaped pipes', () => {
    expect(
      markdownTable([
        ['call', 'req/s'],
        ["search ('a|b')", '12'],
      ]),
    ).toBe("| call | req/s |\n| --- | ---: |\n| search ('a\\|b') | 12 |");
  });
});

describe('markdownRun', () => {
  const endpoint = (
    name: string,
    target: EndpointFigures['target'],
    rps: number,
    p99: number,
  ): EndpointFigures => {
    const product = load({ rps, p99 });
    return {
      name,
      target,
      rps,
      p50: 3,
      p99,
      baselineRps: 10_000,
      ratio: rps / 10_000,
      non2xx: 0,
      failed: 0,
      met: null,
      product,
      baseline: load({ rps: 10_000 }),
    };
  };
  const database = (name: DatabaseFigures['database'], endpoints: EndpointFigures[]): DatabaseFigures => ({
    database: name,
    seed: { hash: 'h', built: false, seconds: 0, builtInSeconds: 1, counts: { users: 50_000 } },
    startup: { runsMs: [700, 800, 900], medianMs: 800 },
    idleRssMiB: 120,
    endpoints,
    exports: {} as DatabaseFigures['exports'],
    insights: [],
    serverErrors: [],
    serverWarnings: [],
  });

  it('writes one row per endpoint with both databases, the target and the verdicts', () => {
    const run: RunFigures = {
      at: '2026-11-27T00:00:00.000Z',
      machine: { cpus: 2, cpuModel: 'cpu', memoryGiB: 24, node: 'v20', platform: 'linux' },
      settings: { connections: 32, seconds: 8, params: {} as RunFigures['settings']['params'] },
      databases: [
        database('sqlite', [endpoint('list A', 'list', 1000, 40), endpoint('submit', 'submit', 600, 100)]),
        database('postgres', [endpoint('list A', 'list', 400, 45), endpoint('submit', 'submit', 350, 150)]),
      ],
      totalSeconds: 1,
    };
    const lines = markdownRun(run).split('\n');
    expect(lines).toContain(
      '| list A | >= 0.05x, p99 < 50 ms | 1000 | 3 | 40 | 0.100 | ok | 400 | 3 | 45 | 0.040 | MISSED | MISSED |',
    );
    expect(lines).toContain(
      '| submit | > 500/s, p99 < 200 ms / > 300/s, p99 < 200 ms | 600 | 3 | 100 | 0.060 | ok | 350 | 3 | 150 | 0.035 | ok | ok |',
    );
    expect(lines).toContain(
      '- sqlite: start-up to healthy 800 ms (median of 3; target < 1000 ms ok), idle RSS 120 MiB.',
    );
  });
});
