import { OrganizationFormPage } from '@web/features/organizations/form/OrganizationFormPage';
import { ShareLinksTab } from '@web/features/shareLinks/ShareLinksTab';

// Features do not import each other: the app joins the shareLinks tab to the organization form.
const sharingTab = (organizationId: number) => <ShareLinksTab organizationId={organizationId} />;

/** The organization form of docs/product.md#screens with its Shared Links tab (docs/product.md#insights-share-links). */
export function OrganizationFormRoute() {
  return <OrganizationFormPage sharingTab={sharingTab} />;
}
