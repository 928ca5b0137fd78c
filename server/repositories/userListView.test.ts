import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { presentUser } from '../presenters/user.js';
import { buildTestApp, buildUser, testDialects } from '../test/helpers.js';
import { userSearchRepository } from './userSearch.js';
import { userDetailQuery } from './users.js';

// A user list selects only the columns its view shows, and on PostgreSQL reads a page's ids and rows
// in one statement: each row must still present exactly as the user's whole row does, for an admin
// and for a consultant, in the page's order, with every field the view shows filled in.
describe.each(testDialects())('user list rows on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);

  it('present as the whole row does, in the order of the page, on every path', async () => {
    const app = await appPromise;
    const { db } = app.deps;
    const lookups = await db.selectFrom('lookupItems').select('id').orderBy('id').limit(3).execute();
    const referrer = await buildUser(app, UserGroup.Manufacturer);
    const names = ['Orvale Pimbrook', 'orvale Abbot', 'Orvale Zenn', 'Orvale Kite'];
    for (const [i, fullName] of names.entries()) {
      const { id } = await buildUser(app, i % 2 === 0 ? UserGroup.Manufacturer : UserGroup.Consultant);
      await db
        .updateTable('users')
        .set({
          fullName,
          phoneNumber: `+44 ${i}`,
          functionalRoleId: lookups[0]?.id ?? null,
          stateId: lookups[1]?.id ?? null,
          divisionId: lookups[2]?.id ?? null,
          department: `Dept ${i}`,
          lastCertificationDate: `2025-01-0${i + 1}`,
          certificateNumber: `C-${i}`,
          referredById: i === 0 ? null : referrer.organizationId,
          referredByOther: i === 0 ? 'a friend' : null,
          excludeFromReport: i % 2,
          additionalInfo: `info ${i}`,
          isSuspended: i === 3 ? 1 : 0,
          lastLogin: '2026-01-02T03:04:05.000Z',
          approvalInviteDate: '2026-01-01T00:00:00.000Z',
          registrationComplete: i === 1 ? null : '2026-01-03T00:00:00.000Z',
        })
        .where('id', '=', id)
        .execute();
    }
    const whole = async (id: number) =>
      (await userDetailQuery(db).where('u.id', '=', id).executeTakeFirstOrThrow()) as Parameters<
        typeof presentUser
      >[0];
    const pages = [
      await userSearchRepository.search(db, { query: 'orvale' }, { skip: 0, take: 3 }),
      await userSearchRepository.search(db, { query: 'orvale' }, { skip: 1, take: 50 }),
      await userSearchRepository.search(db, {}, { skip: 0, take: 50 }),
      await userSearchRepository.search(db, { group: UserGroup.Consultant }, { skip: 0, take: 50 }),
      await userSearchRepository.search(
        db,
        { query: 'orvale' },
        { skip: 0, take: 50, sort: { column: 'createdDateTime', direction: 'desc' } },
      ),
    ];
    expect(pages[0]?.rows.map((r) => r.fullName)).toEqual(['orvale Abbot', 'Orvale Kite', 'Orvale Pimbrook']);
    expect(pages[1]?.rows.map((r) => r.fullName)).toEqual(['Orvale Kite', 'Orvale Pimbrook', 'Orvale Zenn']);
    for (const page of pages) {
      expect(page.rows.length).toBeGreaterThan(0);
      for (const row of page.rows) {
        const full = await whole(row.id);
        for (const admin of [true, false]) {
          expect(JSON.stringify(presentUser(row, { admin }))).toBe(
            JSON.stringify(presentUser(full, { admin })),
          );
        }
      }
    }
  });
});
