import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.js';
import { type PageTable, pageVersion } from '../repositories/pageVersions.js';
import { JSON_TYPE } from './envelope.js';

/**
 * Pages kept per database in all the lists together, and their bytes: the least recently asked go
 * first. A 50-row user page is about 40 KB, so the bytes bound the memory first (16 MB at most).
 */
export const KEPT_PAGE_LIMITS = { pages: 400, bytes: 16 * 1024 * 1024 };

type Kept = { version: number; bytes: Buffer };
type Pages = { entries: Map<string, Kept>; bytes: number; building: Map<string, Promise<Buffer>> };

/** Where pages are kept: one store for every list (so the bounds hold for them all), per Executor. */
export function keptPageStore(limits = KEPT_PAGE_LIMITS) {
  const perDatabase = new WeakMap<Executor, Pages>();
  const pagesOf = (db: Executor): Pages => {
    let pages = perDatabase.get(db);
    if (!pages) {
      pages = { entries: new Map(), bytes: 0, building: new Map() };
      perDatabase.set(db, pages);
    }
    return pages;
  };
  const forget = (pages: Pages, key: string) => {
    const kept = pages.entries.get(key);
    if (!kept) return;
    pages.entries.delete(key);
    pages.bytes -= kept.bytes.length;
  };
  return {
    /** The pages of a database being built, by version and key: few at a time, each gone once built. */
    building: (db: Executor) => pagesOf(db).building,
    get(db: Executor, key: string, version: number): Buffer | undefined {
      const pages = pagesOf(db);
      const found = pages.entries.get(key);
      if (!found || found.version !== version) return undefined;
      // Most recently asked last: the map's order is the eviction order.
      pages.entries.delete(key);
      pages.entries.set(key, found);
      return found.bytes;
    },
    set(db: Executor, key: string, version: number, bytes: Buffer): void {
      const pages = pagesOf(db);
      forget(pages, key);
      // A page larger than a quarter of the bound would push out most others for one caller.
      if (bytes.length > limits.bytes / 4) return;
      pages.entries.set(key, { version, bytes });
      pages.bytes += bytes.length;
      while (pages.entries.size > limits.pages || pages.bytes > limits.bytes)
        forget(pages, pages.entries.keys().next().value as string);
    },
    /** How many pages and bytes a database keeps now (the bounds' tests). */
    size(db: Executor) {
      const pages = pagesOf(db);
      return { pages: pages.entries.size, bytes: pages.bytes };
    },
  };
}

const sharedStore = keptPageStore();

/**
 * A list's pages kept as the bytes the route sends, while every table the page reads stands still
 * (docs/decisions.md#kept-pages): a page asked again costs one small read of change counts instead
 * of its queries, its presenter and its serialization.
 *
 * - The key is everything the answer can depend on: the route, its parameters, the validated body
 *   (filter, text, skip, take, sort) and the whole caller (id, role, group, organization, hence the
 *   consultant's firm, the caller a list leaves out and what a presenter shows that role), so two
 *   callers who could see different pages never share one.
 * - The version is the sum of the triggers' counts (migration 015) of `tables`, read BEFORE the page
 *   is built: a write racing the build leaves an entry the next call already finds stale. The
 *   counts live in the database, so a write from any process or code path shows in the next answer.
 * - The bytes are made by the route's own serializer (reply.serialize: its response schema), so a
 *   kept page is byte for byte what the route would send without it.
 * - Bounded per database (entries and bytes, keptPageStore); a transaction is never given here (the
 *   routes pass the app's database), and each Executor keeps its own.
 */
export function keptPages(
  tables: readonly PageTable[],
  store = sharedStore,
  /**
   * For a page that reads more than `tables`: `version`, another change count its bytes depend on
   * (added to the tables': both only grow), and `vary`, what else the answer depends on (the day).
   */
  more: { version?: (db: Executor) => Promise<number>; vary?: () => string } = {},
) {
  return async (
    db: Executor,
    request: FastifyRequest,
    reply: FastifyReply,
    build: () => Promise<unknown>,
  ): Promise<FastifyReply> => {
    const [listed, other] = await Promise.all([pageVersion(db, tables), more.version?.(db) ?? 0]);
    const version = listed + other;
    const key = JSON.stringify([
      request.method,
      request.routeOptions.url,
      request.params,
      request.body,
      request.actor,
      more.vary?.() ?? null,
    ]);
    const kept = store.get(db, key, version);
    if (kept) return reply.type(JSON_TYPE).send(kept);
    // The callers asking for a page while it is being built for the same version wait for that
    // build (32 at once after a write would otherwise build it 32 times). The same version means no
    // write to its tables committed between the first caller's read of it and theirs, and the build
    // read its rows after that first read: it holds every write they could have seen.
    const flight = `${version}\u0000${key}`;
    const building = store.building(db);
    let bytes = building.get(flight);
    if (!bytes) {
      bytes = build().then((view) => Buffer.from(reply.serialize(view) as string));
      building.set(flight, bytes);
      const settled = () => building.delete(flight);
      bytes.then((made) => {
        settled();
        store.set(db, key, version, made);
      }, settled);
    }
    return reply.type(JSON_TYPE).send(await bytes);
  };
}
