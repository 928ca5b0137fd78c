import { messages } from '@domain/messages';
import {
  defaultInviteSort,
  type InviteListFilter,
  type InviteSortColumn,
  inviteCsvFileName,
  inviteListFilterOf,
  inviteListTitle,
  inviteListViews,
  inviteSortColumns,
  nextInviteSort,
} from '@domain/rules/userLists';
import type { AdminAssessmentInviteView } from '@domain/schemas/organizationView';
import { DownloadButton } from '@web/components/DownloadButton';
import { ListPage } from '@web/components/listPage/ListPage';
import { ListViewsBar } from '@web/components/listPage/ListViewMenu';
import { useListSort } from '@web/components/listPage/useListSort';
import { paths } from '@web/lib/paths';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { InviteListMenu } from './InviteListMenu';
import { INVITE_DOWNLOAD_PATH, inviteAdminApi, inviteFilterBody, inviteKeys } from './inviteAdminApi';
import { inviteColumns } from './inviteColumns';
import './invites.css';

/**
 * /admin/assessmentinvite/list, /list/{assessmentType}/unassigned and /list/{assessmentType}/{complete}
 * (docs/product.md#screens-invites). Unknown segments are Page Not Found.
 */
export function InviteListPage() {
  const { assessmentType, state } = useParams();
  const filter = inviteListFilterOf(assessmentType, state);
  if (!filter) return <Navigate to={paths.notFound} replace />;
  const key = JSON.stringify(inviteFilterBody(filter));
  return <InviteList key={key} filter={filter} />;
}

const sameFilter = (a: InviteListFilter, b: InviteListFilter) =>
  JSON.stringify(inviteFilterBody(a)) === JSON.stringify(inviteFilterBody(b));

function InviteList({ filter }: { filter: InviteListFilter }) {
  const [params] = useSearchParams();
  const { sort, sorting, chosen } = useListSort(inviteSortColumns, defaultInviteSort, nextInviteSort);
  const title = inviteListTitle(filter);
  // The menu names the view shown; a view outside the menu (e.g. all current-state invites) by its title.
  const current = inviteListViews.find((view) => sameFilter(view.filter, filter))?.label ?? title;
  return (
    <ListPage<AdminAssessmentInviteView, InviteSortColumn>
      title={title}
      // The view in plain words ('Future State Pending') under the quoted title, not the title again.
      heading={current === title ? 'Assessment Invites' : current}
      listKey="assessmentInvites"
      noun="Invites"
      queryKey={inviteKeys.list(filter)}
      // No order in the address: the server's own, newest first (what the default header shows).
      search={(search, options) =>
        inviteAdminApi.search(chosen ? { ...search, sort } : search, filter, options)
      }
      filters={chosen ? sort : undefined}
      columns={inviteColumns}
      sorting={sorting}
      emptyText={messages.organization.noInvites}
      emptyHint="Invites are sent from a manufacturer's Current State and Future State Assessment tabs."
      views={
        <ListViewsBar
          start={<InviteListMenu current={current} />}
          end={
            <DownloadButton
              path={INVITE_DOWNLOAD_PATH}
              body={{ query: params.get('q') ?? '', skip: null, take: null, ...inviteFilterBody(filter) }}
              fallbackName={() => inviteCsvFileName(filter, new Date())}
            >
              Download CSV
            </DownloadButton>
          }
        />
      }
      isInactive={(row) => !row.isActive}
      className="smr-invite-list"
    />
  );
}
