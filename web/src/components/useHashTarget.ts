import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the element into view and gives it focus when the address's #fragment names it: a link to
 * one action on a long plan lands on it, for the eye and for a screen reader. Asked by the element
 * itself, on mount and at each new fragment, since it may appear well after the page (a plan's
 * actions load area by area). The element needs tabIndex -1 to take focus.
 */
export function useHashTarget(ref: RefObject<HTMLElement | null>, anchor: string): void {
  const { hash } = useLocation();
  useEffect(() => {
    const target = ref.current;
    if (!target || decodeURIComponent(hash.slice(1)) !== anchor) return;
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [ref, anchor, hash]);
}
