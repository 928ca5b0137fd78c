import { OrganizationType } from '@domain/codes';
import type { OrganizationTarget } from '@domain/policies/organizations';
import type { OrganizationView } from '@domain/schemas/organizationView';
import { ButtonLink } from '@web/components/ButtonLink';
import { ActionMenu, type ActionMenuItem } from '@web/components/entity/ActionMenu';
import { Page } from '@web/components/Page';
import { type ReactNode, useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import { OrganizationDetails } from './OrganizationDetails';
import { OrganizationHeader } from './OrganizationHeader';
import { type FeatureTabs, InsightTabs } from './OrganizationTabs';

type Props = {
  /** Consulting Firm, Manufacturer or Organization: the page's title and kind. */
  kind: string;
  organization: OrganizationView & { id: number };
  /** The organization as saved, as the policies of its feature tabs take it. */
  target: OrganizationTarget;
  admin: boolean;
  backTo: string;
  menu: ActionMenuItem[];
  tab: string | null;
  onTab: (tab: string | null) => void;
  featureTabs?: FeatureTabs;
  /** The action menu's dialogs (deactivation). */
  children?: ReactNode;
};

/**
 * A deactivated organization's page (docs/decisions.md#organizations-overview): its name, its details
 * as text and a manufacturer's insight views, never a greyed-out form.
 */
export function OrganizationOverviewPage(props: Props) {
  const { kind, organization: org } = props;
  const titleId = useId();
  const manufacturer = org.type.enumValue === OrganizationType.Manufacturer;
  return (
    <Page title={kind} className="smr-page-wide">
      <OrganizationHeader
        kind={kind}
        name={org.name}
        titleId={titleId}
        subtitle="Deactivated: shown read-only."
        actions={<ActionMenu items={props.menu} />}
      />
      <Alert variant="secondary">
        This organization is deactivated. It is kept for past results and can no longer be edited.
      </Alert>
      <section className="smr-card smr-entity-card" aria-labelledby={`${titleId}-details`}>
        <h2 id={`${titleId}-details`} className="smr-overview-heading">
          Details
        </h2>
        <OrganizationDetails organization={org} admin={props.admin} />
        {manufacturer ? (
          <InsightTabs
            organization={props.target}
            featureTabs={props.featureTabs}
            tab={props.tab}
            onTab={props.onTab}
          />
        ) : null}
        <div className="smr-form-actions">
          <ButtonLink to={props.backTo} variant="outline-secondary">
            Back
          </ButtonLink>
        </div>
      </section>
      {props.children}
    </Page>
  );
}
