import { AlertList } from '@web/components/alerts/AlertList';
import { PageLoading } from '@web/components/PageLoading';
import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { Outlet } from 'react-router';
import { RouteGuard } from '../RouteGuard';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

/** Top bar, alerts, the guarded page and the footer. */
export function AppLayout() {
  return (
    <div className="smr-app">
      <a href="#main-content" className="visually-hidden-focusable smr-skip-link">
        Skip to main content
      </a>
      <TopBar />
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
      <Footer />
    </div>
  );
}
