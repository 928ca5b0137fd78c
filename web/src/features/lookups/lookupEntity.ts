import { messages } from '@domain/messages';
import { lookupsQuery } from '@web/api/lookups';
import type { EntityDefinition } from '@web/components/entity/EntityForm';
import { paths } from '@web/lib/paths';
import { type LookupAdminView, lookupAdminApi } from './lookupAdminApi';

const m = messages.admin;

/** The lookup item screens' wording (docs/product.md#screens and docs/product.md#messages-lookups). */
export const lookupEntity: EntityDefinition<LookupAdminView> = {
  title: 'Admin | Lookup Item',
  basePath: '/admin/lookup',
  listPath: paths.lookups,
  api: lookupAdminApi,
  texts: {
    retrieveFailure: m.lookupRetrieveFailure,
    notFound: m.lookupRetrieveFailure + m.lookupNotFoundSuffix,
    forbidden: m.lookupRetrieveFailure + m.lookupNotPermittedSuffix,
    blankFailure: m.lookupBlankFailure,
    saveFailure: m.lookupSaveFailure,
    copyFailure: m.lookupCopyFailure,
    saved: m.lookupSaved,
    saveErrorTitle: m.saveErrorTitle,
  },
  actionLabels: { add: 'Add Lookup Item', copy: 'Copy item', remove: 'Delete item' },
  removal: {
    kind: 'delete',
    confirmText: (item) => m.confirmDeleteLookup(item.name),
    errorTitle: m.deleteErrorTitle,
    allowed: (item) => !item.isSystem,
  },
  afterSave: 'list',
  // The user and organization forms read every lookup item.
  invalidates: [lookupsQuery.queryKey],
};
