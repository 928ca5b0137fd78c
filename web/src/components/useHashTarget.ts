import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the element the address's #fragment names into view and gives it focus once `ready` (its
 * list has loaded): a link to one action on a long plan lands on it, for the eye and for a screen
 * reader. The element needs tabIndex -1 to take focus.
 */
export function useHashTarget(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [ready, hash]);
}
