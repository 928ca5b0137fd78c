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
import { generateBenchmarkIn } from '../server/commands/generateBenchmark.js';
import { loadConfig } from '../server/config.js';
import { nowIso } from '../server/db/clock.js';
import { type Executor, openDatabase } from '../server/db/database.js';
import { assessmentInvitesRepository } from '../server/repositories/assessmentInvites.js';
import { assessmentsRepository } from '../server/repositories/assessments.js';
import { demographicsRepository } from '../server/repositories/demographics.js';
import { organizationDetails } from '../server/repositories/organizationDetails.js';
import { organizationsRepository } from '../server/repositories/organizations.js';
import { progressRoundsRepository } from '../server/repositories/progressRounds.js';
import { resultsRepository } from '../server/repositories/results.js';
import { usersRepository } from '../server/repositories/users.js';
import type { SeedLog } from '../server/seed/firstAdmin.js';
import { seedDatabase } from '../server/seed/seedDatabase.js';
import {
  type DemoDemographic,
  type DemoPerson,
  type DemoRound,
  daysAgo,
  peerFirm,
  peerLevels,
  peers,
  type SectionLevels,
  scoreFor,
  showcase,
  showcaseFirm,
  unit,
} from './demoInsights.js';

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

    /** A manufacturer of a firm with its demographics and its roadmap at `status` since `statusChangedAt`. */
    const addManufacturer = async (
      m: {
        code: string;
        name: string;
        state: string;
        status: string;
        employees: string;
        demographic?: DemoDemographic;
      },
      firmId: number,
      businessType: number | null,
      statusChangedAt = now,
    ) => {
      const id = await addOrg({ ...m, type: OrganizationType.Manufacturer, firmId, businessType });
      const ref = async (type: number, code: string | undefined) => {
        const found = code ? await lookupId(trx, type, code) : await firstLookupId(trx, type);
        if (found == null) throw new Error(`No lookup item ${code} of type ${type}`);
        return { id: found };
      };
      await demographicsRepository.save(trx, id, {
        hqRegion: await ref(LookupType.HqRegion, 'north-america'),
        numberOfEmployees: await ref(LookupType.NumberOfEmployees, m.employees),
        numberOfFacilities: await ref(LookupType.NumberOfFacilities, m.demographic?.facilities),
        companyMaturity: await ref(LookupType.CompanyMaturity, m.demographic?.maturity),
        industries: m.demographic ? [await ref(LookupType.Industry, m.demographic.industry)] : [],
        supplyChainRoles: m.demographic
          ? [await ref(LookupType.ValueChainRole, m.demographic.supplyChainRole)]
          : [],
        otherIndustry: null,
      });
      await organizationsRepository.insertRoadmap(trx, {
        organizationId: id,
        statusId: await lookupId(trx, LookupType.RoadmapStatus, m.status),
        createdAt: now,
        updatedAt: now,
        statusChangedAt,
      });
      return id;
    };

    const discrete = await lookupId(trx, LookupType.BusinessType, 'discrete-manufacturing');
    const role = await firstLookupId(trx, LookupType.FunctionalRole);
    for (const [i, m] of manufacturers.entries()) {
      const id = await addManufacturer(m, firmIds[m.firm]!, discrete);
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

    // The insights with real figures (docs/decisions.md#operations-demo-data), after the users above. The
    // administrator closes the rounds and generates the benchmarks, as on the organization page.
    const admin = {
      userId: (
        await trx
          .selectFrom('users')
          .select('id')
          .where('userGroup', '=', UserGroup.Admin)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
      role: 'admin' as const,
    };
    const sectionOf = new Map(content.sections.map((s) => [s.id, s.code]));
    const scored = new Map(
      content.questions.map((q) => [
        q.id,
        content.choices.filter((c) => c.questionId === q.id && c.scoreValue !== null),
      ]),
    );
    /** Answers of a person who sees each practice area at `levelOf(section code)`. */
    const answersAt = (userId: number, round: number, levelOf: (section: string) => number) =>
      content.questions.map((q) => {
        const score = scoreFor(levelOf(sectionOf.get(q.sectionId)!), userId, q.id, round);
        const choice = scored
          .get(q.id)!
          .reduce((best, c) =>
            Math.abs(Number(c.scoreValue) - score) < Math.abs(Number(best.scoreValue) - score) ? c : best,
          );
        return { questionId: q.id, choiceIds: [choice.id], text: null, otherText: null };
      });
    const invites = new Map<string, number>();
    const results = new Map<number, number>();
    /** The person's invite to an assessment, sent `invitedAt` the first time. */
    const inviteOf = async (
      userId: number,
      organizationId: number,
      firmId: number,
      code: string,
      invitedAt: string,
    ) => {
      const key = `${userId}:${code}`;
      const known = invites.get(key);
      if (known !== undefined) return known;
      const id = await assessmentInvitesRepository.insert(trx, {
        respondentId: userId,
        assessmentId: assessmentIds[code]!,
        organizationId,
        consultingFirmId: firmId,
        excludeFromReport: 0,
        invitedAt,
        actorId: admin.userId,
      });
      invites.set(key, id);
      return id;
    };
    /** The person's answers on an invite as given `at`: a result the first time, a retake after. */
    const answer = async (
      inviteId: number,
      userId: number,
      organizationId: number,
      code: string,
      answers: ReturnType<typeof answersAt>,
      at: string,
    ) => {
      const known = results.get(inviteId);
      const resultId =
        known ??
        (await resultsRepository.insert(trx, {
          assessmentId: assessmentIds[code]!,
          respondentId: userId,
          organizationId,
          assessmentInviteId: inviteId,
          startDateTime: at,
          submissionKey: `invite:${inviteId}`,
        }));
      results.set(inviteId, resultId);
      await resultsRepository.replaceAnswers(trx, resultId, answers);
      // The repository stamps now; the demo's history lies in the past.
      const started = new Date(Date.parse(at) - 40 * 60_000).toISOString();
      await trx
        .updateTable('assessmentResults')
        .set(
          known
            ? { startDateTime: started, completionDateTime: at }
            : { startDateTime: started, completionDateTime: at, createdAt: at },
        )
        .where('id', '=', resultId)
        .execute();
    };
    const roleIds = new Map<string, number | null>();
    const roleId = async (code: string) => {
      if (!roleIds.has(code)) roleIds.set(code, await lookupId(trx, LookupType.FunctionalRole, code));
      return roleIds.get(code)!;
    };
    const addPeople = async (people: readonly DemoPerson[], organizationId: number) => {
      const ids: number[] = [];
      for (const [i, p] of people.entries())
        ids.push(
          await addUser(
            p.userName,
            p.fullName,
            i === 0 ? UserGroup.ManufacturerChampion : UserGroup.Manufacturer,
            organizationId,
            { functionalRoleId: await roleId(p.role), department: p.department },
          ),
        );
      return ids;
    };
    /** A person's own leaning: some rate everything a little higher than their colleagues. */
    const leaning = (userId: number) => (unit(userId, 99) - 0.5) * 0.5;
    const benchmark = async (organizationId: number) => {
      const org = await organizationDetails.findById(trx, organizationId);
      const outcome = await generateBenchmarkIn(trx, admin, org!);
      if (!outcome.ok) throw new Error(outcome.message);
    };

    // The showcase: three role groups, three rounds, the future state as the target.
    const firm = firmIds[showcaseFirm]!;
    const showcaseId = await addManufacturer(
      showcase,
      firm,
      await lookupId(trx, LookupType.BusinessType, showcase.businessType),
      daysAgo(showcase.statusChangedDaysAgo),
    );
    await organizationsRepository.replaceAliases(
      trx,
      showcaseId,
      await Promise.all(
        Object.entries(showcase.aliases).map(async ([code, alias]) => ({
          functionalRoleId: (await roleId(code))!,
          alias,
        })),
      ),
    );
    const people = await addPeople(showcase.people, showcaseId);
    const groupOf = (i: number) => showcase.aliases[showcase.people[i]!.role]!;
    const levelFor =
      (levels: SectionLevels, i: number) =>
      (section: string): number =>
        (levels[section as keyof SectionLevels] ?? 3) +
        (showcase.groupBias[groupOf(i)]?.[section as keyof SectionLevels] ?? 0) +
        leaning(people[i]!);
    for (const [r, round] of (showcase.rounds as DemoRound[]).entries()) {
      for (const [i, userId] of people.slice(0, round.people).entries()) {
        const invitedAt = daysAgo(r === 0 ? showcase.invitedDaysAgo : round.answeredDaysAgo + 7);
        const inviteId = await inviteOf(userId, showcaseId, firm, 'current-state', invitedAt);
        // People answer over the days after the round opens, all before it closes.
        const at = daysAgo(round.answeredDaysAgo - (i % 5) * 2);
        await answer(
          inviteId,
          userId,
          showcaseId,
          'current-state',
          answersAt(userId, r, levelFor(round.levels, i)),
          at,
        );
      }
      await progressRoundsRepository.close(trx, showcaseId, admin.userId, daysAgo(round.closedDaysAgo));
    }
    for (const [i, userId] of people.entries()) {
      const { answeredDaysAgo, levels } = showcase.future;
      const inviteId = await inviteOf(userId, showcaseId, firm, 'future-state', daysAgo(answeredDaysAgo + 5));
      const at = daysAgo(answeredDaysAgo - (i % 4));
      await answer(
        inviteId,
        userId,
        showcaseId,
        'future-state',
        answersAt(userId, 9, levelFor(levels, i)),
        at,
      );
    }
    await benchmark(showcaseId);

    // Five benchmarked peers under a firm of their own, at different levels and stages.
    const prairie = await addOrg({
      ...peerFirm,
      type: OrganizationType.Consultant,
      businessType: consultingType,
    });
    await addUser(peerFirm.consultant.userName, peerFirm.consultant.fullName, UserGroup.Consultant, prairie, {
      lastCertificationDate: '2023-09-12',
      certificateNumber: 'SMR-1002',
    });
    for (const [p, peer] of peers.entries()) {
      const ago = peer.answeredDaysAgo;
      const id = await addManufacturer(
        peer,
        prairie,
        await lookupId(trx, LookupType.BusinessType, peer.businessType),
        daysAgo(Math.max(ago - 30, 3)),
      );
      const ids = await addPeople(peer.people, id);
      const current = peerLevels(p, peer.current);
      for (const [i, userId] of ids.entries()) {
        const levelOf = (section: string) => (current[section as keyof SectionLevels] ?? 3) + leaning(userId);
        const inviteId = await inviteOf(userId, id, prairie, 'current-state', daysAgo(ago + 10));
        await answer(inviteId, userId, id, 'current-state', answersAt(userId, 0, levelOf), daysAgo(ago - i));
      }
      await progressRoundsRepository.close(trx, id, admin.userId, daysAgo(ago - 15));
      if (peer.future !== undefined) {
        const future = peerLevels(p, peer.future);
        for (const [i, userId] of ids.entries()) {
          const levelOf = (section: string) =>
            (future[section as keyof SectionLevels] ?? 4) + leaning(userId);
          const inviteId = await inviteOf(userId, id, prairie, 'future-state', daysAgo(ago - 20));
          await answer(
            inviteId,
            userId,
            id,
            'future-state',
            answersAt(userId, 9, levelOf),
            daysAgo(ago - 25 - i),
          );
        }
      }
      await benchmark(id);
    }
  });

  console.log(`Demo data added. Every demo user's password is ${DEMO_PASSWORD}:`);
  for (const line of created) console.log(`  ${line}`);
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
