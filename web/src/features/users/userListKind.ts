import { UserGroup } from '@domain/codes';
import {
  groupPluralNames,
  isUserListMode,
  type UserDownloadKind,
  type UserListMode,
  userGroupListTitle,
  userGroupOfSlug,
  userGroupSlugs,
  userListModes,
  userStatusListTitle,
  userStatusOfSlug,
  type userStatusSlugs,
} from '@domain/rules/userLists';

/** Which user list a route shows (docs/product.md#screens, Users). */
export type UserListKind = {
  /** Names the list for its cache and remounts the page when the list changes. */
  key: string;
  /** The quoted product title ('Admin | Users | Pending'). */
  title: string;
  /** The main heading in plain words ('Pending Users'; docs/decisions.md#web-list-headings). */
  heading: string;
  /** What to do when the list is empty (docs/decisions.md#web-list-empty). */
  emptyHint: string;
  /** The search call (docs/product.md#calls-users). */
  searchPath: string;
  /** Sent as userGroup with every search and download; absent for status lists and expired certifications. */
  userGroup?: UserGroup;
  /** The CSV of this list, or null when it has none. */
  download: { path: string; file: UserDownloadKind } | null;
  /** Group lists: the group and mode, for the menu of the group's other lists. */
  groupList: { group: UserGroup; mode: UserListMode } | null;
};

export const USER_LIST_PATH = '/admin/user/list';
export const NEW_USER_PATH = '/admin/user/new';

export const userItemPath = (id: number) => `/admin/user/${id}`;
export const userStatusListPath = (status?: keyof typeof userStatusSlugs) =>
  status ? `${USER_LIST_PATH}/${status}` : USER_LIST_PATH;

const slugOfGroup = (group: UserGroup) =>
  Object.entries(userGroupSlugs).find(([, value]) => value === group)![0];

export const userGroupListPath = (group: UserGroup, mode: UserListMode) =>
  `${USER_LIST_PATH}/${slugOfGroup(group)}/${mode}`;

/** Expired certifications are the consultants' alone. */
export function groupHasMode(group: UserGroup, mode: UserListMode): boolean {
  return mode !== 'expired' || group === UserGroup.Consultant;
}

/** The modes a group's lists offer, in the menu's order. */
export function modesOfGroup(group: UserGroup): UserListMode[] {
  return (Object.keys(userListModes) as UserListMode[]).filter((mode) => groupHasMode(group, mode));
}

const ADD_HINT = 'Add someone with the Add User button, or invite people from an organization page.';
const PENDING_HINT =
  'People who sign up on the Get Started page wait here until an administrator approves them.';

const groupHints: Record<UserListMode, string> = {
  all: ADD_HINT,
  expired: 'Every certification in this group is current: nothing to follow up.',
  inactive: 'Nobody in this group is deactivated. Deactivate someone from their page.',
  suspended: 'Nobody in this group is suspended. Suspend someone from their page.',
};

const statusHeadings: Record<string, string> = {
  all: 'Users',
  approved: 'Approved Users',
  pending: 'Pending Users',
  imported: 'Imported Users',
  visitor: 'Visitors',
};

const groupHeadings: Record<UserListMode, (plural: string) => string> = {
  all: (plural) => plural,
  expired: (plural) => `${plural} with Expired Certifications`,
  inactive: (plural) => `Inactive ${plural}`,
  suspended: (plural) => `Suspended ${plural}`,
};

/**
 * /admin/user/list[/{status}] and /admin/user/list/{group}/{mode}: one segment is a status, two are
 * a group code and a mode. Anything else (an unknown status, group or mode, expired certifications of
 * a group other than consultants) is null: the page shows Page Not Found.
 */
export function userListKindOf(params: { first?: string; second?: string }): UserListKind | null {
  const { first, second } = params;
  if (second === undefined) {
    const status = userStatusOfSlug(first);
    if (first !== undefined && status === undefined) return null;
    const slug = first?.toLowerCase();
    return {
      key: `status:${slug ?? 'all'}`,
      title: userStatusListTitle(status),
      heading: statusHeadings[slug ?? 'all'] ?? 'Users',
      emptyHint: slug === 'pending' ? PENDING_HINT : ADD_HINT,
      searchPath: slug ? `admin/user/search/${slug}` : 'admin/user/search',
      download: status === undefined ? { path: 'admin/user/download/all', file: { kind: 'all' } } : null,
      groupList: null,
    };
  }
  const group = userGroupOfSlug(first);
  if (group === undefined || !isUserListMode(second)) return null;
  const mode = second.toLowerCase() as UserListMode;
  if (!groupHasMode(group, mode)) return null;
  const base = {
    key: `group:${group}:${mode}`,
    title: userGroupListTitle(group, mode),
    heading: groupHeadings[mode](groupPluralNames[group]),
    emptyHint: groupHints[mode],
    groupList: { group, mode },
  };
  switch (mode) {
    case 'all':
      return {
        ...base,
        searchPath: 'admin/user/search/bygroup',
        userGroup: group,
        download: { path: 'admin/user/download/bygroup', file: { kind: 'bygroup', group } },
      };
    case 'expired':
      return {
        ...base,
        searchPath: 'admin/user/consultant/expiredcertification',
        download: { path: 'admin/user/download/consultant/expiredcertification', file: { kind: 'expired' } },
      };
    case 'inactive':
    case 'suspended':
      return {
        ...base,
        searchPath: `admin/user/search/${mode}`,
        userGroup: group,
        download: { path: `admin/user/download/${mode}`, file: { kind: mode, group } },
      };
  }
}
