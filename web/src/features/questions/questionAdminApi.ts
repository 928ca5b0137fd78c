import { messages } from '@domain/messages';
import type { QuestionAdminRow, QuestionAdminView, SectionOption } from '@domain/schemas/contentView';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/api/client';
import { entityApi } from '@web/api/entityApi';

// The question editor's answers (admin/question/getbyid, copy, init, search rows, sections/all), typed
// by the schemas the server answers with.
export type {
  ChoiceAdminView,
  QuestionAdminRow,
  QuestionAdminView,
  SectionOption,
} from '@domain/schemas/contentView';

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
