import { z } from 'zod';
import { envelopeOf } from './answers.js';
import { lookupItemView, lookupTypeView } from './lookup.js';

// What the content editors' calls answer (docs/product.md#calls-content: admin/lookup/*,
// admin/section/*, admin/question/*). An item not saved yet (init, copy) has id null.

/** What add and update answer: the saved item's id. */
export const savedIdEnvelope = envelopeOf(z.object({ id: z.number().int() }));

/** A lookup item as its editor sees it (getbyid, search rows): also whether the program relies on it. */
export const lookupAdminView = lookupItemView.extend({
  /** The program relies on it: it may be renamed, not deleted or moved to another type. */
  isSystem: z.boolean(),
});
export type LookupAdminRow = z.output<typeof lookupAdminView>;

/** A lookup item in the editor: saved, copied (not saved) or blank (admin/lookup/init). */
export const lookupAdminFormView = lookupAdminView.extend({
  id: z.number().int().nullable(),
  lookupType: lookupTypeView.nullable(),
});
export type LookupAdminView = z.output<typeof lookupAdminFormView>;

/** A section as its editor sees it (getbyid, search rows). */
export const sectionAdminView = z.object({
  id: z.number().int(),
  caption: z.string(),
  /** The back button's caption in the assessment, e.g. 'Go Back'. */
  captionPrevious: z.string().nullable(),
  /** The forward button's caption, e.g. 'Continue'. */
  captionNext: z.string().nullable(),
  /** Navigates the assessment: /assessment/{assessmentCode}/{code}. */
  code: z.string(),
  displayOrder: z.number().nullable(),
  description: z.string().nullable(),
  helpContent: z.string().nullable(),
  helpContentVideo: z.string().nullable(),
  isActive: z.boolean(),
  questionCount: z.number().int(),
});
export type SectionAdminRow = z.output<typeof sectionAdminView>;

/** A section in the editor: saved, copied (not saved) or blank (admin/section/init). */
export const sectionAdminFormView = sectionAdminView.extend({ id: z.number().int().nullable() });
export type SectionAdminView = z.output<typeof sectionAdminFormView>;

/** A section as the question editor's Section select lists it (admin/question/sections/all). */
export const sectionOptionView = z.object({
  id: z.number().int(),
  caption: z.string(),
  name: z.string(),
  isActive: z.boolean(),
});
export type SectionOption = z.output<typeof sectionOptionView>;

/** A choice as the question editor holds it; new, unsaved choices carry negative string ids. */
export const choiceAdminView = z.object({
  id: z.string(),
  caption: z.string(),
  displayOrder: z.number().nullable(),
  scoreValue: z.number().nullable(),
  isOtherChoice: z.boolean(),
  isActive: z.boolean(),
});
export type ChoiceAdminView = z.output<typeof choiceAdminView>;

/** A question with its choices as its editor sees it (admin/question/getbyid). */
export const questionAdminView = z.object({
  id: z.number().int(),
  caption: z.string(),
  displayOrder: z.number().nullable(),
  section: sectionOptionView,
  inputType: z.number().int(),
  /** Labelled Omit Score. */
  skipScore: z.boolean(),
  isRequired: z.boolean(),
  includeOtherChoice: z.boolean(),
  helpContent: z.string().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  choices: z.array(choiceAdminView),
});

/** A question in the editor: saved, copied (not saved) or blank (admin/question/init). */
export const questionAdminFormView = questionAdminView.extend({
  id: z.number().int().nullable(),
  section: sectionOptionView.nullable(),
  inputType: z.number().int().nullable(),
});
export type QuestionAdminView = z.output<typeof questionAdminFormView>;

/** A row of admin/question/search. */
export const questionAdminRow = z.object({
  id: z.number().int(),
  caption: z.string(),
  displayOrder: z.number().nullable(),
  section: sectionOptionView,
  inputType: z.number().int(),
  isRequired: z.boolean(),
  skipScore: z.boolean(),
  isActive: z.boolean(),
  choiceCount: z.number().int(),
});
export type QuestionAdminRow = z.output<typeof questionAdminRow>;
