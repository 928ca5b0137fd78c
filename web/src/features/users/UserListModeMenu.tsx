import type { UserGroup } from '@domain/codes';
import { groupPluralNames, type UserListMode, userListModes } from '@domain/rules/userLists';
import { ListViewMenu } from '@web/components/listPage/ListViewMenu';
import { modesOfGroup, userGroupListPath } from './userListKind';

/** The group lists' menu: all of the group, expired certifications (consultants), inactive, suspended. */
export function UserListModeMenu({ group, mode }: { group: UserGroup; mode: UserListMode }) {
  return (
    <ListViewMenu
      name={`${groupPluralNames[group]} lists`}
      current={userListModes[mode].title}
      entries={modesOfGroup(group).map((m) => ({
        kind: 'link',
        to: userGroupListPath(group, m),
        label: userListModes[m].title,
      }))}
    />
  );
}
