import { ButtonLink } from '@web/components/ButtonLink';
import { Page } from '@web/components/Page';
import { paths } from '@web/lib/paths';

const TITLE = 'Organization';

/** The organization, its users or its invites did not load; the failure itself was told globally. */
export function OrganizationLoadFailed() {
  return (
    <Page title={TITLE} className="smr-page-medium">
      <h1 className="smr-entity-title">{TITLE}</h1>
      <div className="smr-form-actions smr-form-actions-start-only">
        <ButtonLink to={paths.home} variant="outline-secondary">
          Back
        </ButtonLink>
      </div>
    </Page>
  );
}
