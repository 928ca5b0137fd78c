import { inviteListViews } from '@domain/rules/userLists';
import { type ListViewEntry, ListViewMenu } from '@web/components/listPage/ListViewMenu';

/** The state word a view's label ends with, under its assessment type's header ('Current State'). */
const STATE_WORD = / (Completed|Pending|Unassigned)$/;

/**
 * The menu of docs/product.md#screens-invites: All Invites, then Current State (Completed,
 * Pending, Unassigned) and Future State (Completed, Pending) under their headers.
 */
function menuEntries(): ListViewEntry[] {
  const entries: ListViewEntry[] = [];
  let header: string | null = null;
  for (const view of inviteListViews) {
    const match = STATE_WORD.exec(view.label);
    if (!match) {
      entries.push({ kind: 'link', to: view.path, label: view.label });
      continue;
    }
    const type = view.label.slice(0, match.index);
    if (type !== header) {
      header = type;
      entries.push({ kind: 'header', label: type });
    }
    entries.push({ kind: 'link', to: view.path, label: match[1]!, context: type });
  }
  return entries;
}

const entries = menuEntries();

export function InviteListMenu({ current }: { current: string }) {
  return <ListViewMenu name="Invite lists" current={current} entries={entries} />;
}
