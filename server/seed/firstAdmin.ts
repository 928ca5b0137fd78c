import { LookupType, OrganizationType, UserGroup, UserStatus } from '../../domain/codes.js';
import { generatePassword, hashPassword } from '../auth/passwords.js';
import type { AppConfig } from '../config.js';
import { nowIso } from '../db/clock.js';
import type { Db } from '../db/database.js';
import { usersRepository } from '../repositories/users.js';

export const ADMIN_ORGANIZATION_CODE = 'institute';

/** Where the first administrator's creation is told: the server's log, or the demo's console. */
export type SeedLog = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
};

/**
 * When the database has no user, creates the admin organization and the first administrator
 * (docs/product.md#running-first-admin). A generated password is printed once and must be changed at first login.
 */
export async function seedFirstAdmin(db: Db, config: Pick<AppConfig, 'admin'>, log: SeedLog): Promise<void> {
  if ((await usersRepository.count(db)) > 0) return;
  const generated = config.admin.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(config.admin.password ?? (generated as string));
  const now = nowIso();
  const created = await db
    .transaction()
    .execute(async (trx) => {
      if ((await usersRepository.count(trx)) > 0) return false;
      await trx
        .insertInto('organizations')
        .values({
          name: 'SM Roadmap Institute',
          code: ADMIN_ORGANIZATION_CODE,
          type: OrganizationType.Admin,
          businessTypeId: (
            await trx
              .selectFrom('lookupItems')
              .select('id')
              .where('lookupType', '=', LookupType.BusinessType)
              .where('code', '=', 'institute')
              .executeTakeFirst()
          )?.id,
          excludeFromBenchmark: 1,
          anonymizeResults: 0,
          isActive: 1,
          createdAt: now,
          updatedAt: now,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
      const org = await trx
        .selectFrom('organizations')
        .select('id')
        .where('code', '=', ADMIN_ORGANIZATION_CODE)
        .executeTakeFirstOrThrow();
      await usersRepository.insert(trx, {
        userName: config.admin.userName,
        fullName: 'System Administrator',
        email: config.admin.email,
        userGroup: UserGroup.Admin,
        organizationId: org.id,
        status: UserStatus.Approved,
        passwordHash,
        requireChangePassword: generated ? 1 : 0,
        registrationComplete: now,
        isActive: 1,
        excludeFromReport: 1,
        isSuspended: 0,
        tokenVersion: 0,
      });
      return true;
    })
    // Another process starting against the same database created the administrator first.
    .catch(async (error: unknown) => {
      if ((await usersRepository.count(db)) > 0) return false;
      throw error;
    });
  if (!created) return;
  if (generated) {
    // Printed once, on purpose: the operator needs it to log in, and must change it then.
    log.warn(
      { userName: config.admin.userName, password: generated },
      `First administrator '${config.admin.userName}' created with the generated password ${generated} (change it at first login)`,
    );
  } else {
    log.info({ userName: config.admin.userName }, `First administrator '${config.admin.userName}' created`);
  }
}
