import { AlertList } from '@web/components/alerts/AlertList';
import { PageLoading } from '@web/components/PageLoading';
import { useAuth } from '@web/lib/auth/useAuth';
import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { Outlet, useLocation } from 'react-router';
import { RouteGuard } from '../RouteGuard';
import { Footer } from './Footer';
import { navItemsFor, showsNavigation } from './navItems';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import './navigation.css';

/**
 * Top bar, the role's navigation beside the page (a sidebar on wide screens, a drawer behind the top
 * bar's Menu button on phones: docs/decisions.md#web-navigation), alerts, the guarded page and the
 * footer.
 */
export function AppLayout() {
  const { role } = useAuth();
  const { pathname } = useLocation();
  const navigation = showsNavigation(pathname) ? navItemsFor(role) : [];
  const withNavigation = navigation.length > 0;
  return (
    <div className="smr-app">
      <a href="#main-content" className="visually-hidden-focusable smr-skip-link">
        Skip to main content
      </a>
      <TopBar navigation={navigation} />
      <div className={withNavigation ? 'smr-shell smr-shell-with-nav' : 'smr-shell'}>
        {withNavigation ? (
          <aside className="smr-sidebar">
            <SideNav items={navigation} />
          </aside>
        ) : null}
        <main id="main-content" className="smr-main" tabIndex={-1}>
          <Container>
            <AlertList />
          </Container>
          <RouteGuard>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </RouteGuard>
        </main>
      </div>
      <Footer />
    </div>
  );
}
