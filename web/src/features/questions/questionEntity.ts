import { messages } from '@domain/messages';
import type { EntityDefinition } from '@web/components/entity/EntityForm';
import type { Removal } from '@web/components/entity/useConfirmedRemoval';
import { paths } from '@web/lib/paths';
import { type QuestionAdminView, questionAdminApi } from './questionAdminApi';

const m = messages.admin;

/** Deactivated, never removed (docs/product.md#rules); the list and the form ask the same way. */
export const questionRemoval: Removal<{ caption: string }> = {
  kind: 'deactivate',
  confirmText: (item) => m.confirmDeactivate(item.caption),
  errorTitle: m.deactivateErrorTitle,
};

/** The question screens' wording (docs/product.md#screens and docs/product.md#messages-admin). */
export const questionEntity: EntityDefinition<QuestionAdminView> = {
  title: 'Admin | Question',
  basePath: '/admin/question',
  listPath: paths.questions,
  api: questionAdminApi,
  texts: {
    retrieveFailure: m.retrieveFailure,
    notFound: `${m.retrieveFailure} ${m.itemNotFound}`,
    forbidden: m.notPermittedToEdit,
    blankFailure: m.blankItemFailure,
    saveFailure: m.saveFailure,
    copyFailure: m.copyFailure,
    saved: m.saved,
    saveErrorTitle: m.saveErrorTitle,
  },
  actionLabels: { add: 'Add Question', copy: 'Copy item', remove: 'Deactivate item' },
  removal: questionRemoval,
  afterSave: 'item',
};
