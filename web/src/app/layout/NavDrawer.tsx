import Offcanvas from 'react-bootstrap/Offcanvas';
import type { NavItem } from './navItems';
import { SideNav } from './SideNav';

/** The navigation as a drawer from the left, for screens too narrow for the sidebar. */
export function NavDrawer({
  id,
  items,
  show,
  onHide,
}: {
  id: string;
  items: readonly NavItem[];
  show: boolean;
  onHide: () => void;
}) {
  return (
    <Offcanvas
      id={id}
      show={show}
      onHide={onHide}
      placement="start"
      className="smr-nav-drawer"
      aria-labelledby={`${id}-title`}
    >
      <Offcanvas.Header closeButton closeLabel="Close navigation">
        <Offcanvas.Title as="h2" id={`${id}-title`} className="smr-nav-drawer-title">
          Navigation
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <SideNav items={items} onNavigate={onHide} />
      </Offcanvas.Body>
    </Offcanvas>
  );
}
