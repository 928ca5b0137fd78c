import { messages } from '@domain/messages';
import { ButtonLink } from '@web/components/ButtonLink';
import { LockIcon } from '@web/components/icons/icons';
import { MessagePanel } from '@web/components/MessagePanel';
import { Page } from '@web/components/Page';
import { paths } from '@web/lib/paths';

/** Where the route guard sends a logged-in user who lacks the role (docs/product.md#permissions). */
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
