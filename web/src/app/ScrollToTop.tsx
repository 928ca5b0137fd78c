import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** docs/product.md#screens: the page scrolls to the top on each route change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}
