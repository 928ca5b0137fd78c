import { Page } from '@web/components/Page';
import { useAuth } from '@web/lib/auth/useAuth';
import { ActionPlanTab } from './ActionPlanTab';

/**
 * /actionplan: one's own organization's Action Plan (docs/decisions.md#insights-actions), for its
 * plain members, who read it here since they do not open the organization page.
 */
export function ActionPlanPage() {
  const { user } = useAuth();
  const organization = user?.organization;
  return (
    <Page title="Action Plan" className="smr-page-wide">
      <header className="smr-entity-header">
        <div>
          <h1 className="smr-entity-title">Action Plan</h1>
          {organization ? <p className="smr-entity-subtitle">{organization.name}</p> : null}
        </div>
      </header>
      {organization ? (
        <ActionPlanTab
          // Its own people reach it as its people: the consulting firm plays no part for them.
          organization={{ id: organization.id, type: organization.type.enumValue, consultingFirmId: null }}
          title="Practice Areas by Gap"
        />
      ) : (
        <p className="smr-plan-message">You do not belong to an organization with an action plan.</p>
      )}
    </Page>
  );
}
