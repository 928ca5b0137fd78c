import { ActionPlanTab } from '@web/features/actions/ActionPlanTab';
import { OrganizationFormPage } from '@web/features/organizations/form/OrganizationFormPage';
import type { FeatureTabs } from '@web/features/organizations/form/OrganizationTabs';
import { ShareLinksTab } from '@web/features/shareLinks/ShareLinksTab';

// Features do not import each other: the app joins the actions and shareLinks tabs to the organization form.
const featureTabs: FeatureTabs = {
  actionPlan: (organization) => <ActionPlanTab organization={organization} />,
  sharing: (organization) => <ShareLinksTab organizationId={organization.id} />,
};

/**
 * The organization form of docs/product.md#screens with its Action Plan (docs/decisions.md#insights-actions)
 * and Shared Links (docs/product.md#insights-share-links) tabs.
 */
export function OrganizationFormRoute() {
  return <OrganizationFormPage featureTabs={featureTabs} />;
}
