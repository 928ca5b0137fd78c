import { messages } from '@domain/messages';
import { canEditAdminUserFields } from '@domain/policies/users';
import {
  defaultUserSort,
  nextUserSort,
  type UserSortColumn,
  userCsvFileName,
  userSortColumns,
} from '@domain/rules/userLists';
import type { UserView } from '@domain/schemas/user';
import { DownloadButton } from '@web/components/DownloadButton';
import { ListPage } from '@web/components/listPage/ListPage';
import { ListViewsBar } from '@web/components/listPage/ListViewMenu';
import { useListSort } from '@web/components/listPage/useListSort';
import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { UserListModeMenu } from './UserListModeMenu';
import { userAdminApi, userKeys } from './userAdminApi';
import { userColumns } from './userColumns';
import { NEW_USER_PATH, type UserListKind, userListKindOf } from './userListKind';
import './users.css';

/** /admin/user/list[/{status}] and /admin/user/list/{group}/{mode} (docs/product.md#screens). */
export function UserListPage() {
  const kind = userListKindOf(useParams());
  if (!kind) return <Navigate to={paths.notFound} replace />;
  // A fresh list (search text, page) for each kind.
  return <UserList key={kind.key} kind={kind} />;
}

function UserList({ kind }: { kind: UserListKind }) {
  const { user, role } = useAuth();
  // The list keeps its search text in the address (?q=); the CSV holds what the search shows.
  const [params] = useSearchParams();
  const { sort, sorting } = useListSort(userSortColumns, defaultUserSort, nextUserSort);
  if (!role || !user) return null;
  const seesAdministration = canEditAdminUserFields({ role });
  const filter = kind.userGroup === undefined ? {} : { userGroup: kind.userGroup };
  const download = seesAdministration ? kind.download : null;

  return (
    <ListPage<UserView, UserSortColumn>
      title={kind.title}
      heading={kind.heading}
      listKey="users"
      noun="Users"
      queryKey={userKeys.list(kind.key)}
      search={async (search, options) => {
        const result = await userAdminApi.search(kind.searchPath, { ...search, ...filter, sort }, options);
        // docs/product.md#permissions: nobody sees their own row (so nobody can delete themselves from a list).
        const rows = result.data.filter((row) => row.id !== user.id);
        return { data: rows, count: result.count - (result.data.length - rows.length) };
      }}
      filters={sort}
      columns={userColumns(seesAdministration)}
      sorting={sorting}
      emptyText={messages.admin.noUsers}
      emptyHint={kind.emptyHint}
      add={{ to: NEW_USER_PATH, label: 'Add User' }}
      views={
        <ListViewsBar
          start={kind.groupList ? <UserListModeMenu {...kind.groupList} /> : null}
          end={
            download ? (
              <DownloadButton
                path={download.path}
                body={{ query: params.get('q') ?? '', skip: null, take: null, ...filter }}
                fallbackName={() => userCsvFileName(download.file, new Date())}
              >
                Download CSV
              </DownloadButton>
            ) : null
          }
        />
      }
      isInactive={(row) => !row.isActive}
      className={seesAdministration ? 'smr-user-list smr-user-list-wide' : 'smr-user-list'}
    />
  );
}
