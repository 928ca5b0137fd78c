import { OrganizationType } from '@domain/codes';
import { NavLink } from 'react-router';
import { organizationListPath } from './organizationListKind';

const views = [
  { label: 'View All', to: organizationListPath(OrganizationType.Manufacturer) },
  { label: 'View Unassigned', to: organizationListPath(OrganizationType.Manufacturer, true) },
];

/**
 * The manufacturer lists' menu (docs/product.md#screens): every manufacturer, or those without a consulting
 * firm. Links rather than a dropdown: two choices read at a glance, and the current one is marked.
 */
export function ManufacturerListMenu() {
  return (
    <nav aria-label="Manufacturer lists" className="mb-3">
      <div className="btn-group btn-group-sm">
        {views.map((view) => (
          <NavLink
            key={view.to}
            to={view.to}
            end
            className={({ isActive }) => `btn ${isActive ? 'btn-primary' : 'btn-outline-primary'}`}
          >
            {view.label}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
