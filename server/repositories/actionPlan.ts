import { AssessmentType } from '../../domain/codes.js';
import { type PlanSection, planOf } from '../../domain/rules/actionPlan.js';
import type { ActionStatus } from '../../domain/rules/actions.js';
import { figuresFrom, readerRound } from '../../domain/rules/anonymity.js';
import type { Executor } from '../db/database.js';
import { actionsRepository } from './actions.js';
import { progressRoundsRepository } from './progressRounds.js';
import { reportData } from './reportData.js';

// The one loader of a manufacturer's plan (domain/rules/actionPlan.ts): the Action Plan tab's call,
// the workbook's Action Plan sheet and the executive summary read it, so their figures agree.

export const actionPlanRepository = {
  /**
   * The plan as a reader sees it: `anonymized` (policies/organizations.ts seesAnonymizedResults)
   * withholds figures of 1 or 2 results, as every other figure of the organization does. Five queries
   * when no result is new or changed since last figured (reportData.organizationScores).
   */
  async planOf(
    db: Executor,
    organizationId: number,
    anonymized: boolean,
    today: string,
  ): Promise<PlanSection[]> {
    const [current, future, rounds, actions] = await Promise.all([
      reportData.organizationScores(db, organizationId, AssessmentType.CurrentState),
      reportData.organizationScores(db, organizationId, AssessmentType.FutureState),
      progressRoundsRepository.ofOrganization(db, organizationId),
      actionsRepository.planRowsOf(db, organizationId),
    ]);
    return planOf({
      sections: current.content.sections,
      current: figuresFrom(anonymized, current.respondents).map((r) => r.scores),
      future: figuresFrom(anonymized, future.respondents).map((r) => r.scores),
      actions: actions.map((a) => ({ ...a, status: a.status as ActionStatus })),
      rounds: rounds.map((r) => readerRound(r, anonymized)),
      today,
    });
  },

  /** The practice areas an action of the organization may be against: its current-state sections. */
  async sectionIdsOf(db: Executor, organizationId: number): Promise<Set<number>> {
    const current = await reportData.organizationScores(db, organizationId, AssessmentType.CurrentState);
    return new Set(current.content.sections.map((s) => s.id));
  },
};
