import { format } from 'date-fns';

/** A date as M/d/yyyy (docs/product.md#limits); empty for a missing or unreadable one. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'M/d/yyyy');
}
