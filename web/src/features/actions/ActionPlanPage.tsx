import { useQuery } from '@tanstack/react-query';
import { myActionsQuery } from '@web/api/actions';
import { MyActionList } from '@web/components/MyActionList';
import { Page } from '@web/components/Page';
import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import { ActionPlanTab } from './ActionPlanTab';

/**
 * /actionplan: one's own organization's Action Plan (docs/decisions.md#insights-actions), for its
 * plain members, who read it here since they do not open the organization page. It opens with the
 * person's own open actions: an owner's reminder e-mail leads here.
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
        <>
          <MyActions />
          <ActionPlanTab
            // Its own people reach it as its people: the consulting firm plays no part for them.
            organization={{ id: organization.id, type: organization.type.enumValue, consultingFirmId: null }}
            title="Practice Areas by Gap"
          />
        </>
      ) : (
        <p className="smr-plan-message">You do not belong to an organization with an action plan.</p>
      )}
    </Page>
  );
}

function MyActions() {
  const mine = useQuery(myActionsQuery);
  return (
    <section className="smr-plan smr-plan-mine" aria-labelledby="my-actions-title">
      <h2 id="my-actions-title" className="smr-plan-title">
        My Actions
      </h2>
      {mine.isPending ? (
        <p className="smr-plan-note" aria-busy="true">
          Loading your actions…
        </p>
      ) : mine.isError ? (
        <p className="smr-plan-message">Your actions could not be loaded.</p>
      ) : (
        <MyActionList actions={mine.data.data} count={mine.data.count} planPath={paths.actionPlan} />
      )}
    </section>
  );
}
