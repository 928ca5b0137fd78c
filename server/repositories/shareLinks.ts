import { createHash } from 'node:crypto';
import type { ListSearch } from '../../domain/schemas/common.js';
import type { Executor } from '../db/database.js';
import { keptCounts } from './keptCounts.js';
import { anyContains, countRows, pageOf } from './paging.js';

/** What is stored of a token: its SHA-256 in hex, so a copy of the database opens no link. */
export function shareTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const linkColumns = ['l.id', 'l.organizationId', 'l.createdAt', 'l.expiresAt', 'l.revokedAt'] as const;
/** A listed link's creator as the lists name them (null columns when the creator no longer exists). */
const creatorColumns = [
  'c.id as creatorId',
  'c.fullName as creatorName',
  'c.userGroup as creatorGroup',
  'co.id as creatorOrganizationId',
  'co.type as creatorOrganizationType',
  'co.consultingFirmId as creatorFirmId',
] as const;

/** Shared roadmap links (docs/product.md#insights-share-links). No query here ever reads a token: only its hash is stored. */
/**
 * How many links match the text (in their organization's name), kept while the links and the
 * organizations stand still (migration 014's 'links' and 'people' counters): one link per
 * organization joined, so the count is that of the links whose organization matches.
 */
const countLinks = keptCounts<string>(
  ['links', 'people'],
  (text) => text,
  (db, text) =>
    countRows(
      db,
      db
        .selectFrom('shareLinks as l')
        .innerJoin('organizations as o', 'o.id', 'l.organizationId')
        .select('l.id')
        .where(anyContains(db, text, ['o.name'])),
    ),
);

export const shareLinksRepository = {
  async insert(
    db: Executor,
    link: {
      organizationId: number;
      tokenHash: string;
      createdAt: string;
      expiresAt: string;
      createdBy: number;
    },
  ): Promise<number> {
    const row = await db.insertInto('shareLinks').values(link).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  findById(db: Executor, id: number) {
    return db.selectFrom('shareLinks as l').select(linkColumns).where('l.id', '=', id).executeTakeFirst();
  },

  /**
   * The link of a token, with the organization it shows and its creator as they are now (docs/decisions.md#sign-in-links: a
   * link lasts only while its creator could still create it), by the token's hash: one query, whether
   * the token is unknown, revoked, expired or good, so the answer's timing tells nothing apart. The
   * creator's columns are null when the creator no longer exists.
   */
  findByToken(db: Executor, token: string) {
    return db
      .selectFrom('shareLinks as l')
      .innerJoin('organizations as o', 'o.id', 'l.organizationId')
      .leftJoin('users as u', 'u.id', 'l.createdBy')
      .leftJoin('organizations as uo', 'uo.id', 'u.organizationId')
      .select([
        ...linkColumns,
        'o.type as organizationType',
        'u.id as creatorId',
        'u.userGroup as creatorGroup',
        'u.organizationId as creatorOrganizationId',
        'u.isActive as creatorActive',
        'u.isSuspended as creatorSuspended',
        'uo.type as creatorOrganizationType',
        'uo.isActive as creatorOrganizationActive',
      ])
      .where('l.tokenHash', '=', shareTokenHash(token))
      .executeTakeFirst();
  },

  /** An organization's links, newest first. */
  listOf(db: Executor, organizationId: number) {
    return db
      .selectFrom('shareLinks as l')
      .leftJoin('users as c', 'c.id', 'l.createdBy')
      .leftJoin('organizations as co', 'co.id', 'c.organizationId')
      .select([...linkColumns, ...creatorColumns])
      .where('l.organizationId', '=', organizationId)
      .orderBy('l.id', 'desc')
      .execute();
  },

  /** Every link, newest first, with its organization; the query matches the organization's name. */
  async search(db: Executor, search: ListSearch) {
    const { offset, limit } = pageOf(search);
    const filtered = db
      .selectFrom('shareLinks as l')
      .innerJoin('organizations as o', 'o.id', 'l.organizationId')
      .leftJoin('users as c', 'c.id', 'l.createdBy')
      .leftJoin('organizations as co', 'co.id', 'c.organizationId')
      .select([
        ...linkColumns,
        ...creatorColumns,
        'o.name as organizationName',
        'o.anonymizeResults as organizationAnonymizes',
      ])
      .where(anyContains(db, search.query, ['o.name']));
    const [rows, count] = await Promise.all([
      filtered.orderBy('l.id', 'desc').offset(offset).limit(limit).execute(),
      countLinks(db, search.query?.trim() ?? ''),
    ]);
    return { rows, count };
  },

  /** Marks a link revoked; a link revoked before keeps its first date. True when this call revoked it. */
  async revoke(db: Executor, id: number, at: string): Promise<boolean> {
    const result = await db
      .updateTable('shareLinks')
      .set({ revokedAt: at })
      .where('id', '=', id)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};

export type ShareLinkRow = NonNullable<Awaited<ReturnType<typeof shareLinksRepository.findById>>>;
export type ShareLinkWithCreator = NonNullable<Awaited<ReturnType<typeof shareLinksRepository.findByToken>>>;
