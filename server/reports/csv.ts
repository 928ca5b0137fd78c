import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/** Cells starting with = + - @ would run as formulas in a spreadsheet; a leading quote keeps them text. */
export function neutralize(value: unknown): string {
  const text = value == null ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A CSV file as a stream (RFC 4180: CRLF line ends, quotes where a cell holds a comma, a quote or a
 * line break), written batch by batch as the rows are read, so its size never decides the memory
 * used. Every cell goes through neutralize(): nothing in it runs as a spreadsheet formula.
 */
export function csvStream<T>(
  header: readonly string[],
  batches: AsyncIterable<T[]>,
  cells: (row: T) => unknown[],
): Readable {
  const lines = async function* () {
    yield header.map(neutralize);
    for await (const batch of batches) for (const row of batch) yield cells(row).map(neutralize);
  };
  const csv = stringify({ record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  const source = Readable.from(lines());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as M/d/yyyy (docs/product.md#limits), read as UTC; empty when there is none. */
export function csvDate(value: string | null | undefined): string {
  const date = value ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

/** A moment as M/dd/yyyy h:mm a (docs/product.md#limits) in UTC; empty when there is none. */
export function csvDateTime(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  const hours = date.getUTCHours();
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${pad(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${date.getUTCMonth() + 1}/${pad(date.getUTCDate())}/${date.getUTCFullYear()} ${clock}`;
}

export const yesNo = (value: number | boolean | null | undefined) =>
  value === 1 || value === true ? 'Yes' : 'No';

export const CSV_TYPE = 'text/csv; charset=utf-8';
