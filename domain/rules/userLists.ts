import { AssessmentType, groupNames, PRODUCT_NAME, UserGroup, UserStatus } from '../codes.js';
import { type ListSort, nextSortOf } from './listSort.js';

// The user and invite lists of docs/product.md#screens ('Admin routes' Users and Assessment invites): which
// list a route names, its title, and the CSV file it downloads as. The web reads the route with these,
// the server names its files with them.

/**
 * The value a route segment names in one of the tables below, or undefined. Own keys only: a segment
 * such as 'constructor', '__proto__' or 'toString' must not find Object's members (it was a 500).
 */
function slugValue<T>(table: Readonly<Record<string, T>>, slug: string | undefined): T | undefined {
  if (slug === undefined) return undefined;
  const key = slug.toLowerCase();
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** /admin/user/list/{status} and admin/user/search/{status}: the status in lower case. */
export const userStatusSlugs = {
  approved: UserStatus.Approved,
  pending: UserStatus.Pending,
  imported: UserStatus.Imported,
  visitor: UserStatus.Visitor,
} as const satisfies Record<string, UserStatus>;
export type UserStatusSlug = keyof typeof userStatusSlugs;

export function userStatusOfSlug(slug: string | undefined): UserStatus | undefined {
  return slugValue<UserStatus>(userStatusSlugs, slug);
}

/** The group segment of /admin/user/list/{group}/{mode}: the group codes of docs/product.md#codes-enums. */
export const userGroupSlugs = {
  admin: UserGroup.Admin,
  consultant: UserGroup.Consultant,
  'manufacturer-champion': UserGroup.ManufacturerChampion,
  manufacturer: UserGroup.Manufacturer,
  visitor: UserGroup.Visitor,
} as const satisfies Record<string, UserGroup>;

export function userGroupOfSlug(slug: string | undefined): UserGroup | undefined {
  return slugValue<UserGroup>(userGroupSlugs, slug);
}

/** The mode segment of /admin/user/list/{group}/{mode}, with the words its title and file use. */
export const userListModes = {
  all: { title: 'All', file: 'All' },
  expired: { title: 'Expired Certifications', file: 'Expired-Certifications' },
  inactive: { title: 'Inactive', file: 'Inactive' },
  suspended: { title: 'Suspended', file: 'Suspended' },
} as const;
export type UserListMode = keyof typeof userListModes;

export function isUserListMode(value: string | undefined): value is UserListMode {
  return value !== undefined && Object.hasOwn(userListModes, value.toLowerCase());
}

/** Plural group names for titles and file names ('Admin | Consultants | Suspended'). */
export const groupPluralNames: Record<UserGroup, string> = {
  1: 'Admins',
  2: 'Consultants',
  3: 'Manufacturer Champions',
  4: 'Manufacturers',
  5: 'Visitors',
};

/** 'Admin | Users | {status}' with the status's name ('Approved'), or 'Admin | Users' for all. */
export function userStatusListTitle(status: UserStatus | undefined): string {
  if (status === undefined) return 'Admin | Users';
  const name = Object.entries(UserStatus).find(([, v]) => v === status)?.[0] ?? '';
  return `Admin | Users | ${name}`;
}

/** 'Admin | {group name} | {mode}' (docs/product.md: expired certifications, inactive or suspended, or all). */
export function userGroupListTitle(group: UserGroup, mode: UserListMode): string {
  return `Admin | ${groupPluralNames[group]} | ${userListModes[mode].title}`;
}

/** A certification counts as expired this long after the last certification date (docs/decisions.md#users-expired). */
export const CERTIFICATION_VALID_DAYS = 365;

/** The oldest last-certification date (yyyy-mm-dd) still valid on `today`. */
export function certificationCutoff(today: Date): string {
  const cutoff = new Date(today.getTime() - CERTIFICATION_VALID_DAYS * 24 * 60 * 60 * 1000);
  return cutoff.toISOString().slice(0, 10);
}

/** A consultant whose certification is missing or older than CERTIFICATION_VALID_DAYS. */
export function isCertificationExpired(
  lastCertificationDate: string | null | undefined,
  today: Date,
): boolean {
  if (!lastCertificationDate) return true;
  return lastCertificationDate.slice(0, 10) < certificationCutoff(today);
}

const product = PRODUCT_NAME.replace(/\s+/g, '-');
const dateStamp = (today: Date) => today.toISOString().slice(0, 10);

/** The user CSV kinds of docs/product.md#calls-users and their file names (product, kind, date). */
export type UserDownloadKind =
  | { kind: 'all' }
  | { kind: 'bygroup'; group: UserGroup }
  | { kind: 'inactive'; group?: UserGroup | null }
  | { kind: 'suspended'; group?: UserGroup | null }
  | { kind: 'expired' };

export function userCsvFileName(download: UserDownloadKind, today: Date): string {
  const group = (g: UserGroup | null | undefined) =>
    g ? `${groupPluralNames[g].replace(/\s+/g, '-')}-` : '';
  const kind = (() => {
    switch (download.kind) {
      case 'all':
        return 'Users';
      case 'bygroup':
        return group(download.group).replace(/-$/, '');
      case 'inactive':
        return `${group(download.group) || 'Users-'}Inactive`;
      case 'suspended':
        return `${group(download.group) || 'Users-'}Suspended`;
      case 'expired':
        return 'Consultants-Expired-Certifications';
    }
  })();
  return `${product}-${kind}-${dateStamp(today)}.csv`;
}

/** The routes' assessment types of /admin/assessmentinvite/list/{assessmentType}/... */
export const inviteTypeSlugs = {
  current: AssessmentType.CurrentState,
  future: AssessmentType.FutureState,
  trial: AssessmentType.Trial,
} as const satisfies Record<string, AssessmentType>;

export function inviteTypeOfSlug(slug: string | undefined): AssessmentType | undefined {
  return slugValue<AssessmentType>(inviteTypeSlugs, slug);
}

const inviteTypeTitles: Record<AssessmentType, string> = {
  1: 'Current State',
  2: 'Future State',
  3: 'Trial',
};

/** Which invites a list shows: everything, or one assessment type, completed, pending or unassigned. */
export type InviteListFilter = {
  assessmentType?: AssessmentType | null;
  isComplete?: boolean | null;
  unassigned?: boolean | null;
};

/** 'Assessment Invites | All / Current State / Future State' with ' (Completed)', ' (Pending)' or ' (Unassigned)'. */
export function inviteListTitle(filter: InviteListFilter): string {
  const type = filter.assessmentType ? inviteTypeTitles[filter.assessmentType] : 'All';
  const suffix = filter.unassigned
    ? ' (Unassigned)'
    : filter.isComplete === true
      ? ' (Completed)'
      : filter.isComplete === false
        ? ' (Pending)'
        : '';
  return `Assessment Invites | ${type}${suffix}`;
}

/** The invite CSV: 'SM-Roadmap', the type, completed/pending (or unassigned) and the date. */
export function inviteCsvFileName(filter: InviteListFilter, today: Date): string {
  const type = filter.assessmentType ? inviteTypeTitles[filter.assessmentType].replace(/\s+/g, '') : 'All';
  const state = filter.unassigned
    ? '-Unassigned'
    : filter.isComplete === true
      ? '-Completed'
      : filter.isComplete === false
        ? '-Pending'
        : '';
  return `${product}-Invites-${type}${state}-${dateStamp(today)}.csv`;
}

/** The eight views of the invite list's menu (docs/product.md#screens-invites), with their routes. */
export const inviteListViews: readonly { label: string; path: string; filter: InviteListFilter }[] = [
  { label: 'All Invites', path: '/admin/assessmentinvite/list', filter: {} },
  {
    label: 'Current State Completed',
    path: '/admin/assessmentinvite/list/current/completed',
    filter: { assessmentType: AssessmentType.CurrentState, isComplete: true },
  },
  {
    label: 'Current State Pending',
    path: '/admin/assessmentinvite/list/current/pending',
    filter: { assessmentType: AssessmentType.CurrentState, isComplete: false },
  },
  {
    label: 'Current State Unassigned',
    path: '/admin/assessmentinvite/list/current/unassigned',
    filter: { assessmentType: AssessmentType.CurrentState, unassigned: true },
  },
  {
    label: 'Future State Completed',
    path: '/admin/assessmentinvite/list/future/completed',
    filter: { assessmentType: AssessmentType.FutureState, isComplete: true },
  },
  {
    label: 'Future State Pending',
    path: '/admin/assessmentinvite/list/future/pending',
    filter: { assessmentType: AssessmentType.FutureState, isComplete: false },
  },
];

/** The filter a route names, or undefined when a segment is not a known value (the app shows /404). */
export function inviteListFilterOf(
  typeSlug: string | undefined,
  stateSlug: string | undefined,
): InviteListFilter | undefined {
  if (typeSlug === undefined) return stateSlug === undefined ? {} : undefined;
  const assessmentType = inviteTypeOfSlug(typeSlug);
  if (assessmentType === undefined) return undefined;
  switch (stateSlug?.toLowerCase()) {
    case undefined:
      return { assessmentType };
    case 'completed':
      return { assessmentType, isComplete: true };
    case 'pending':
      return { assessmentType, isComplete: false };
    case 'unassigned':
      return { assessmentType, unassigned: true };
    default:
      return undefined;
  }
}

export { groupNames };

/**
 * The columns a user list sorts by, on the server (docs/decisions.md#web-list-sorting); without a
 * choice, by full name A to Z.
 */
export const userSortColumns = ['fullName', 'organization', 'createdDateTime', 'lastLogin'] as const;
export type UserSortColumn = (typeof userSortColumns)[number];
export type UserSort = ListSort<UserSortColumn>;
export const defaultUserSort: UserSort = { column: 'fullName', direction: 'asc' };

/** Choosing a header: the same column turns around; a date starts newest first, a name A to Z. */
export const nextUserSort = nextSortOf<UserSortColumn>(['createdDateTime', 'lastLogin']);

/**
 * The columns the invite lists sort by, on the server (docs/decisions.md#web-list-sorting-invites): the
 * respondent, their organization, the invited and the completed date. Without a choice the server
 * keeps its own order, newest invite first; the list shows that as Invited On, newest first.
 */
export const inviteSortColumns = ['respondent', 'organization', 'invitedAt', 'completed'] as const;
export type InviteSortColumn = (typeof inviteSortColumns)[number];
export type InviteSort = ListSort<InviteSortColumn>;
export const defaultInviteSort: InviteSort = { column: 'invitedAt', direction: 'desc' };
export const nextInviteSort = nextSortOf<InviteSortColumn>(['invitedAt', 'completed']);
