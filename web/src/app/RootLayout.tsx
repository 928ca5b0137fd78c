import { AlertsProvider } from '../components/alerts/AlertsProvider';
import { GlobalFailureHandling } from './GlobalFailureHandling';
import { AppLayout } from './layout/AppLayout';
import { ScrollToTop } from './ScrollToTop';
import { useLookups } from './useLookups';

/** The root route: everything that needs the router and lives as long as the app. */
export function RootLayout() {
  // docs/product.md#calls: lookups load after login and on protected pages.
  useLookups();
  return (
    <AlertsProvider>
      <GlobalFailureHandling />
      <ScrollToTop />
      <AppLayout />
    </AlertsProvider>
  );
}
