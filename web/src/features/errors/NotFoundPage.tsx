import { ButtonLink } from '@web/components/ButtonLink';
import { CompassIcon } from '@web/components/icons/icons';
import { MessagePanel } from '@web/components/MessagePanel';
import { Page } from '@web/components/Page';
import { paths } from '@web/lib/paths';

/** /404 and every unknown path. */
export function NotFoundPage() {
  return (
    <Page title="Page Not Found" narrow>
      <MessagePanel
        icon={<CompassIcon size={40} />}
        title="Page Not Found"
        actions={<ButtonLink to={paths.home}>Home</ButtonLink>}
      >
        <p>
          The page you are looking for does not exist or has moved. Check the address, or start again from the
          home page.
        </p>
      </MessagePanel>
    </Page>
  );
}
