import type { z } from 'zod';
import type {
  ChoiceAdminView,
  LookupAdminRow,
  QuestionAdminRow,
  questionAdminView,
  SectionAdminRow,
} from '../../domain/schemas/contentView.js';
import { bool } from './common.js';
import { presentLookup } from './lookup.js';

type LookupItemRow = Parameters<typeof presentLookup>[0] & { isSystem: number };

/** A lookup item as its editor sees it: also whether the program relies on it. */
export function presentLookupAdmin(row: LookupItemRow): LookupAdminRow {
  return { ...presentLookup(row), isSystem: bool(row.isSystem) };
}

type SectionRow = {
  id: number;
  caption: string;
  captionPrevious: string | null;
  captionNext: string | null;
  code: string;
  displayOrder: number | null;
  description: string | null;
  helpContent: string | null;
  helpContentVideo: string | null;
  isActive: number;
  questionCount?: number | string | bigint | null;
};

export function presentSectionAdmin(row: SectionRow): SectionAdminRow {
  return {
    id: row.id,
    caption: row.caption,
    captionPrevious: row.captionPrevious,
    captionNext: row.captionNext,
    code: row.code,
    displayOrder: row.displayOrder,
    description: row.description,
    helpContent: row.helpContent,
    helpContentVideo: row.helpContentVideo,
    isActive: bool(row.isActive),
    questionCount: Number(row.questionCount ?? 0),
  };
}

type ChoiceRow = {
  id: number;
  caption: string;
  displayOrder: number | null;
  scoreValue: number | null;
  isOtherChoice: number;
  isActive: number;
};

export function presentChoiceAdmin(row: ChoiceRow): ChoiceAdminView {
  return {
    // Choice ids travel as strings: new, unsaved choices carry negative string ids (docs/product.md#codes).
    id: String(row.id),
    caption: row.caption,
    displayOrder: row.displayOrder,
    scoreValue: row.scoreValue,
    isOtherChoice: bool(row.isOtherChoice),
    isActive: bool(row.isActive),
  };
}

type QuestionRow = {
  id: number;
  caption: string;
  description: string | null;
  displayOrder: number | null;
  inputType: number;
  skipScore: number;
  isRequired: number;
  includeOtherChoice: number;
  helpContent: string | null;
  isActive: number;
  sectionId: number;
  sectionCaption: string;
  sectionIsActive: number;
  choiceCount?: number | string | bigint | null;
};

function section(row: QuestionRow) {
  return {
    id: row.sectionId,
    caption: row.sectionCaption,
    name: row.sectionCaption,
    isActive: bool(row.sectionIsActive),
  };
}

export function presentQuestionListRow(row: QuestionRow): QuestionAdminRow {
  return {
    id: row.id,
    caption: row.caption,
    displayOrder: row.displayOrder,
    section: section(row),
    inputType: row.inputType,
    isRequired: bool(row.isRequired),
    skipScore: bool(row.skipScore),
    isActive: bool(row.isActive),
    choiceCount: Number(row.choiceCount ?? 0),
  };
}

export function presentQuestionAdmin(
  row: QuestionRow,
  choices: ChoiceRow[],
): z.output<typeof questionAdminView> {
  return {
    id: row.id,
    caption: row.caption,
    displayOrder: row.displayOrder,
    section: section(row),
    inputType: row.inputType,
    skipScore: bool(row.skipScore),
    isRequired: bool(row.isRequired),
    includeOtherChoice: bool(row.includeOtherChoice),
    helpContent: row.helpContent,
    description: row.description,
    isActive: bool(row.isActive),
    choices: choices.map(presentChoiceAdmin),
  };
}
