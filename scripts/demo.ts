// `npm run demo`: example consulting firms, manufacturers, users of every role, invites and completed
// assessments, so that every screen has something to show. Same environment as `npm start` (DATA_DIR or
// DATABASE_URL). It prepares the database exactly as a start does first (migrations, reference data,
// content, the first administrator), so it may run before the first start. Safe to run twice: it does
// nothing when the demo data is already there. Never run on start.
import {
  LookupType,
  OrganizationType,
  TRIAL_ASSESSMENT_CODE,
  UserGroup,
  UserStatus,
} from '../domain/codes.js';
import { hashPassword } from '../server/auth/passwords.js';
import { loadConfig } from '../server/config.js';
import { nowIso } from '../server/db/clock.js';
import { type Executor, openDatabase } from '../server/db/database.js';
import { assessmentsRepository } from '../server/repositories/assessments.js';
import { progressRoundsRepository } from '../server/repositories/progressRounds.js';
import { resultsRepository } from '../server/repositories/results.js';
import { usersRepository } from '../server/repositories/users.js';
import type { SeedLog } from '../server/seed/firstAdmin.js';
import { seedDatabase } from '../server/seed/seedDatabase.js';

export const DEMO_PASSWORD = 'Demo#Pass2024';

const firms = [
  { code: 'demo-firm-keystone', name: 'Keystone Advanced Manufacturing Partners', state: 'pa' },
  { code: 'demo-firm-lakeshore', name: 'Lakeshore Industrial Consulting', state: 'mi' },
];

const manufacturers = [
  {
    code: 'demo-mfr-ridgeline',
    name: 'Ridgeline Precision Components',
    state: 'oh',
    firm: 0,
    status: 'CurrentState',
    employees: 'emp-100-249',
  },
  {
    code: 'demo-mfr-harbor',
    name: 'Harbor Point Foods',
    state: 'wi',
    firm: 1,
    status: 'FutureState',
    employees: 'emp-250-499',
  },
  {
    code: 'demo-mfr-summit',
    name: 'Summit Plastics & Molding',
    state: 'in',
    firm: 0,
    status: 'PreAssessment',
    employees: 'emp-20-99',
  },
];

async function lookupId(db: Executor, type: number, code: string) {
  const row = await db
    .selectFrom('lookupItems')
    .select('id')
    .where('lookupType', '=', type)
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.id ?? null;
}

async function firstLookupId(db: Executor, type: number) {
  const row = await db
    .selectFrom('lookupItems')
    .select('id')
    .where('lookupType', '=', type)
    .orderBy('displayOrder')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The first administrator's line (with a generated password, the only time it is shown) goes to the console. */
const consoleLog: SeedLog = {
  info: (_details, message) => console.log(message),
  warn: (_details, message) => console.log(message),
};

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const { db } = database;
  await seedDatabase(db, config, consoleLog);
  const exists = await db
    .selectFrom('organizations')
    .select('id')
    .where('code', '=', firms[0]!.code)
    .executeTakeFirst();
  if (exists) {
    console.log('Demo data is already there; nothing to do.');
    await database.close();
    return;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = nowIso();
  const created: string[] = [];

  await db.transaction().execute(async (trx) => {
    const addOrg = async (values: {
      code: string;
      name: string;
      type: number;
      state: string;
      firmId?: number | null;
      businessType: number | null;
    }) => {
      const row = await trx
        .insertInto('organizations')
        .values({
          name: values.name,
          originalName: values.name,
          code: values.code,
          type: values.type,
          businessTypeId: values.businessType,
          stateId: await lookupId(trx, LookupType.State, values.state),
          consultingFirmId: values.firmId ?? null,
          excludeFromBenchmark: 0,
          anonymizeResults: 0,
          isActive: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const addUser = async (
      userName: string,
      fullName: string,
      group: UserGroup,
      organizationId: number | null,
      extra: Partial<Parameters<typeof usersRepository.insert>[1]> = {},
    ) => {
      const id = await usersRepository.insert(trx, {
        userName,
        fullName,
        email: `${userName}@example.com`,
        userGroup: group,
        organizationId,
        status: UserStatus.Approved,
        passwordHash,
        registrationComplete: now,
        isActive: 1,
        isSuspended: 0,
        excludeFromReport: 0,
        tokenVersion: 0,
        requireChangePassword: 0,
        ...extra,
      });
      created.push(`${userName} (${fullName}, group ${group})`);
      return id;
    };

    const assessmentIds = Object.fromEntries(
      (await trx.selectFrom('assessments').select(['id', 'code']).execute()).map((a) => [a.code, a.id]),
    ) as Record<string, number>;
    const content = await assessmentsRepository.content(trx, assessmentIds['current-state']!);
    /** An invite, and with `level` a completed result whose answers sit around that maturity level. */
    const assess = async (userId: number, organizationId: number, code: string, level?: number) => {
      const assessmentId = assessmentIds[code]!;
      let inviteId: number | null = null;
      if (code !== TRIAL_ASSESSMENT_CODE) {
        const invite = await trx
          .insertInto('assessmentInvites')
          .values({
            respondentId: userId,
            assessmentId,
            organizationId,
            excludeFromReport: 0,
            isActive: 1,
            invitedAt: now,
            createdAt: now,
            updatedAt: now,
            createdBy: null,
            updatedBy: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        inviteId = invite.id;
      }
      if (level === undefined) return;
      const resultId = await resultsRepository.insert(trx, {
        assessmentId,
        respondentId: userId,
        organizationId,
        assessmentInviteId: inviteId,
        startDateTime: now,
        submissionKey: inviteId ? `invite:${inviteId}` : `attempt:${userId}:${assessmentId}:${now}`,
      });
      const answers = content.questions.map((q, i) => {
        const choices = content.choices.filter((c) => c.questionId === q.id && c.scoreValue !== null);
        // Vary around the level, so sections differ and the lowest practices stand out.
        const index = Math.max(0, Math.min(choices.length - 1, level - 1 + (((i * 7 + userId) % 3) - 1)));
        return { questionId: q.id, choiceIds: [choices[index]!.id], text: null, otherText: null };
      });
      await resultsRepository.replaceAnswers(trx, resultId, answers);
    };

    const consultingType = await lookupId(trx, LookupType.BusinessType, 'management-consulting');
    const firmIds: number[] = [];
    for (const [i, firm] of firms.entries()) {
      const id = await addOrg({ ...firm, type: OrganizationType.Consultant, businessType: consultingType });
      firmIds.push(id);
      await addUser(
        `consultant${i + 1}`,
        i === 0 ? 'Dana Whitfield' : 'Marcus Oyelaran',
        UserGroup.Consultant,
        id,
        {
          lastCertificationDate: '2024-03-15',
          certificateNumber: `SMR-${1000 + i}`,
        },
      );
    }

    const discrete = await lookupId(trx, LookupType.BusinessType, 'discrete-manufacturing');
    const role = await firstLookupId(trx, LookupType.FunctionalRole);
    for (const [i, m] of manufacturers.entries()) {
      const id = await addOrg({
        ...m,
        type: OrganizationType.Manufacturer,
        firmId: firmIds[m.firm],
        businessType: discrete,
      });
      await trx
        .insertInto('demographics')
        .values({
          organizationId: id,
          hqRegionId: await lookupId(trx, LookupType.HqRegion, 'north-america'),
          numberOfEmployeesId: await lookupId(trx, LookupType.NumberOfEmployees, m.employees),
          numberOfFacilitiesId: await firstLookupId(trx, LookupType.NumberOfFacilities),
          companyMaturityId: await firstLookupId(trx, LookupType.CompanyMaturity),
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await trx
        .insertInto('roadmaps')
        .values({
          organizationId: id,
          statusId: await lookupId(trx, LookupType.RoadmapStatus, m.status),
          createdAt: now,
          updatedAt: now,
          statusChangedAt: now,
        })
        .execute();
      const champion = await addUser(
        `champion${i + 1}`,
        ['Priya Raman', 'Tom Kowalski', 'Elena Vasquez'][i]!,
        UserGroup.ManufacturerChampion,
        id,
        { functionalRoleId: role },
      );
      const operator = await addUser(
        `operator${i + 1}`,
        ['Jordan Lee', 'Sam Nguyen', 'Chris Baker'][i]!,
        UserGroup.Manufacturer,
        id,
        { functionalRoleId: role, department: 'Operations' },
      );
      // Invites and completed assessments that fit the roadmap's stage.
      if (m.status !== 'PreAssessment') {
        const future = m.status === 'FutureState';
        await assess(champion, id, 'current-state', 2 + (i % 2));
        await assess(operator, id, 'current-state', future ? 2 : undefined);
        await assess(champion, id, 'future-state', future ? 4 : undefined);
        await assess(operator, id, 'future-state');
      }
      // A roadmap past current-state reporting has closed a progress round (docs/product.md#insights-progress's Progress tab).
      if (['CurrentStateReporting', 'FutureState', 'FutureStateReporting'].includes(m.status))
        await progressRoundsRepository.close(trx, id, null);
    }

    const visitorOrg = await addOrg({
      code: 'demo-visitors',
      name: 'Visitors',
      type: OrganizationType.Visitor,
      state: 'ny',
      businessType: null,
    });
    const visitor = await addUser('visitor1', 'Alex Morgan', UserGroup.Visitor, visitorOrg, {
      status: UserStatus.Visitor,
      functionalRoleId: role,
    });
    await assess(visitor, visitorOrg, TRIAL_ASSESSMENT_CODE, 2);
    await addUser('pending1', 'Riley Chen', UserGroup.Consultant, firmIds[1]!, {
      status: UserStatus.Pending,
      registrationComplete: null,
      passwordHash: null,
    });
  });

  console.log(`Demo data added. Every demo user's password is ${DEMO_PASSWORD}:`);
  for (const line of created) console.log(`  ${line}`);
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
