import { Link, useLocation } from 'react-router';
import { navIcons } from './navIcons';
import { currentNavItem, type NavItem, navGroupsOf } from './navItems';

/**
 * The role's destinations under their group names, the current one marked for the eye (a bar and a
 * tint) and for assistive technology (aria-current). The sidebar and the phone menu both show it.
 */
export function SideNav({ items, onNavigate }: { items: readonly NavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const current = currentNavItem(items, pathname);
  return (
    <nav aria-label="Main" className="smr-sidenav">
      {navGroupsOf(items).map(({ group, items: groupItems }) => {
        return (
          <div key={group ?? 'home'} className="smr-sidenav-group">
            {group ? (
              // The group's name is drawn by CSS from data-group, not written as text or as a label:
              // pages' fields and titles ('Organization', 'Assessment', 'Organizations') must stay the
              // only match when found by label or text (docs/decisions.md#web-navigation).
              <p className="smr-sidenav-title" data-group={group} aria-hidden="true" />
            ) : null}
            <ul>
              {groupItems.map((item) => {
                const ItemIcon = navIcons[item.id];
                const isCurrent = item === current;
                return (
                  <li key={item.id}>
                    <Link
                      to={item.to}
                      className={isCurrent ? 'smr-sidenav-link active' : 'smr-sidenav-link'}
                      aria-current={isCurrent ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      {ItemIcon ? <ItemIcon size={18} /> : null}
                      <span>{item.label}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
