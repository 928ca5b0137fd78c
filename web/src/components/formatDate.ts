import { format } from 'date-fns';

/** docs/product.md#limits's zero date stands for 'no date'. */
const ZERO_DATE = '1900-01-01';

function parsed(iso: string | null | undefined): Date | null {
  if (!iso || iso.startsWith(ZERO_DATE)) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date as M/d/yyyy (docs/product.md#limits); empty for a missing or unreadable one. */
export function formatDate(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? format(date, 'M/d/yyyy') : '';
}

/** A date and time as M/dd/yyyy h:mm a (docs/product.md#limits); empty for a missing or unreadable one. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? format(date, 'M/dd/yyyy h:mm a') : '';
}
