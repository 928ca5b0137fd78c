import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { MenuIcon } from './navIcons';
import type { NavItem } from './navItems';

// The drawer (a dialog with its transitions) loads on the first open: the login page and the
// sidebar of a wide screen never need it (docs/decisions.md#web-performance).
const NavDrawer = lazy(async () => ({ default: (await import('./NavDrawer')).NavDrawer }));

/**
 * The phone's way to the navigation: a Menu button in the top bar opening a drawer. The drawer keeps
 * focus inside while open, closes with Escape, its close button or a chosen destination, and hands
 * focus back to the button.
 */
export function PhoneNavigation({ items }: { items: readonly NavItem[] }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const drawerId = useId();
  const { pathname } = useLocation();

  // Any change of page (a link, Back, the logo) closes it.
  useEffect(() => {
    if (pathname) setOpen(false);
  }, [pathname]);

  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-light smr-nav-toggle"
        aria-controls={drawerId}
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <MenuIcon size={20} />
        <span className="smr-nav-toggle-label">Menu</span>
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <NavDrawer id={drawerId} items={items} show={open} onHide={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
