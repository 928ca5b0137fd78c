// Date inputs of docs/product.md#rules-validation and docs/product.md#limits: mm/dd/yyyy, mm-dd-yyyy or yyyy-mm-dd; empty is allowed.

export const MIN_INPUT_DATE = '2010-01-01';
/** Last-certification dates before this year are rejected (docs/product.md#limits). */
export const MIN_CERTIFICATION_YEAR = 2000;

/** The date as yyyy-mm-dd, or undefined when the text is not a real date in an accepted format. */
export function parseDateInput(text: string): string | undefined {
  const t = text.trim();
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(t);
  if (match) {
    m = Number(match[1]);
    d = Number(match[2]);
    y = Number(match[3]);
  } else {
    match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T.*)?$/.exec(t);
    if (!match) return undefined;
    y = Number(match[1]);
    m = Number(match[2]);
    d = Number(match[3]);
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
