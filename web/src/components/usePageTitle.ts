import { PRODUCT_NAME } from '@domain/codes';
import { useEffect } from 'react';

/** Sets the browser tab title, so history entries and screen readers name the page. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
