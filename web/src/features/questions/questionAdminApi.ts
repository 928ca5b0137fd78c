import { messages } from '@domain/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/api/client';
import { entityApi } from '@web/api/entityApi';

/** A choice as the question editor holds it; new, unsaved choices carry negative string ids. */
export type ChoiceAdminView = {
  id: string;
  caption: string;
  displayOrder: number | null;
  scoreValue: number | null;
  isOtherChoice: boolean;
  isActive: boolean;
};

export type SectionOption = { id: number; caption: string; name?: string; isActive: boolean };

/** A question as its editor sees it (admin/question/getbyid, copy, init). */
export type QuestionAdminView = {
  id: number | null;
  caption: string;
  displayOrder: number | null;
  section: SectionOption | null;
  inputType: number | null;
  /** Labelled Omit Score. */
  skipScore: boolean;
  isRequired: boolean;
  includeOtherChoice: boolean;
  helpContent: string | null;
  description: string | null;
  isActive: boolean;
  choices: ChoiceAdminView[];
};

/** A row of admin/question/search. */
export type QuestionAdminRow = {
  id: number;
  caption: string;
  displayOrder: number | null;
  section: SectionOption;
  inputType: number;
  isRequired: boolean;
  skipScore: boolean;
  isActive: boolean;
  choiceCount: number;
};

export const questionAdminApi = entityApi<QuestionAdminView, QuestionAdminRow>('admin/question');

/** POST admin/question/sections/all: every section, inactive ones too, for the Section select. */
export const questionSectionsQuery = queryOptions({
  queryKey: [...questionAdminApi.keys.all, 'sections'] as const,
  queryFn: ({ signal }) =>
    api.post<SectionOption[]>(
      'admin/question/sections/all',
      { id: 0 },
      { signal, errorMessage: messages.admin.listRetrieveFailure },
    ),
});
