import { InputType } from '../codes.js';

// Rules of docs/product.md#rules-validation for the assessment content and lookup editors.

/** Display orders are positive whole numbers written with digits only. */
export const displayOrderPattern = /^\d+$/;
export function isValidDisplayOrder(value: string | number): boolean {
  const text = String(value).trim();
  return displayOrderPattern.test(text) && Number(text) > 0 && Number(text) <= 1_000_000;
}

/** Scores accept an optional sign, digits and a decimal point (docs/product.md#limits). */
export const scorePattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
export function isValidScore(value: string | number): boolean {
  return scorePattern.test(String(value).trim());
}

/** Input types whose answers are chosen from choices, and so need at least one. */
export const choiceInputTypes: readonly number[] = [
  InputType.RadioButton,
  InputType.DropDownList,
  InputType.CheckboxList,
];
export function needsChoices(inputType: number | null | undefined): boolean {
  return inputType != null && choiceInputTypes.includes(inputType);
}

/** The input types the question editor offers, with their labels; the drop-down is recognised too. */
export const editorInputTypes: readonly { value: number; label: string }[] = [
  { value: InputType.RadioButton, label: 'Single Select' },
  { value: InputType.CheckboxList, label: 'Multi Select' },
  { value: InputType.Textbox, label: 'Textbox' },
  { value: InputType.Email, label: 'Email' },
];
export const inputTypeLabels: Record<number, string> = {
  [InputType.Textbox]: 'Textbox',
  [InputType.RadioButton]: 'Single Select',
  [InputType.DropDownList]: 'Drop-down List',
  [InputType.Checkbox]: 'Checkbox',
  [InputType.CheckboxList]: 'Multi Select',
  [InputType.TextArea]: 'Text Area',
  [InputType.Email]: 'Email',
};

/** New, unsaved choices carry negative ids written as strings ('-1', '-2', ...). */
export function isNewChoiceId(id: string | number): boolean {
  return Number(id) < 0;
}

/** Section codes navigate (/assessment/{code}/{sectionCode}): lower-case letters, digits and dashes. */
export const sectionCodePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The assessment pages' own steps, addressed like sections (docs/product.md#screens): 'results' submits the
 * answers and 'demographics' shows the organization's demographics. A section may not take these codes.
 */
export const assessmentStepCodes = { demographics: 'demographics', results: 'results' } as const;

export function isReservedSectionCode(code: string): boolean {
  return Object.values(assessmentStepCodes).includes(code.trim().toLowerCase() as never);
}

/** A lookup code derived from a name: 'Tier 1 Supplier' -> 'tier-1-supplier'. */
export function codeFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
