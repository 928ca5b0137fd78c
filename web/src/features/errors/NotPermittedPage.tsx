import { messages } from '../../../../domain/messages';
import { paths } from '../../app/paths';
import { ButtonLink } from '../../components/ButtonLink';
import { LockIcon } from '../../components/icons/icons';
import { MessagePanel } from '../../components/MessagePanel';
import { Page } from '../../components/Page';

/** Where the route guard sends a logged-in user who lacks the role (SPEC.md section 6). */
export function NotPermittedPage() {
  return (
    <Page title="Not Permitted" narrow>
      <MessagePanel
        icon={<LockIcon size={40} />}
        title="Not Permitted"
        tone="warning"
        actions={<ButtonLink to={paths.home}>Home</ButtonLink>}
      >
        <p>{messages.global.notPermittedRedirect}</p>
      </MessagePanel>
    </Page>
  );
}
