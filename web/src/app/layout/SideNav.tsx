import { useId } from 'react';
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
  const idPrefix = useId();
  return (
    <nav aria-label="Main" className="smr-sidenav">
      {navGroupsOf(items).map(({ group, items: groupItems }, index) => {
        const titleId = `${idPrefix}-group-${index}`;
        return (
          <div key={group ?? 'home'} className="smr-sidenav-group">
            {group ? (
              <p id={titleId} className="smr-sidenav-title">
                {group}
              </p>
            ) : null}
            <ul aria-labelledby={group ? titleId : undefined}>
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
