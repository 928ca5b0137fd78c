import { OrganizationType, UserGroup, UserStatus } from '@domain/codes';
import { messages } from '@domain/messages';
import { canChangeUserField, canManageUser, type FieldTarget } from '@domain/policies/userFields';
import {
  assignableGroups,
  canConvertUser,
  canDeleteUser,
  canEditAdminUserFields,
  type UserActor,
} from '@domain/policies/users';
import type { UserDraftView, UserView } from '@domain/schemas/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callerHandlesAllButSession, isHandled, refusalMessage } from '@web/api/client';
import type { OrganizationOption } from '@web/api/organizations';
import { useAlerts } from '@web/components/alerts/useAlerts';
import { ButtonLink } from '@web/components/ButtonLink';
import { ActionMenu, type ActionMenuItem } from '@web/components/entity/ActionMenu';
import { type EntityMode, editPathOf, saveCallOf, viewPathOf } from '@web/components/entity/entityMode';
import { useConfirmedRemoval } from '@web/components/entity/useConfirmedRemoval';
import { CheckboxField } from '@web/components/form/CheckboxField';
import type { ReturnState } from '@web/components/listPage/ListPage';
import { MessageDialog } from '@web/components/MessageDialog';
import { Page } from '@web/components/Page';
import { UserForm } from '@web/components/userForm/UserForm';
import { userFormValuesFrom } from '@web/components/userForm/userFormValues';
import { useUserForm } from '@web/components/userForm/useUserForm';
import { useAuth } from '@web/lib/auth/useAuth';
import { type BaseSyntheticEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { ConversionCards } from './ConversionCards';
import { InviteBanner } from './InviteBanner';
import { UserAccessCard } from './UserAccessCard';
import { UserAssessments } from './UserAssessments';
import { clientOrganizationsQuery, userAdminApi, userKeys } from './userAdminApi';
import { userBody } from './userBody';
import { NEW_USER_PATH } from './userListKind';

const m = messages.admin;
const BASE_PATH = '/admin/user';

type Props = {
  mode: EntityMode;
  item: UserView | UserDraftView;
  reload: () => Promise<void>;
  returnTo: string;
};

/** A user that is saved, as getbyid answers it. */
const savedUserOf = (item: UserView | UserDraftView, mode: EntityMode): UserView | null =>
  item.id !== null && (mode === 'view' || mode === 'edit') ? (item as UserView) : null;

/**
 * The admin user screen (docs/product.md#screens, docs/product.md#rules, docs/product.md#permissions and docs/product.md#messages): the user form in admin mode, Save or
 * Invite, the action menu (Add User, Delete), and beside the form the sign-in actions, the conversion
 * cards and the user's assessments.
 */
export function UserEditor({ mode, item, reload, returnTo }: Props) {
  const { user: me, role } = useAuth();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [isActive, setIsActive] = useState(item.isActive !== false);
  const form = useUserForm('admin', userFormValuesFrom(item));

  const actor: UserActor = {
    role: role ?? 'visitor',
    organizationId: me?.organization?.id ?? null,
    userId: me?.id ?? 0,
  };
  const administers = canEditAdminUserFields(actor);
  const user = savedUserOf(item, mode);
  const self = user !== null && user.id === actor.userId;
  const readOnly = mode === 'view';
  const call = saveCallOf(mode);
  const state: ReturnState = { returnTo };

  // The screen mirrors the one field policy (domain/policies/userFields.ts); the server decides.
  const target = user ? fieldTargetOf(user, actor) : null;
  const manages = target === null || canManageUser(actor, target);
  const emailDecision = target ? canChangeUserField(actor, target, 'email', 'another@address.invalid') : null;
  const emailLockedBecause = emailDecision && !emailDecision.allowed ? emailDecision.message : undefined;

  // A consultant chooses among their clients (admin/organization/all is the institute's call).
  const ownFirm: OrganizationOption | null = me?.organization
    ? { id: me.organization.id, name: me.organization.name, type: me.organization.type }
    : null;
  const clientOrganizations = useQuery({ ...clientOrganizationsQuery(ownFirm), enabled: !administers }).data;
  // Nobody regroups themselves, and a visitor changes group only by conversion (the server says so too).
  const groups =
    (self || !manages) && user
      ? [user.group.enumValue]
      : user?.group.enumValue === UserGroup.Visitor
        ? [UserGroup.Visitor]
        : assignableGroups(actor);

  const save = useMutation({
    mutationFn: ({ body, sendInvite }: { body: unknown; sendInvite: boolean }) =>
      call === 'add'
        ? userAdminApi.add(body, sendInvite, { skipGlobal: callerHandlesAllButSession })
        : userAdminApi.update(body, { skipGlobal: callerHandlesAllButSession }),
  });

  const submit = (sendInvite: boolean) =>
    form.handleSubmit(async (input) => {
      const body = userBody(input, { administers, isActive: administers && !self ? isActive : null });
      try {
        const envelope = await save.mutateAsync({ body, sendInvite });
        if (!envelope?.isSuccess) {
          setSaveError(envelope?.message?.trim() || m.saveFailure);
          return;
        }
        void queryClient.invalidateQueries({ queryKey: userKeys.lists });
        const said = envelope.message?.trim() || m.saved;
        // The user was saved but the invite mail did not go: that needs the administrator's eye.
        const tell = said.includes(messages.users.inviteNotSent) ? alerts.warning : alerts.success;
        if (call === 'add') {
          tell(said, { keepOnNavigation: true });
          await navigate(viewPathOf(BASE_PATH, envelope.data?.id ?? null), { replace: true, state });
        } else {
          await reload();
          tell(m.saved);
          await navigate(viewPathOf(BASE_PATH, item.id), { replace: true, state });
        }
      } catch (error) {
        if (isHandled(error)) return;
        const refusal = refusalMessage(error);
        if (refusal) setSaveError(refusal);
        else alerts.error(mode === 'copy' ? m.copyFailure : m.saveFailure);
      }
    });
  const [sending, setSending] = useState<'save' | 'invite' | null>(null);
  const run = (sendInvite: boolean) => async (event?: BaseSyntheticEvent) => {
    setSending(sendInvite ? 'invite' : 'save');
    try {
      await submit(sendInvite)(event);
    } finally {
      setSending(null);
    }
  };

  const remover = useConfirmedRemoval<UserView>({
    kind: 'delete',
    confirmText: (target) => messages.users.confirmDelete(target.email || target.userName),
    errorTitle: m.deleteErrorTitle,
    request: (target, options) => userAdminApi.remove(target.id, options),
    navigatesAway: true,
    onRemoved: async (target) => {
      queryClient.removeQueries({ queryKey: userKeys.item(target.id) });
      void queryClient.invalidateQueries({ queryKey: userKeys.lists });
      await navigate(returnTo);
    },
  });

  const actions: ActionMenuItem[] = [];
  if (mode !== 'new')
    actions.push({ label: 'Add User', onSelect: () => void navigate(NEW_USER_PATH, { state }) });
  if (user && canDeleteUser(actor, user)) {
    actions.push({ label: 'Delete', danger: true, onSelect: () => remover.ask(user) });
  }

  // A saved pending sign-up waits for the institute; a user not saved yet is nobody's status.
  const pending = user?.status.enumValue === UserStatus.Pending;
  const title = `${messages.users.title}${pending ? messages.users.pendingSuffix : ''}`;
  const subtitle =
    mode === 'new'
      ? 'New user'
      : mode === 'copy'
        ? 'Copy: nothing is saved until you press Save or Invite.'
        : `${mode === 'view' ? 'Viewing' : 'Editing'} ${item.fullName} (${item.userName})`;

  return (
    <Page title={title} className={user ? 'smr-page-wide' : 'smr-page-medium'}>
      <header className="smr-entity-header">
        <div>
          <h1 id={titleId} className="smr-entity-title">
            {title}
          </h1>
          <p className="smr-entity-subtitle">
            {subtitle}
            {user && !user.isActive ? <span className="badge text-bg-secondary ms-2">Inactive</span> : null}
            {user?.isSuspended ? <span className="badge text-bg-warning ms-2">Suspended</span> : null}
          </p>
        </div>
        <div className="smr-entity-header-actions">
          {mode === 'view' && manages ? (
            // Switching mode replaces the history entry: Back leaves the user, not the mode.
            <ButtonLink to={editPathOf(BASE_PATH, item.id)} variant="primary" state={state} replace>
              Edit
            </ButtonLink>
          ) : null}
          <ActionMenu items={actions} />
        </div>
      </header>

      {user ? <InviteBanner user={user} /> : null}

      <div className={user ? 'smr-user-layout' : undefined}>
        <form className="smr-card smr-entity-card" onSubmit={run(false)} noValidate aria-labelledby={titleId}>
          <UserForm
            form={form}
            mode="admin"
            disabled={readOnly || !manages}
            emailLockedBecause={emailLockedBecause}
            organizationLocked={user !== null && !administers}
            organizations={
              administers
                ? undefined
                : // The person's own organization stays shown even where the caller may not choose it.
                  withOwnOrganization(clientOrganizations ?? [], user)
            }
            groups={groups}
            showAdministration={administers}
            administration={
              self ? null : (
                <CheckboxField
                  className="form-check form-switch mb-3"
                  label="Active"
                  checked={isActive}
                  onChange={(event) => setIsActive(event.target.checked)}
                />
              )
            }
          />
          <div className="smr-form-actions">
            {readOnly ? (
              <ButtonLink to={returnTo} variant="outline-secondary">
                Back
              </ButtonLink>
            ) : (
              <>
                <ButtonLink
                  to={mode === 'edit' ? viewPathOf(BASE_PATH, item.id) : returnTo}
                  variant="outline-secondary"
                  state={mode === 'edit' ? state : undefined}
                  replace={mode === 'edit'}
                >
                  Cancel
                </ButtonLink>
                <Button
                  type="submit"
                  variant={call === 'add' ? 'outline-primary' : 'primary'}
                  disabled={save.isPending}
                >
                  {sending === 'save' ? (
                    <Spinner animation="border" size="sm" className="me-2" aria-hidden />
                  ) : null}
                  Save
                </Button>
                {call === 'add' ? (
                  <Button variant="primary" onClick={run(true)} disabled={save.isPending}>
                    {sending === 'invite' ? (
                      <Spinner animation="border" size="sm" className="me-2" aria-hidden />
                    ) : null}
                    Invite
                  </Button>
                ) : null}
              </>
            )}
          </div>
        </form>

        {user ? (
          <aside className="smr-user-side" aria-label="More about this user">
            <UserAccessCard user={user} actor={actor} reload={reload} />
            {canConvertUser(actor, { group: user.group.enumValue }) ? <ConversionCards user={user} /> : null}
            <UserAssessments user={user} />
          </aside>
        ) : null}
      </div>

      <MessageDialog title={m.saveErrorTitle} message={saveError} onClose={() => setSaveError(null)} />
      {remover.element}
    </Page>
  );
}

/**
 * A saved user as the field policy judges them. Their consulting firm is not in the view: a
 * consultant only ever loads people it reaches, so a client's firm is the consultant's own. Whether
 * they have an account is read from their registration (the server also knows their password).
 */
function fieldTargetOf(user: UserView, actor: UserActor): FieldTarget {
  const type = user.organization?.type.enumValue ?? OrganizationType.Visitor;
  return {
    id: user.id,
    group: user.group.enumValue,
    organization: user.organization
      ? {
          id: user.organization.id,
          type,
          consultingFirmId:
            actor.role === 'consultant' && type === OrganizationType.Manufacturer
              ? actor.organizationId
              : null,
        }
      : null,
    email: user.email,
    isActive: user.isActive,
    isSuspended: user.isSuspended ?? false,
    registered: !!user.registrationComplete,
  };
}

function withOwnOrganization(
  options: readonly OrganizationOption[],
  user: UserView | null,
): readonly OrganizationOption[] {
  const own = user?.organization;
  if (!own || options.some((o) => o.id === own.id)) return options;
  return [...options, { id: own.id, name: own.name, type: own.type }];
}
