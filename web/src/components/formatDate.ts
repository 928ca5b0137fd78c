import { parseDateInput } from '@domain/rules/dates';
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

/**
 * A calendar day (YYYY-MM-DD, such as a due date) as M/d/yyyy; empty for a missing or unreadable one.
 * Read as that day wherever the browser is: a day read as a UTC moment shows the day before west of UTC.
 */
export function formatDay(day: string | null | undefined): string {
  const iso = day ? parseDateInput(day) : undefined;
  if (!iso) return '';
  const [year, month, date] = iso.split('-').map(Number) as [number, number, number];
  return format(new Date(year, month - 1, date), 'M/d/yyyy');
}
