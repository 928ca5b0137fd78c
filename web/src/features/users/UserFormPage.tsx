import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { messages } from '../../../../domain/messages';
import type { UserDraftView, UserView } from '../../../../domain/schemas/user';
import { isApiError } from '../../api/client';
import type { FailureKind } from '../../api/errors';
import { useAlerts } from '../../components/alerts/useAlerts';
import { ButtonLink } from '../../components/ButtonLink';
import { type EntityLocation, entityLocationOf } from '../../components/entity/entityMode';
import type { ReturnState } from '../../components/listPage/ListPage';
import { Page } from '../../components/Page';
import { PageLoading } from '../../components/PageLoading';
import { UserEditor } from './UserEditor';
import { userAdminApi, userKeys } from './userAdminApi';
import { USER_LIST_PATH } from './userListKind';
import './users.css';

const m = messages.admin;
/** Loading answers the screen handles itself; session ends and lost networks stay global. */
const loadHandles: readonly FailureKind[] = ['not-found', 'forbidden'];

/**
 * /admin/user/{id}, /admin/user/new and /admin/user/copy/{parentId} (SPEC.md section 2): a saved user
 * opens read-only in view mode with an Edit action (?mode=edit), like every entity screen.
 */
export function UserFormPage() {
  const location = useLocation();
  const where = entityLocationOf(location.pathname, useParams(), location.search);
  if (where.mode === 'invalid') return <Navigate to="/404" replace />;
  // View and edit of one user share the loaded user; a new address of another user is a new screen.
  const key =
    where.mode === 'view' || where.mode === 'edit'
      ? `item:${where.id}`
      : `${where.mode}:${where.mode === 'copy' ? where.parentId : ''}`;
  return <UserLoader key={key} where={where} />;
}

/** Where Back, Cancel and Delete return: the list the user came from, else all users. */
function useReturnTo(): string {
  const state = useLocation().state as ReturnState | null;
  const returnTo = state?.returnTo;
  return returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : USER_LIST_PATH;
}

function UserLoader({ where }: { where: Exclude<EntityLocation, { mode: 'invalid' }> }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const query = useQuery<UserView | UserDraftView>({
    queryKey:
      where.mode === 'new'
        ? userKeys.blank
        : where.mode === 'copy'
          ? userKeys.copy(where.parentId)
          : userKeys.item(where.id),
    queryFn: ({ signal }) =>
      where.mode === 'new'
        ? userAdminApi.init({ signal, errorMessage: m.blankItemFailure, skipGlobal: ['forbidden'] })
        : where.mode === 'copy'
          ? userAdminApi.copy(where.parentId, {
              signal,
              errorMessage: m.retrieveFailure,
              skipGlobal: loadHandles,
            })
          : userAdminApi.getById(where.id, {
              signal,
              errorMessage: m.retrieveFailure,
              skipGlobal: loadHandles,
            }),
    // A blank or copied user is made afresh on every visit.
    gcTime: where.mode === 'new' || where.mode === 'copy' ? 0 : undefined,
  });

  // SPEC.md section 8: a missing user goes to /404, a refused one (another firm's person) goes back.
  useEffect(() => {
    const error = query.error;
    if (!isApiError(error) || error.handled) return;
    error.handled = true;
    if (error.kind === 'not-found') {
      alerts.error(`${m.retrieveFailure} ${m.itemNotFound}`, { keepOnNavigation: true });
      void navigate('/404', { replace: true });
    } else if (error.kind === 'forbidden') {
      alerts.error(m.notPermittedToEdit, { keepOnNavigation: true });
      const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
      void (canGoBack ? navigate(-1) : navigate('/', { replace: true }));
    }
  }, [query.error, alerts, navigate]);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return (
      <Page title={messages.users.title} className="smr-page-medium">
        <h1 className="smr-entity-title">{messages.users.title}</h1>
        <div className="smr-form-actions smr-form-actions-start-only">
          <ButtonLink to={returnTo} variant="outline-secondary">
            Back
          </ButtonLink>
        </div>
      </Page>
    );
  }
  return (
    <UserEditor
      // A new mode starts from the user as loaded: Cancel in edit mode drops what was typed.
      key={where.mode}
      mode={where.mode}
      item={query.data}
      reload={async () => void (await query.refetch())}
      returnTo={returnTo}
    />
  );
}
