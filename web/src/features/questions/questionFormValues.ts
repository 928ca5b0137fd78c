import { SELECT_PLACEHOLDER_VALUE } from '@domain/codes';
import { editorInputTypes, inputTypeLabels, isNewChoiceId, needsChoices } from '@domain/rules/content';
import { type QuestionInput, questionInputSchema } from '@domain/schemas/content';
import type { EntityFormSetup } from '@web/components/entity/EntityForm';
import { schemaResolver } from '@web/components/entity/schemaResolver';
import type { SelectOption } from '@web/components/form/SelectField';
import type { ChoiceAdminView, QuestionAdminView, SectionOption } from './questionAdminApi';

/** A choice row as the grid's inputs hold it. */
export type ChoiceFormValues = {
  id: string;
  caption: string;
  displayOrder: string;
  scoreValue: string;
  isOtherChoice: boolean;
  isActive: boolean;
};

export type QuestionFormValues = {
  caption: string;
  displayOrder: string;
  /** The section's id as text, or -1 for '--Select One--'. */
  section: { id: string };
  /** The input type's enum value as text, or -1. */
  inputType: string;
  isRequired: boolean;
  skipScore: boolean;
  includeOtherChoice: boolean;
  description: string;
  helpContent: string;
  choices: ChoiceFormValues[];
};

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function choiceFormValues(choice: ChoiceAdminView): ChoiceFormValues {
  return {
    id: String(choice.id),
    caption: choice.caption ?? '',
    displayOrder: text(choice.displayOrder),
    scoreValue: text(choice.scoreValue),
    isOtherChoice: choice.isOtherChoice === true,
    isActive: choice.isActive !== false,
  };
}

/** The next new choice's id: '-1', then '-2'... below every id in use (docs/product.md#codes). */
export function nextNewChoiceId(choices: readonly { id: string }[]): string {
  const lowest = choices.reduce((min, choice) => Math.min(min, Number(choice.id) || 0), 0);
  return String(lowest - 1);
}

/** A new row: the next negative id, placed after the last choice. */
export function newChoice(choices: readonly ChoiceFormValues[]): ChoiceFormValues {
  const lastOrder = choices.reduce((max, choice) => Math.max(max, Number(choice.displayOrder) || 0), 0);
  return {
    id: nextNewChoiceId(choices),
    caption: '',
    displayOrder: String(lastOrder + 1),
    scoreValue: '',
    isOtherChoice: false,
    isActive: true,
  };
}

/** docs/product.md#rules-validation: for choice-list types, Include Other Choice follows the choices marked Other. */
export function includesOtherChoice(
  choices: readonly { isOtherChoice?: boolean | null; isActive?: boolean | null }[],
) {
  return choices.some((choice) => choice.isActive !== false && choice.isOtherChoice === true);
}

/** The editor's input types, plus the question's own when it is one the editor only recognises. */
export function inputTypeOptions(current: number | null | undefined): SelectOption[] {
  const options: SelectOption[] = editorInputTypes.map(({ value, label }) => ({ value, label }));
  if (current != null && current > 0 && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: inputTypeLabels[current] ?? `Type ${current}` });
  }
  return options;
}

/** Active sections to choose from; an inactive one is listed (marked) only when it is the question's own. */
export function sectionOptions(
  sections: readonly SectionOption[] | undefined,
  current: SectionOption | null,
) {
  const list = [...(sections ?? [])];
  if (current && !list.some((section) => section.id === current.id)) list.push(current);
  return list.map((section) => ({
    value: section.id,
    label: section.isActive ? section.caption : `${section.caption} (Inactive)`,
    disabled: !section.isActive && section.id !== current?.id,
  }));
}

export const questionSetup: EntityFormSetup<QuestionAdminView, QuestionFormValues, QuestionInput> = {
  // Choices of a type that has none are not shown, so rows added and left there are not validated.
  resolver: schemaResolver(questionInputSchema, (values: QuestionFormValues) => ({
    ...values,
    choices: needsChoices(Number(values.inputType))
      ? values.choices
      : values.choices.filter((choice) => !isNewChoiceId(choice.id)),
  })),
  toValues: (item) => ({
    caption: item.caption ?? '',
    displayOrder: text(item.displayOrder),
    section: { id: String(item.section?.id ?? SELECT_PLACEHOLDER_VALUE) },
    inputType: String(item.inputType ?? SELECT_PLACEHOLDER_VALUE),
    isRequired: item.isRequired === true,
    skipScore: item.skipScore === true,
    includeOtherChoice: item.includeOtherChoice === true,
    description: item.description ?? '',
    helpContent: item.helpContent ?? '',
    choices: (item.choices ?? []).map(choiceFormValues),
  }),
  toBody: (input, item) => ({
    ...input,
    id: item.id,
    section: { id: input.section.id },
    includeOtherChoice: needsChoices(input.inputType) && includesOtherChoice(input.choices),
    // Deactivated choices travel with isActive false: they are never dropped (docs/product.md#rules).
    choices: input.choices,
  }),
};
