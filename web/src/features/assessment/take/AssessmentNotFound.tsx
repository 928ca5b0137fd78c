import { messages } from '../../../../../domain/messages';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ButtonLink';
import { CompassIcon } from '../../../components/icons/icons';
import { MessagePanel } from '../../../components/MessagePanel';
import { Page } from '../../../components/Page';

/** 'Assessment page cannot be found.' (SPEC.md section 8): no code, no result, or an unknown section. */
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
