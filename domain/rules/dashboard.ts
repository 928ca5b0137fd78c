import type { RoadmapStatusCode } from '../codes.js';

// The champion's next step on the home page (docs/decisions.md#dashboard-figures): what the roadmap
// status asks of them (docs/product.md#rules-roadmap-status), and, while an assessment is collecting
// answers, whether to invite people, follow up on the pending ones, or wait for reporting.

/** Each step as the dashboard says it. */
export const championNextSteps = {
  awaitRoadmap: 'Your roadmap has not started yet. Your consultant or an administrator sets its stage.',
  inviteCurrent: 'Invite your team to the Current State Assessment.',
  followUpCurrent: 'Remind the people who have not completed the Current State Assessment yet.',
  awaitCurrentReport:
    'Everyone invited has completed the Current State Assessment. Your consultant moves the roadmap on to reporting.',
  reviewCurrentReport: 'Download the Current State report and review it with your consultant.',
  inviteFuture: 'Invite your team to the Future State Assessment.',
  followUpFuture: 'Remind the people who have not completed the Future State Assessment yet.',
  awaitFutureReport:
    'Everyone invited has completed the Future State Assessment. Your consultant moves the roadmap on to reporting.',
  reviewFutureReport: 'Download the Future State report and plan your next actions with your consultant.',
} as const;
export type ChampionNextStep = keyof typeof championNextSteps;

type Completion = { total: number; completed: number };

/** While an assessment collects answers: invite first, then follow up, then wait for reporting. */
function collecting(invites: Completion, steps: [ChampionNextStep, ChampionNextStep, ChampionNextStep]) {
  if (invites.total === 0) return steps[0];
  return invites.completed < invites.total ? steps[1] : steps[2];
}

/** The champion's next step at a roadmap status, given the invites of the organization's tabs. */
export function championNextStepOf(
  status: RoadmapStatusCode | null | undefined,
  invites: { current: Completion; future: Completion },
): ChampionNextStep {
  switch (status) {
    case 'PreAssessment':
    case 'CurrentState':
      return collecting(invites.current, ['inviteCurrent', 'followUpCurrent', 'awaitCurrentReport']);
    case 'CurrentStateReporting':
      return 'reviewCurrentReport';
    case 'FutureState':
      return collecting(invites.future, ['inviteFuture', 'followUpFuture', 'awaitFutureReport']);
    case 'FutureStateReporting':
      return 'reviewFutureReport';
    default:
      return 'awaitRoadmap';
  }
}
