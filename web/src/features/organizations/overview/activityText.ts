import { AssessmentType } from '@domain/codes';
import type { OverviewActivity } from '@domain/schemas/organizationOverviewView';

const assessmentName = (type: number | null) =>
  type === AssessmentType.FutureState ? 'Future State Assessment' : 'Current State Assessment';

/**
 * One line of the latest activity. Without a name (Anonymize Results) the line says what happened and
 * to which assessment, never to whom.
 */
export function activityText(event: OverviewActivity, statusName: (code: string | null) => string): string {
  switch (event.kind) {
    case 'completed':
      return event.person
        ? `${event.person} completed the ${assessmentName(event.assessmentType)}`
        : `A ${assessmentName(event.assessmentType)} was completed`;
    case 'invited':
      return event.person
        ? `${event.person} was invited to the ${assessmentName(event.assessmentType)}`
        : `An invite to the ${assessmentName(event.assessmentType)} was sent`;
    case 'status':
      return `Roadmap stage set to ${statusName(event.status)}`;
    case 'round':
      return 'A progress round closed';
  }
}
