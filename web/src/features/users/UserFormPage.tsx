import { messages } from '@domain/messages';
import type { UserDraftView, UserView } from '@domain/schemas/user';
import { EntityLoader } from '@web/components/entity/EntityLoader';
import type { EntityLoadSource, EntityLoadTexts } from '@web/components/entity/useEntityLoad';
import { UserEditor } from './UserEditor';
import { userAdminApi, userKeys } from './userAdminApi';
import { USER_LIST_PATH } from './userListKind';
import './users.css';

const m = messages.admin;

const source: EntityLoadSource<UserView | UserDraftView> = { ...userAdminApi, keys: userKeys };

// A refused user is another firm's person: the text says the user may not edit them.
const texts: EntityLoadTexts = {
  retrieveFailure: m.retrieveFailure,
  notFound: `${m.retrieveFailure} ${m.itemNotFound}`,
  forbidden: m.notPermittedToEdit,
  blankFailure: m.blankItemFailure,
};

/**
 * /admin/user/{id}, /admin/user/new and /admin/user/copy/{parentId} (docs/product.md#screens): a saved user
 * opens read-only in view mode with an Edit action (?mode=edit), like every entity screen.
 */
export function UserFormPage() {
  return (
    <EntityLoader
      source={source}
      texts={texts}
      title={messages.users.title}
      listPath={USER_LIST_PATH}
      failedClassName="smr-page-medium"
    >
      {(loaded) => <UserEditor {...loaded} />}
    </EntityLoader>
  );
}
