import { AssessmentType } from '@domain/codes.js';
import { anonymousRoleGroups, figuresFrom, readerRoleAlignment } from '@domain/rules/anonymity.js';
import { type PeerSection, type PeerSnapshot, peerFigures } from '@domain/rules/peers.js';
import type { Progress } from '@domain/rules/progress.js';
import {
  averageScore,
  averagesOf,
  byLargestGap,
  type Gap,
  questionAverage,
  roleGroups,
} from '@domain/rules/reportFigures.js';
import type { RoleAlignment } from '@domain/rules/roleAlignment.js';
import type { DemographicView } from '@domain/schemas/organizationView.js';
import type { OrganizationDetailRow, OrganizationResults } from '../../db/rows.js';
import type { PlanReport } from '../actionPlan.js';
import { answerCell, answerTexts } from './answers.js';

// What the organization report prints, worked out before any sheet is written: the figures from
// domain/rules and the names as the caller may see them. With Anonymize Results set and a caller other
// than an admin, respondents are 'Respondent 1', 'Respondent 2'... here, so no sheet can leak a name,
// in an order of their scores, with no completion date, functional role or role group of fewer than 3.

export type PeerRow = { caption: string; figures: PeerSection };

export type OrganizationReport = {
  organization: string;
  /** The roadmap status by name; empty without one. */
  roadmapStatus: string;
  assessment: string;
  assessmentType: number;
  generatedOn: Date;
  /** The organization and its demographics, as label and value. */
  facts: [string, string][];
  counted: number;
  excluded: number;
  overall: number | null;
  sections: { id: number; code: string; caption: string; average: number | null }[];
  /**
   * The benchmark comparison of the current state (domain/rules/peers.ts, the results page's rule):
   * quartiles over the manufacturers the reader cannot read, or how many more of those it needs.
   */
  peers:
    | { available: true; contributors: number; sections: PeerRow[]; overall: PeerSection | null }
    | { available: false; contributors: number; needed: number };
  groups: {
    name: string;
    roles: string;
    respondents: number;
    overall: number | null;
    sections: (number | null)[];
  }[];
  /** True when respondents are shown by name (and user name). */
  named: boolean;
  respondents: {
    label: string;
    userName: string | null;
    roleGroup: string;
    /** Null where anonymized: the sheet then has no Functional role and no Completed column. */
    functionalRole: string | null;
    completedOn: string | null;
    overall: number | null;
    sections: (number | null)[];
  }[];
  questions: { section: string; caption: string; average: number | null; answers: string[] }[];
  /** Future-state reports: current against future, per section and practice, largest gap first. */
  roadmap: {
    sections: Gap<{ caption: string }>[];
    practices: Gap<{ section: string; caption: string }>[];
  } | null;
  /** The role groups' agreement on this assessment (domain/rules/roleAlignment.ts). */
  alignment: RoleAlignment;
  /** The rounds against the future-state target (docs/product.md#insights-progress). */
  progress: Progress;
  /** The plan of docs/decisions.md#insights-actions, whatever the assessment type of the report. */
  plan: PlanReport;
};

const joined = (refs: readonly { name: string }[] | undefined, extra?: string | null) =>
  [...(refs ?? []).map((r) => r.name), ...(extra?.trim() ? [extra.trim()] : [])].join('; ');

function factsOf(org: OrganizationDetailRow, demographic: DemographicView | null): [string, string][] {
  const region = org.hqRegionName
    ? org.stateName && org.hqRegionCode === 'north-america'
      ? `${org.hqRegionName} (${org.stateName})`
      : org.hqRegionName
    : (org.stateName ?? '');
  return [
    ['Organization', org.name],
    ['Business area', org.businessTypeName ?? ''],
    ['Consulting firm', org.consultingFirmName ?? ''],
    ['Roadmap status', org.roadmapStatusName ?? ''],
    ['HQ region', region],
    ['Company maturity', demographic?.companyMaturity?.name ?? ''],
    ['Number of employees', demographic?.numberOfEmployees?.name ?? ''],
    ['Number of facilities', demographic?.numberOfFacilities?.name ?? ''],
    ['Industries', joined(demographic?.industries, demographic?.otherIndustry)],
    ['Supply chain roles', joined(demographic?.supplyChainRoles)],
  ];
}

/**
 * The respondents of an anonymized report in an order that says nothing of who they are: by their
 * scores, then their answers (two people who answered alike are alike to the reader).
 */
function anonymousOrder<T extends OrganizationResults['respondents'][number]>(
  content: OrganizationResults['content'],
  respondents: readonly T[],
): T[] {
  const keyOf = (r: T) =>
    JSON.stringify([
      r.scores.overall,
      content.sections.map((s) => r.scores.sections[s.code] ?? null),
      [...answerTexts(content, r.answers, true)].sort((a, b) => a[0] - b[0]),
    ]);
  const keys = new Map(respondents.map((r) => [r, keyOf(r)]));
  return [...respondents].sort((a, b) => {
    const x = keys.get(a) as string;
    const y = keys.get(b) as string;
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/**
 * The organization report of `results` (one assessment type). `current` is the current-state results
 * (the same object for a current-state report): the benchmark compares them, and a future-state
 * report sets them against the future in its Roadmap sheet.
 */
export function organizationReport(input: {
  organization: OrganizationDetailRow;
  demographic: DemographicView | null;
  results: OrganizationResults;
  current: OrganizationResults;
  peers: readonly PeerSnapshot[];
  /** Whether the reader can read a peer's own figures (domain/policies/peers.ts): it is then left out. */
  readablePeer: (peer: PeerSnapshot) => boolean;
  progress: Progress;
  /** The plan as organization/plan answers the reader, with every action (actionPlan.ts planReport). */
  plan: PlanReport;
  anonymized: boolean;
  now: Date;
}): OrganizationReport {
  const { results, current, anonymized } = input;
  const content = results.content;
  const codes = content.sections.map((s) => s.code);
  const scores = results.respondents.map((r) => r.scores);
  const averages = averagesOf(scores, codes);
  const sectionOf = new Map(content.sections.map((s) => [s.id, s.caption]));
  const captionOf = new Map(content.sections.map((s) => [s.code, s.caption]));

  const currentCodes = current.content.sections.map((s) => s.code);
  // A future-state report's current state may have one or two respondents: withheld when anonymized
  // (the report route refuses a report whose own assessment has so few).
  const currentShown = figuresFrom(anonymized, current.respondents);
  const currentAverages = averagesOf(
    currentShown.map((r) => r.scores),
    currentCodes,
  );
  const figures = peerFigures(input.peers, currentAverages, currentCodes, input.readablePeer);

  // Anonymized, the respondents are not in the order they completed (the invite list says who
  // completed when), their roles are the groups of anonymousRoleGroups, and no completion date shows.
  const people = anonymized ? anonymousOrder(content, results.respondents) : results.respondents;
  const shownGroups = anonymized ? anonymousRoleGroups(people) : roleGroups(people);
  const groupOf = new Map(shownGroups.flatMap((g) => g.members.map((m) => [m, g.name] as const)));
  const respondents = people.map((r, i) => ({
    label: anonymized ? `Respondent ${i + 1}` : r.fullName,
    userName: anonymized ? null : r.userName,
    roleGroup: groupOf.get(r) ?? r.roleGroup,
    functionalRole: anonymized ? null : (r.functionalRole ?? ''),
    completedOn: anonymized ? null : r.completionDateTime,
    overall: r.scores.overall,
    sections: codes.map((code) => r.scores.sections[code] ?? null),
  }));
  const texts = people.map((r) => answerTexts(content, r.answers, anonymized));

  const futureRoadmap = () => {
    const future = averages;
    const now = currentAverages;
    const currentScores = currentShown.map((r) => r.scores);
    return {
      sections: byLargestGap(
        content.sections.map((s) => ({
          caption: s.caption,
          current: now.sections.find((x) => x.code === s.code)?.score ?? null,
          future: future.sections.find((x) => x.code === s.code)?.score ?? null,
        })),
      ),
      practices: byLargestGap(
        content.questions.map((q) => ({
          section: sectionOf.get(q.sectionId) ?? '',
          caption: q.caption,
          current: questionAverage(currentScores, q.id),
          future: questionAverage(scores, q.id),
        })),
      ),
    };
  };

  return {
    organization: input.organization.name,
    roadmapStatus: input.organization.roadmapStatusName ?? '',
    assessment: results.assessment?.name ?? '',
    assessmentType: results.assessmentType,
    generatedOn: input.now,
    facts: factsOf(input.organization, input.demographic),
    counted: results.respondents.length,
    excluded: results.excluded,
    overall: averages.overall,
    sections: averages.sections.map((s, i) => ({
      id: content.sections[i]?.id ?? 0,
      code: s.code,
      caption: captionOf.get(s.code) ?? s.code,
      average: s.score,
    })),
    peers: figures.available
      ? {
          available: true,
          contributors: figures.contributors,
          overall: figures.overall,
          sections: figures.sections.map((f) => ({
            caption: current.content.sections.find((s) => s.code === f.code)?.caption ?? f.code,
            figures: f,
          })),
        }
      : {
          available: false,
          contributors: figures.contributors,
          needed: figures.needed,
        },
    groups: shownGroups.map((g) => ({
      name: g.name,
      roles: g.roles.join('; '),
      respondents: g.members.length,
      overall: averageScore(g.members.map((m) => m.scores.overall)),
      sections: codes.map((code) => averageScore(g.members.map((m) => m.scores.sections[code]))),
    })),
    named: !anonymized,
    respondents,
    questions: content.questions.map((q) => ({
      section: sectionOf.get(q.sectionId) ?? '',
      caption: q.caption,
      average: questionAverage(scores, q.id),
      answers: texts.map((t) => answerCell(t.get(q.id))),
    })),
    roadmap: results.assessmentType === AssessmentType.FutureState ? futureRoadmap() : null,
    alignment: readerRoleAlignment(results.respondents, content.sections, anonymized),
    progress: input.progress,
    plan: input.plan,
  };
}
