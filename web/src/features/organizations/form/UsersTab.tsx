import {
  LookupType,
  OrganizationType,
  SELECT_PLACEHOLDER_TEXT,
  SELECT_PLACEHOLDER_VALUE,
  UserGroup,
} from '@domain/codes';
import { messages } from '@domain/messages';
import { canChangeUserField } from '@domain/policies/userFields';
import { userScreenRoles } from '@domain/policies/users';
import { isNewRow } from '@domain/rules/organizations';
import { stripSpaces } from '@domain/schemas/account';
import type { LookupItem } from '@web/api/lookups';
import { filterAsTyped } from '@web/components/form/filterAsTyped';
import { lookupOptions } from '@web/components/userForm/userFormOptions';
import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { addUser, removeUser, setChampion, updateUser } from './draftRows';
import { GridCell } from './GridCell';
import type { Change } from './OrganizationFields';
import {
  isUserModified,
  type OrganizationDraft,
  selfRow,
  shownUsers,
  type UserFields,
  type UserRow,
} from './organizationDraft';
import { idFromSelect, selectValue } from './organizationOptions';
import { hasProblems, userProblems } from './saveBody';

type Props = {
  draft: OrganizationDraft;
  change: Change;
  lookups: readonly LookupItem[] | undefined;
  readOnly: boolean;
  /** Once a save was tried, invalid rows show what is wrong. */
  showProblems: boolean;
};

/**
 * The Manage Users tab (docs/product.md#screens to docs/product.md#permissions): the organization's users edited inline. New rows get
 * negative ids; removing a saved user greys the row ('pending...') until the save deactivates them.
 */
export function UsersTab({ draft, change, lookups, readOnly, showProblems }: Props) {
  const rows = shownUsers(draft);
  const self = selfRow(draft);
  const manufacturer = draft.organization.type === OrganizationType.Manufacturer;
  const { role, user: me } = useAuth();
  // A read-only e-mail says why in its title too, which neither touch nor the keyboard shows.
  const emailLock = rows.map((row) => emailLockOf(row, draft, { role, me })).find((m) => m !== undefined);
  return (
    <section className="smr-org-grid-section" aria-label="Users">
      <div className="smr-org-grid-tools">
        {readOnly ? null : (
          <Button variant="outline-primary" size="sm" onClick={() => change(addUser)}>
            Add User
          </Button>
        )}
      </div>
      {emailLock ? <p className="smr-org-instructions">{emailLock}</p> : null}
      {rows.length === 0 ? (
        <p className="smr-org-grid-empty">
          {self ? (
            <>
              {messages.admin.onlyYou} <Link to={paths.profile}>Edit My Profile</Link>
            </>
          ) : (
            messages.admin.noUsers
          )}
        </p>
      ) : (
        <div className="smr-org-grid-scroll">
          <table className="table smr-table smr-table-stack smr-org-grid">
            <thead>
              <tr>
                <th scope="col">Full Name</th>
                <th scope="col">User Name</th>
                <th scope="col">Email</th>
                <th scope="col">Functional Role</th>
                <th scope="col">Department</th>
                <th scope="col">Location/Division</th>
                {manufacturer ? (
                  <th scope="col" className="smr-col-action">
                    Champion
                  </th>
                ) : null}
                <th scope="col" className="smr-col-action">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <UserRowView
                  key={row.id}
                  row={row}
                  number={index + 1}
                  draft={draft}
                  change={change}
                  lookups={lookups}
                  readOnly={readOnly}
                  showProblems={showProblems}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type RowProps = Omit<Props, 'draft'> & { row: UserRow; number: number; draft: OrganizationDraft };

function UserRowView({ row, number, draft, change, lookups, readOnly, showProblems }: RowProps) {
  const idBase = useId();
  const { role, user: me } = useAuth();
  // A saved person's own page (the user screens), for those who open it: admins and consultants.
  const opensUserPage = role !== null && userScreenRoles.includes(role) && !isNewRow(row.id);
  const type = draft.organization.type;
  const manufacturer = type === OrganizationType.Manufacturer;
  const problems = showProblems && row.isActive ? userProblems(row, type) : {};
  const invalid = hasProblems(problems);
  const disabled = readOnly || !row.isActive;
  const emailLockedBecause = emailLockOf(row, draft, { role, me });
  const update = (patch: Partial<UserFields>) => change((d) => updateUser(d, row.id, patch));
  const rowClass = !row.isActive
    ? 'smr-row-inactive'
    : invalid
      ? 'smr-row-invalid'
      : isUserModified(row)
        ? 'smr-row-modified'
        : undefined;
  const input = (error: string | undefined) => `form-control form-control-sm${error ? ' is-invalid' : ''}`;
  const select = (error: string | undefined) => `form-select form-select-sm${error ? ' is-invalid' : ''}`;
  const options = (lookupType: LookupType, id: number | null) => [
    { value: String(SELECT_PLACEHOLDER_VALUE), label: SELECT_PLACEHOLDER_TEXT },
    ...lookupOptions(lookups, lookupType, selectValue(id)),
  ];

  return (
    <tr className={rowClass}>
      <GridCell column="Full Name" controlId={`${idBase}-fullName`} error={problems.fullName}>
        {(invalidity) => (
          <>
            <input
              id={`${idBase}-fullName`}
              className={input(problems.fullName)}
              aria-label={`Full Name of user ${number}`}
              maxLength={200}
              disabled={disabled}
              value={row.fullName}
              onChange={(e) => update({ fullName: e.target.value })}
              {...invalidity}
            />
            {opensUserPage ? (
              <Link to={`/admin/user/${row.id}`} className="small d-inline-block mt-1">
                Open user page
                <span className="visually-hidden"> of {row.saved?.fullName || row.fullName}</span>
              </Link>
            ) : null}
          </>
        )}
      </GridCell>
      <GridCell column="User Name" controlId={`${idBase}-userName`} error={problems.userName}>
        {(invalidity) => (
          <input
            id={`${idBase}-userName`}
            className={input(problems.userName)}
            aria-label={`User Name of user ${number}`}
            maxLength={100}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            disabled={disabled}
            {...filterAsTyped(
              {
                value: row.userName,
                onChange: (e: { target: HTMLInputElement }) => update({ userName: e.target.value }),
              },
              stripSpaces,
            )}
            {...invalidity}
          />
        )}
      </GridCell>
      <GridCell column="Email" controlId={`${idBase}-email`} error={problems.email}>
        {(invalidity) => (
          <input
            id={`${idBase}-email`}
            type="email"
            className={input(problems.email)}
            aria-label={`Email of user ${number}`}
            maxLength={254}
            disabled={disabled}
            readOnly={emailLockedBecause !== undefined}
            title={emailLockedBecause}
            value={row.email}
            onChange={(e) => update({ email: e.target.value })}
            {...invalidity}
          />
        )}
      </GridCell>
      <GridCell column="Functional Role" controlId={`${idBase}-role`} error={problems.functionalRole}>
        {(invalidity) => (
          <select
            id={`${idBase}-role`}
            className={select(problems.functionalRole)}
            aria-label={`Functional Role of user ${number}`}
            disabled={disabled}
            value={selectValue(row.functionalRoleId)}
            onChange={(e) => update({ functionalRoleId: idFromSelect(e.target.value) })}
            {...invalidity}
          >
            {options(LookupType.FunctionalRole, row.functionalRoleId).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </GridCell>
      <GridCell column="Department" controlId={`${idBase}-department`}>
        {() => (
          <input
            id={`${idBase}-department`}
            className={input(undefined)}
            aria-label={`Department of user ${number}`}
            maxLength={200}
            disabled={disabled}
            value={row.department}
            onChange={(e) => update({ department: e.target.value })}
          />
        )}
      </GridCell>
      <GridCell column="Location/Division" controlId={`${idBase}-division`}>
        {() => (
          <select
            id={`${idBase}-division`}
            className={select(undefined)}
            aria-label={`Location/Division of user ${number}`}
            disabled={disabled}
            value={selectValue(row.divisionId)}
            onChange={(e) => update({ divisionId: idFromSelect(e.target.value) })}
          >
            {options(LookupType.Division, row.divisionId).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </GridCell>
      {manufacturer ? (
        <td data-label="Champion" className="smr-col-action">
          <input
            type="checkbox"
            className="form-check-input"
            aria-label={`User ${number} is a champion`}
            disabled={disabled}
            checked={row.group === UserGroup.ManufacturerChampion}
            onChange={(e) => change((d) => setChampion(d, row.id, e.target.checked))}
          />
        </td>
      ) : null}
      <td data-label="Remove" className="smr-col-action">
        {row.isActive ? (
          readOnly ? null : (
            <Button
              variant="outline-danger"
              size="sm"
              aria-label={`Remove user ${number}`}
              onClick={() => change((d) => removeUser(d, row.id))}
            >
              Remove
            </Button>
          )
        ) : (
          <span className="smr-pending">pending...</span>
        )}
      </td>
    </tr>
  );
}

/**
 * Why the caller may not change a saved row's e-mail (domain/policies/userFields.ts, which the server
 * applies too): someone with an account changes their own, or an admin does. Undefined when they may.
 */
function emailLockOf(
  row: UserRow,
  draft: OrganizationDraft,
  { role, me }: { role: ReturnType<typeof useAuth>['role']; me: ReturnType<typeof useAuth>['user'] },
): string | undefined {
  if (isNewRow(row.id) || role === null || draft.organization.id == null) return undefined;
  const actor = { role, userId: me?.id ?? 0, organizationId: me?.organization?.id ?? null };
  const type = draft.organization.type ?? OrganizationType.Manufacturer;
  const decision = canChangeUserField(
    actor,
    {
      id: row.id,
      group: row.saved?.group ?? row.group,
      organization: {
        id: draft.organization.id,
        type,
        consultingFirmId: draft.organization.consultingFirmId,
      },
      email: row.saved?.email || null,
      isActive: row.saved?.isActive ?? row.isActive,
      isSuspended: false,
      registered: row.registered,
    },
    'email',
    'another@address.invalid',
  );
  return decision.allowed ? undefined : decision.message;
}
