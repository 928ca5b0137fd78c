import { AssessmentType, InputType, LookupType, lookupTypeNames } from '@domain/codes';
import { maturityLevels } from '@domain/rules/maturity';
import type {
  Choice,
  CompletedAssessment,
  Criteria,
  PendingInvite,
  Question,
  ResultScores,
  Section,
} from '../api/assessments';
import type { LookupItem } from '../api/lookups';

// Data generators for the assessment screens' component tests, shaped as the API presents them.

let nextId = 5000;

export function buildChoice(caption: string, extra: Partial<Choice> = {}): Choice {
  const id = nextId++;
  return { id, caption, displayOrder: id, isOtherChoice: false, selected: false, other: null, ...extra };
}

export function buildQuestion(caption: string, extra: Partial<Question> = {}): Question {
  return {
    id: nextId++,
    caption,
    description: null,
    displayOrder: 1,
    inputType: InputType.RadioButton,
    isRequired: true,
    includeOtherChoice: false,
    helpContent: null,
    validator: null,
    value: null,
    choices: ['Level one', 'Level two', 'Level three', 'Not sure'].map((c) => buildChoice(c)),
    ...extra,
  };
}

export function buildSection(code: string, caption: string, questions: Question[]): Section {
  return {
    code,
    name: caption,
    caption,
    captionPrevious: 'Go Back',
    captionNext: 'Continue',
    description: `<p>About ${caption}.</p>`,
    helpContent: `<p>How to answer ${caption}.</p>`,
    helpContentVideo: null,
    questions,
  };
}

/** A trial assessment of two sections with two single-choice questions each. */
export function buildCriteria(extra: Partial<Criteria> = {}): Criteria {
  return {
    id: 3,
    assessmentId: 3,
    code: 'trial',
    name: 'Trial Assessment',
    description: 'A trial run.',
    assessmentType: AssessmentType.Trial,
    startDateTime: null,
    completionDateTime: null,
    sections: [
      buildSection('strategy', 'Strategy and Leadership', [
        buildQuestion('How is your strategy defined?'),
        buildQuestion('Who sponsors improvement?'),
      ]),
      buildSection('workforce', 'Workforce and Culture', [
        buildQuestion('How are people trained?'),
        buildQuestion('How are ideas collected?'),
      ]),
    ],
    ...extra,
  };
}

/** The criteria with the first choice of every question chosen, as a retake returns them. */
export function answeredCriteriaOf(criteria: Criteria, resultId: number): Criteria {
  return {
    ...criteria,
    id: resultId,
    startDateTime: '2024-03-01T10:00:00.000Z',
    completionDateTime: '2024-03-01T10:30:00.000Z',
    sections: criteria.sections.map((s) => ({
      ...s,
      questions: s.questions.map((q) => ({
        ...q,
        value: q.choices[0]?.id ?? null,
        choices: q.choices.map((c, i) => ({ ...c, selected: i === 0 })),
      })),
    })),
  };
}

export function buildPendingInvite(extra: Partial<PendingInvite> = {}): PendingInvite {
  return {
    id: nextId++,
    assessment: {
      id: 1,
      code: 'current-state',
      name: 'Current State Assessment',
      description: 'Where your practices stand today.',
      assessmentType: AssessmentType.CurrentState,
    },
    assessmentResult: null,
    invitedOn: '2024-02-03T12:00:00.000Z',
    progress: null,
    ...extra,
  };
}

export function buildCompleted(extra: Partial<CompletedAssessment> = {}): CompletedAssessment {
  return {
    id: nextId++,
    assessment: {
      id: 1,
      code: 'current-state',
      name: 'Current State Assessment',
      description: 'Where your practices stand today.',
      assessmentType: AssessmentType.CurrentState,
    },
    respondent: { id: 104, fullName: 'Jordan Avery Quinn', userName: 'manufacturer-user' },
    organization: { id: 1, name: 'Acme Precision Parts' },
    completionDateTime: '2024-04-05T15:00:00.000Z',
    roadmapStatus: 'CurrentState',
    canRetake: true,
    ...extra,
  };
}

export function buildScores(extra: Partial<ResultScores> = {}): ResultScores {
  return {
    id: 77,
    assessment: {
      code: 'current-state',
      name: 'Current State Assessment',
      assessmentType: AssessmentType.CurrentState,
    },
    organization: null,
    completionDateTime: '2024-04-05T15:00:00.000Z',
    overall: { score: 2.4, level: 'Developing' },
    sections: [
      { code: 'strategy', caption: 'Strategy and Leadership', score: 2, level: 'Developing' },
      { code: 'workforce', caption: 'Workforce and Culture', score: 2.8, level: 'Developing' },
      { code: 'data', caption: 'Data and Analytics', score: 2.4, level: 'Developing' },
    ],
    lowest: [
      { caption: 'How is your strategy defined?', section: 'Strategy and Leadership', score: 1 },
      { caption: 'How are ideas collected?', section: 'Workforce and Culture', score: 2 },
    ],
    levels: maturityLevels.map((l) => ({ ...l })),
    ...extra,
  };
}

let nextLookupId = 9000;
function lookup(type: LookupType, name: string, code: string, extra: Partial<LookupItem> = {}): LookupItem {
  const id = nextLookupId++;
  return {
    id,
    name,
    code,
    lookupType: { enumValue: type, name: lookupTypeNames[type] },
    displayOrder: id,
    enumValue: null,
    organizationType: null,
    isActive: true,
    ...extra,
  };
}

/** The lookup items of the get-started form's demographics. */
export const demographicLookups: LookupItem[] = [
  lookup(LookupType.CompanyMaturity, '10-20 years', '10-20-years'),
  lookup(LookupType.NumberOfEmployees, '50-99', '50-99'),
  lookup(LookupType.NumberOfFacilities, '1', '1'),
  lookup(LookupType.HqRegion, 'North America', 'north-america'),
  lookup(LookupType.HqRegion, 'Europe', 'europe'),
  lookup(LookupType.Industry, 'Machinery Manufacturing', 'machinery'),
  lookup(LookupType.Industry, 'Other', 'other'),
  lookup(LookupType.ValueChainRole, 'Tier 1 Supplier', 'tier-1'),
];
