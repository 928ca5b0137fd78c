import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// What the large dataset holds. Every count lives here; the cache is named by a hash of this object
// and of the migration list, so changing a count or adding a migration seeds anew.

export const seedParams = {
  /** Bump when the seed code changes what it writes. */
  version: 4,
  consultingFirms: 20,
  consultantsPerFirm: 5,
  /** Every manufacturer gets a roadmap in reporting, completed results and a generated benchmark. */
  manufacturers: 2_000,
  /** Users of every group together, the first administrator included. */
  users: 50_000,
  /** People of the visitors' organization (trial takers). */
  visitors: 500,
  /** Completed current-state results (every question answered), the report manufacturer's included. */
  results: 20_000,
  /** The manufacturer of the organization report: this many respondents, each with a result. */
  reportRespondents: 500,
  /**
   * The report manufacturer's respondents with a future-state result too (docs/product.md#insights-alignment: role alignment of
   * the future state and the progress target over 500 respondents). Counted on top of `results`.
   */
  reportFutureResults: 500,
  /** Closed progress rounds of the report manufacturer (docs/product.md#insights-progress), a quarter apart. */
  reportRounds: 4,
  /** Manufacturers with a shared roadmap link (admin/sharelink/search lists them), spread evenly. */
  shareLinks: 1_000,
  /** Actions of every manufacturer's plan (docs/decisions.md#insights-actions), and of the report manufacturer's. */
  actionsPerManufacturer: 5,
  reportActions: 300,
};

export type SeedParams = typeof seedParams;

/** The dataset sizes of the scaling mode (`npm run bench -- --scaling`): users, the rest in proportion. */
export const SCALING_USERS = [5_000, 50_000, 200_000] as const;

/**
 * The dataset with `users` people and the organizations, invites, results and share links in the same
 * proportion as seedParams (the report manufacturer's 500 respondents and its rounds stay as they
 * are: its reads are measured apart, and they must not shrink to nothing). At 50,000 users this is
 * seedParams itself, key for key, so the two share one cache.
 */
export function scaledParams(users: number): SeedParams {
  const f = users / seedParams.users;
  const scale = (n: number, least: number) => Math.max(least, Math.round(n * f));
  return {
    ...seedParams,
    consultingFirms: scale(seedParams.consultingFirms, 1),
    manufacturers: scale(seedParams.manufacturers, 2),
    users,
    visitors: scale(seedParams.visitors, 1),
    results: Math.max(seedParams.reportRespondents, scale(seedParams.results, 1)),
    shareLinks: scale(seedParams.shareLinks, 1),
  };
}

const root = path.resolve(import.meta.dirname, '../..');

/** The migrations the server runs (file names, sorted): a new one makes the cached schema stale. */
export function migrationList(): string[] {
  return fs
    .readdirSync(path.join(root, 'server/db/migrations'))
    .filter((f) => /^\d+_.*\.ts$/.test(f))
    .sort();
}

/** A short hash of the parameters and the migrations: the name of the cached dataset. */
export function seedHash(params: SeedParams = seedParams): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ params, migrations: migrationList() }))
    .digest('hex')
    .slice(0, 12);
}
