import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { UserGroup, UserStatus } from '../../domain/codes.js';
import { nowIso } from '../db/clock.js';
import { buildOrganizationRow, unique } from '../test/factories.js';
import { buildTestApp, testDialects } from '../test/helpers.js';
import { assessmentIds } from '../test/organizations.js';
import { assessmentInvitesRepository } from './assessmentInvites.js';
import { auditRepository } from './audit.js';
import { inviteSearchRepository } from './inviteSearch.js';
import { userSearchRepository } from './userSearch.js';
import { usersRepository } from './users.js';

// The lists searched by text read a page one of two ways, walking the list's order or reading every
// match (textWalk.ts), chosen by how many rows the text matches. Whichever way, a page is the one a
// plain "contains" over the whole list gives: the same rows, in the same order, with the same count.
// The texts below make each way run: a text nearly every row holds (a walk that finds its page), one
// held only by the rows at the far end of the order (a walk that gives up, then the matches), a rare
// one (the matches), one no row holds (no page read at all).

/**
 * 2,000 people, in name order `Wlkp 0000` .. `Wlkp 1999`; the last 600 also hold `Tailq`: enough
 * rows that the walk for them gives up before it reaches them.
 */
const PEOPLE = 2_000;
const TAIL = 600;
const pad = (i: number) => String(i).padStart(4, '0');
// 'Mixq' is in the full name of the odd and the user name of the even: a walk must test both.
const nameOf = (i: number) =>
  `Wlkp ${pad(i)}${i >= PEOPLE - TAIL ? ' Tailq' : ''}${i === 317 ? ' Rarex' : ''}${i % 2 ? ' Mixq' : ''}`;

const has = (text: string, ...values: (string | null | undefined)[]) =>
  values.some((v) => (v ?? '').toLowerCase().includes(text.toLowerCase()));

describe.each(testDialects())('lists searched by text on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const setup = (async () => {
    const app = await appPromise;
    const { db } = app.deps;
    const organizationId = await buildOrganizationRow(db, UserGroup.Manufacturer, unique('Walk Works '));
    // Inserted in reverse name order, so that the ids run against the names: the newest invites and
    // audit entries (by id) are the first people by name.
    const order = Array.from({ length: PEOPLE }, (_, k) => PEOPLE - 1 - k);
    const ids = await usersRepository.insertMany(
      db,
      order.map((i) => ({
        userName: unique(`wp${pad(i)}${i % 2 ? '' : 'mixq'}-`),
        fullName: nameOf(i),
        email: null,
        userGroup: UserGroup.Manufacturer,
        organizationId,
        status: UserStatus.Approved,
        passwordHash: 'x',
        requireChangePassword: 0,
        registrationComplete: nowIso(),
        isActive: 1,
        excludeFromReport: 0,
        isSuspended: 0,
        tokenVersion: 0,
      })),
    );
    const { current } = await assessmentIds(app);
    await assessmentInvitesRepository.insertMany(
      db,
      ids.map((respondentId) => ({
        respondentId,
        assessmentId: current,
        organizationId,
        consultingFirmId: null,
        excludeFromReport: 0,
        actorId: 1,
      })),
    );
    // The audit trail: each person's entry, the oldest first, so the newest entries are those of the
    // people inserted last (the first by name); 'wlk-old' only on the oldest entries.
    await auditRepository.recordMany(
      db,
      ids.map((actorId, k) => ({
        at: nowIso(),
        actorId,
        action: k < TAIL ? 'wlk-old' : 'wlk-new',
        entity: 'walkthing',
        entityId: k,
        details: null,
      })),
    );
    return { db };
  })();

  const texts = ['wlkp', 'tailq', 'rarex', 'P 19', 'WP1', 'mixq', 'zzzq-none'];
  const pages = [0, 50, 580, 1_990, 5_000];

  it('pages the user list as a plain contains over every user does', async () => {
    const { db } = await setup;
    const every = (await userSearchRepository.search(db, { exceptUserId: 1 }, { take: 10_000 })).rows;
    for (const text of texts)
      for (const skip of pages) {
        const matching = every.filter((u) => has(text, u.fullName, u.userName, u.email, u.organizationName));
        const { rows, count } = await userSearchRepository.search(
          db,
          { query: text, exceptUserId: 1 },
          { skip, take: 50 },
        );
        expect({ text, skip, count, ids: rows.map((r) => r.id) }).toEqual({
          text,
          skip,
          count: matching.length,
          ids: matching.slice(skip, skip + 50).map((r) => r.id),
        });
      }
    // Z to A too, and within a group.
    const desc = await userSearchRepository.search(
      db,
      { query: 'wlkp', group: UserGroup.Manufacturer, exceptUserId: 1 },
      { skip: 10, take: 50, sort: { column: 'fullName', direction: 'desc' } },
    );
    expect(desc.rows.map((r) => r.fullName)).toEqual(
      Array.from({ length: 50 }, (_, k) => nameOf(PEOPLE - 11 - k)),
    );
  });

  it('pages the invite list as a plain contains over every invite does, with each filter', async () => {
    const { db } = await setup;
    for (const filter of [{}, { isComplete: false }, { isComplete: true }, { unassigned: true }]) {
      const every = (await inviteSearchRepository.search(db, filter, { take: 10_000 })).rows;
      for (const text of texts)
        for (const skip of pages) {
          const matching = every.filter((i) =>
            has(text, i.respondentFullName, i.respondentUserName, i.organizationName),
          );
          const { rows, count } = await inviteSearchRepository.search(
            db,
            { ...filter, query: text },
            { skip, take: 50 },
          );
          expect({ filter, text, skip, count, ids: rows.map((r) => r.id) }).toEqual({
            filter,
            text,
            skip,
            count: matching.length,
            ids: matching.slice(skip, skip + 50).map((r) => r.id),
          });
        }
    }
  });

  it('pages the audit trail as a plain contains over every entry does', async () => {
    const { db } = await setup;
    const every = (await auditRepository.search(db, { take: 10_000 })).rows;
    for (const text of [...texts, 'wlk-old', 'walkthing'])
      for (const skip of pages) {
        const matching = every.filter((e) => has(text, e.action, e.entity, e.actorUserName, e.actorFullName));
        const { rows, count } = await auditRepository.search(db, { query: text, skip, take: 50 });
        expect({ text, skip, count, rows }).toEqual({
          text,
          skip,
          count: matching.length,
          rows: matching.slice(skip, skip + 50),
        });
      }
  });

  it('follows a rename that makes a rare text common, and back', async () => {
    const { db } = await setup;
    const listed = async () =>
      (await userSearchRepository.search(db, { query: 'flipq', exceptUserId: 1 }, { take: 50 })).rows.map(
        (r) => r.fullName,
      );
    expect(await listed()).toEqual([]);
    await db
      .updateTable('users')
      .set({ fullName: sql<string>`${sql.ref('fullName')} || ' flipq'` })
      .where('fullName', 'like', 'Wlkp%')
      .execute();
    expect(await listed()).toEqual(Array.from({ length: 50 }, (_, i) => `${nameOf(i)} flipq`));
    await db
      .updateTable('users')
      .set({ fullName: sql<string>`replace(${sql.ref('fullName')}, ' flipq', '')` })
      .where('fullName', 'like', 'Wlkp%')
      .execute();
    expect(await listed()).toEqual([]);
  });
});
