import { messages } from '@domain/messages';
import type { EntityDefinition } from '@web/components/entity/EntityForm';
import type { Removal } from '@web/components/entity/useConfirmedRemoval';
import { paths } from '@web/lib/paths';
import { type SectionAdminView, sectionAdminApi } from './sectionAdminApi';

const m = messages.admin;

/** Deactivated, never removed (docs/product.md#rules); the list and the form ask the same way. */
export const sectionRemoval: Removal<{ caption: string }> = {
  kind: 'deactivate',
  confirmText: (item) => m.confirmDeactivate(item.caption),
  errorTitle: m.deactivateErrorTitle,
};

/** The section screens' wording (docs/product.md#screens and docs/product.md#messages-admin). */
export const sectionEntity: EntityDefinition<SectionAdminView> = {
  title: 'Admin | Section',
  basePath: '/admin/section',
  listPath: paths.sections,
  api: sectionAdminApi,
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
  actionLabels: { add: 'Add Section', copy: 'Copy item', remove: 'Deactivate item' },
  removal: sectionRemoval,
  afterSave: 'item',
};
