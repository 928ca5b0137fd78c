import { messages } from '@domain/messages';
import { ButtonLink } from '@web/components/ButtonLink';
import { CompassIcon } from '@web/components/icons/icons';
import { MessagePanel } from '@web/components/MessagePanel';
import { Page } from '@web/components/Page';
import { paths } from '@web/lib/paths';

/** 'Assessment page cannot be found.' (docs/product.md#messages): no code, no result, or an unknown section. */
export function AssessmentNotFound() {
  return (
    <Page title="Assessment" narrow>
      <MessagePanel
        icon={<CompassIcon size={32} />}
        title={messages.assessment.pageNotFound}
        actions={<ButtonLink to={paths.home}>Home</ButtonLink>}
      />
    </Page>
  );
}
