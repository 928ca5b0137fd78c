import { PRODUCT_NAME } from '@domain/codes';
import { Logo } from '@web/components/Logo';
import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import { lazy, Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { Link, useLocation } from 'react-router';
import type { NavItem } from './navItems';
import { PhoneNavigation } from './PhoneNavigation';

// The menu (a dropdown with its positioning library) shows only once signed in: the login page
// loads without it.
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu')).UserMenu }));

/**
 * Logo, title and the user menu (docs/product.md#screens-menu); on phones, the Menu button of the
 * navigation before the logo.
 */
export function TopBar({ navigation }: { navigation: readonly NavItem[] }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const onSignInPage = pathname === paths.home || pathname === paths.login;
  return (
    <header className="smr-topbar">
      {/* Beside a sidebar the bar spans the window, so the logo stands above the navigation. */}
      <Container fluid={navigation.length > 0} className="smr-topbar-inner">
        <div className="smr-topbar-start">
          {navigation.length > 0 ? <PhoneNavigation items={navigation} /> : null}
          <Link to={paths.home} className="smr-brand">
            <Logo size={34} />
            <span className="smr-brand-name">{PRODUCT_NAME}</span>
          </Link>
        </div>
        <nav aria-label="User" className="smr-topbar-nav">
          {user ? (
            <Suspense fallback={null}>
              <UserMenu user={user} />
            </Suspense>
          ) : null}
          {!user && !onSignInPage ? (
            <Link to={paths.home} className="btn btn-sm btn-outline-light">
              Sign In
            </Link>
          ) : null}
        </nav>
      </Container>
    </header>
  );
}
