import { countsInReport } from '../../domain/rules/organizations.js';
import { type ResultScores, resultScores, roleGroupName } from '../../domain/rules/reportFigures.js';
import type { Executor } from '../db/database.js';
import type {
  OrganizationResults,
  ReportAnswer,
  ReportContent,
  ResultRow,
  ScoredRespondent,
} from '../db/rows.js';
import { cachedResultScores, lastAnswerIdOf, scoringLibrary, sectionsFor } from './resultScores.js';

// What the Excel reports and the benchmark read: an organization's included results of one assessment
// type with their answers and scores, and one result for one person's report. A fixed number of
// queries whatever the number of respondents: the rows, the content once, the answers in one go.
// The readers of figures only (role alignment, progress, peers, the shared link's summary) use
// organizationScores instead: the same results and scores without the answers, each result's scores
// kept in memory by resultScores.ts until its answers or the content change.

/** OrganizationResults without names, answers, questions and choices: what the figures-only readers need. */
export type OrganizationScores = {
  organizationId: number;
  assessmentType: number;
  assessment: { id: number; name: string; code: string } | null;
  content: { sections: { id: number; code: string; caption: string }[] };
  respondents: ScoredRespondent[];
  excluded: number;
};

/** The active sections, questions and choices of some assessments, in their order: three queries. */
async function contentOf(db: Executor, assessmentIds: readonly number[]): Promise<ReportContent> {
  if (assessmentIds.length === 0) return { sections: [], questions: [], choices: [] };
  const sections = await db
    .selectFrom('sections as s')
    .select(['s.id', 's.code', 's.caption', 's.displayOrder'])
    .where('s.isActive', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('assessmentSections as x')
          .select('x.sectionId')
          .whereRef('x.sectionId', '=', 's.id')
          .where('x.assessmentId', 'in', [...assessmentIds]),
      ),
    )
    .orderBy('s.displayOrder')
    .orderBy('s.id')
    .execute();
  const sectionIds = sections.map((s) => s.id);
  const questions = sectionIds.length
    ? await db
        .selectFrom('questions')
        .select(['id', 'sectionId', 'caption', 'inputType', 'skipScore', 'displayOrder'])
        .where('sectionId', 'in', sectionIds)
        .where('isActive', '=', 1)
        .orderBy('displayOrder')
        .orderBy('id')
        .execute()
    : [];
  const choices = sectionIds.length
    ? await db
        .selectFrom('choices as c')
        .innerJoin('questions as q', 'q.id', 'c.questionId')
        .select(['c.id', 'c.questionId', 'c.caption', 'c.scoreValue', 'c.isOtherChoice'])
        .where('q.sectionId', 'in', sectionIds)
        .where('q.isActive', '=', 1)
        .where('c.isActive', '=', 1)
        .orderBy('c.displayOrder')
        .orderBy('c.id')
        .execute()
    : [];
  // Questions in section order, then their own order.
  const rank = new Map(sectionIds.map((id, i) => [id, i]));
  const ordered = [...questions].sort((a, b) => (rank.get(a.sectionId) ?? 0) - (rank.get(b.sectionId) ?? 0));
  return {
    sections: sections.map(({ id, code, caption }) => ({ id, code, caption })),
    questions: ordered.map(({ displayOrder: _, ...q }) => q),
    choices: choices.map((c) => ({ ...c, scoreValue: c.scoreValue == null ? null : Number(c.scoreValue) })),
  };
}

/** The people and invites of an organization's results of one assessment type: one query. */
function inviteQuery(db: Executor, organizationId: number, assessmentType: number) {
  return db
    .selectFrom('assessmentInvites as i')
    .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
    .innerJoin('users as u', 'u.id', 'i.respondentId')
    .leftJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id')
    .leftJoin('lookupItems as fr', 'fr.id', 'u.functionalRoleId')
    .leftJoin('functionalRoleAliases as fa', (j) =>
      j.onRef('fa.functionalRoleId', '=', 'u.functionalRoleId').on('fa.organizationId', '=', organizationId),
    )
    .select([
      'i.id as inviteId',
      'i.isActive',
      'i.excludeFromReport as inviteExcluded',
      'a.assessmentType',
      'u.id as respondentId',
      'u.fullName',
      'u.userName',
      'u.email',
      'u.excludeFromReport as userExcluded',
      'fr.name as functionalRole',
      'fa.alias',
      'r.id as resultId',
      'r.assessmentId',
      'r.completionDateTime',
    ])
    .where('i.organizationId', '=', organizationId)
    .where('a.assessmentType', '=', assessmentType)
    .orderBy('r.completionDateTime')
    .orderBy('r.id');
}
const inviteRows = (db: Executor, organizationId: number, assessmentType: number) =>
  inviteQuery(db, organizationId, assessmentType).execute();

/** Answers of an organization's results of one type on active invites, by result: one query. */
function answerRows(db: Executor, organizationId: number, assessmentType: number) {
  return (
    db
      .selectFrom('answers as ans')
      .innerJoin('assessmentResults as r', 'r.id', 'ans.assessmentResultId')
      .innerJoin('assessmentInvites as i', 'i.id', 'r.assessmentInviteId')
      .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
      .select(['ans.assessmentResultId', 'ans.questionId', 'ans.choiceId', 'ans.valueText', 'ans.otherText'])
      .where('i.organizationId', '=', organizationId)
      .where('a.assessmentType', '=', assessmentType)
      .where('i.isActive', '=', 1)
      // By r.id, the same value as ans.assessmentResultId: ordered by the answers' own column, SQLite
      // walked the whole answers index to save a sort (215 ms at 920,000 answers, 10 ms this way).
      .orderBy('r.id')
      .orderBy('ans.id')
      .execute()
  );
}

type InviteRow = Awaited<ReturnType<typeof inviteRows>>[number];

/** The rows that count in the report (countsInReport), once per invite, and how many are excluded. */
function included<R extends InviteRow>(rows: readonly R[], assessmentType: number) {
  const seen = new Set<number>();
  const kept: (R & { resultId: number; assessmentId: number; completionDateTime: string })[] = [];
  let excluded = 0;
  for (const row of rows) {
    if (seen.has(row.inviteId)) continue; // a role with two alias rows must not count twice
    seen.add(row.inviteId);
    const state = {
      assessmentType: row.assessmentType,
      isActive: row.isActive === 1,
      hasResult: row.resultId != null,
      excludeFromReport: row.inviteExcluded === 1 || row.userExcluded === 1,
    };
    if (countsInReport(state, assessmentType)) kept.push(row as (typeof kept)[number]);
    else if (countsInReport({ ...state, excludeFromReport: false }, assessmentType)) excluded++;
  }
  return { kept, excluded };
}

const mostCommon = (ids: number[]) => {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
};

export const reportData = {
  /**
   * An organization's results of one assessment type that count in its report and benchmark: active
   * invites with a result, neither the invite nor the person marked Exclude From Report; with names,
   * role groups, answers and scores (domain/rules/reportFigures.ts). Six queries.
   */
  async organizationResults(
    db: Executor,
    organizationId: number,
    assessmentType: number,
  ): Promise<OrganizationResults> {
    const { kept: includedRows, excluded } = included(
      await inviteRows(db, organizationId, assessmentType),
      assessmentType,
    );

    const assessments = await db
      .selectFrom('assessments')
      .select(['id', 'name', 'code', 'isActive'])
      .where('assessmentType', '=', assessmentType)
      .orderBy('isActive', 'desc')
      .orderBy('id')
      .execute();
    const usedIds = [...new Set(includedRows.map((r) => r.assessmentId))];
    const mainId = mostCommon(includedRows.map((r) => r.assessmentId)) ?? assessments[0]?.id;
    const main = assessments.find((a) => a.id === mainId);
    const content = await contentOf(db, mainId === undefined ? usedIds : [...new Set([mainId, ...usedIds])]);

    const answersOf = new Map<number, ReportAnswer[]>();
    const includedIds = new Set(includedRows.map((r) => r.resultId));
    if (includedRows.length) {
      for (const a of await answerRows(db, organizationId, assessmentType)) {
        if (!includedIds.has(a.assessmentResultId)) continue;
        const list = answersOf.get(a.assessmentResultId) ?? [];
        list.push({
          questionId: a.questionId,
          choiceId: a.choiceId,
          valueText: a.valueText,
          otherText: a.otherText,
        });
        answersOf.set(a.assessmentResultId, list);
      }
    }

    return {
      organizationId,
      assessmentType,
      assessment: main ? { id: main.id, name: main.name, code: main.code } : null,
      content,
      excluded,
      respondents: includedRows.map((row) => {
        const answers = answersOf.get(row.resultId as number) ?? [];
        return {
          resultId: row.resultId as number,
          inviteId: row.inviteId,
          respondentId: row.respondentId,
          fullName: row.fullName,
          userName: row.userName,
          email: row.email,
          functionalRole: row.functionalRole,
          roleGroup: roleGroupName(row.functionalRole, row.alias),
          assessmentId: row.assessmentId as number,
          completionDateTime: row.completionDateTime as string,
          answers,
          scores: resultScores(content, answers),
        };
      }),
    };
  },

  /**
   * The figures of organizationResults without reading answers: the same results, in the same order,
   * with the same assessment, sections and scores (overall and per section, resultScores.ts keeps them
   * per result until its answers or the content change), the same excluded count; no names, answers,
   * questions or choices. Two queries when no result is new or changed (the content's change count
   * and the invites), plus the answers of those that are.
   */
  async organizationScores(
    db: Executor,
    organizationId: number,
    assessmentType: number,
  ): Promise<OrganizationScores> {
    const [rows, library] = await Promise.all([
      inviteQuery(db, organizationId, assessmentType)
        .select(lastAnswerIdOf('r.id').as('lastAnswerId'))
        .execute(),
      scoringLibrary(db),
    ]);
    const { kept, excluded } = included(rows, assessmentType);
    const assessments = library.assessments.filter((a) => a.assessmentType === assessmentType);
    const usedIds = [...new Set(kept.map((r) => r.assessmentId))];
    const mainId = mostCommon(kept.map((r) => r.assessmentId)) ?? assessments[0]?.id;
    const main = assessments.find((a) => a.id === mainId);
    const sections = sectionsFor(library, mainId === undefined ? usedIds : [mainId, ...usedIds]);
    const scores = await cachedResultScores(db, library, [
      {
        assessmentIds: usedIds,
        results: kept.map((r) => ({
          id: r.resultId,
          completionDateTime: r.completionDateTime,
          lastAnswerId: r.lastAnswerId,
        })),
      },
    ]);
    return {
      organizationId,
      assessmentType,
      assessment: main ? { id: main.id, name: main.name, code: main.code } : null,
      content: { sections: sections.map(({ id, code, caption }) => ({ id, code, caption })) },
      excluded,
      respondents: kept.map((row) => ({
        resultId: row.resultId,
        respondentId: row.respondentId,
        functionalRole: row.functionalRole,
        roleGroup: roleGroupName(row.functionalRole, row.alias),
        assessmentId: row.assessmentId,
        completionDateTime: row.completionDateTime,
        scores: scores.get(row.resultId) as ResultScores,
      })),
    };
  },

  /** One result with its content, answers, scores and the respondent's role group: five queries. */
  async result(db: Executor, result: ResultRow) {
    const person = await db
      .selectFrom('users as u')
      .leftJoin('lookupItems as fr', 'fr.id', 'u.functionalRoleId')
      .leftJoin('functionalRoleAliases as fa', (j) =>
        j
          .onRef('fa.functionalRoleId', '=', 'u.functionalRoleId')
          .on('fa.organizationId', '=', result.organizationId ?? -1),
      )
      .select(['fr.name as functionalRole', 'fa.alias'])
      .where('u.id', '=', result.respondentId)
      .executeTakeFirst();
    const content = await contentOf(db, [result.assessmentId]);
    const answers: ReportAnswer[] = await db
      .selectFrom('answers')
      .select(['questionId', 'choiceId', 'valueText', 'otherText'])
      .where('assessmentResultId', '=', result.id)
      .orderBy('id')
      .execute();
    return {
      content,
      answers,
      scores: resultScores(content, answers),
      functionalRole: person?.functionalRole ?? null,
      roleGroup: roleGroupName(person?.functionalRole, person?.alias),
    };
  },
};
