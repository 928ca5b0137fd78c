import type { UserSortColumn } from '@domain/rules/userLists';
import type { UserView } from '@domain/schemas/user';
import { formatDate, formatDateTime } from '@web/components/formatDate';
import type { ListColumn } from '@web/components/listPage/ListPage';
import { StatusBadge, type StatusTone } from '@web/components/StatusBadge';
import { userItemPath } from './userListKind';

type Column = ListColumn<UserView, UserSortColumn>;

const open: Column = {
  key: 'open',
  header: 'View',
  // The visible word is the same on every row; the hidden name tells screen-reader users which one.
  cell: (row) => (
    <span className="btn btn-sm btn-outline-primary">
      View<span className="visually-hidden"> {row.fullName}</span>
    </span>
  ),
  link: (row) => userItemPath(row.id),
  className: 'smr-col-action',
};

/** An address may break before its '@' when the column is narrow, rather than letter by letter. */
function emailCell(email: string | null) {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** Approved people are the usual case; pending ones wait for an administrator. */
const statusTones: Record<string, StatusTone> = {
  Approved: 'positive',
  Pending: 'waiting',
  Imported: 'info',
  Visitor: 'neutral',
};

/** The status as a badge, and an Inactive badge beside it for a deactivated person. */
function UserStatusBadges({ row }: { row: UserView }) {
  return (
    <span className="smr-badges">
      <StatusBadge tone={statusTones[row.status.name] ?? 'neutral'}>{row.status.name}</StatusBadge>
      {row.isActive ? null : <StatusBadge tone="neutral">Inactive</StatusBadge>}
    </span>
  );
}

const common: Column[] = [
  { key: 'fullName', header: 'Full Name', cell: (row) => row.fullName, sort: 'fullName' },
  { key: 'userName', header: 'User Name', cell: (row) => row.userName, className: 'smr-user-col-break' },
  { key: 'email', header: 'Email', cell: (row) => emailCell(row.email), className: 'smr-user-col-break' },
  {
    key: 'organization',
    header: 'Organization',
    cell: (row) => row.organization?.name ?? '',
    sort: 'organization',
  },
  { key: 'group', header: 'Group', cell: (row) => row.group.name },
  { key: 'status', header: 'Status', cell: (row) => <UserStatusBadges row={row} /> },
  {
    key: 'created',
    header: 'Created',
    cell: (row) => formatDate(row.createdDateTime),
    sort: 'createdDateTime',
    className: 'smr-col-nowrap',
  },
];

/** docs/product.md#permissions: certificate number, last certification date, suspended and last login are the admin's. */
const administration: Column[] = [
  { key: 'certificateNumber', header: 'Certificate Number', cell: (row) => row.certificateNumber ?? '' },
  {
    key: 'lastCertificationDate',
    header: 'Last Certification Date',
    cell: (row) => formatDate(row.lastCertificationDate),
    className: 'smr-col-nowrap',
  },
  {
    key: 'suspended',
    header: 'Suspended',
    cell: (row) => (row.isSuspended ? <StatusBadge tone="negative">Suspended</StatusBadge> : ''),
  },
  {
    key: 'lastLogin',
    header: 'Last Login',
    cell: (row) => formatDateTime(row.lastLogin),
    sort: 'lastLogin',
    className: 'smr-col-nowrap',
  },
];

/** The user lists' columns; `seesAdministration` adds the administrator's columns. */
export function userColumns(seesAdministration: boolean): Column[] {
  return [open, ...common, ...(seesAdministration ? administration : [])];
}
