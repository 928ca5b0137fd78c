/**
 * A text fit for a file name on every file system: control characters and \ / : * ? " < > | become
 * '-', runs of white space one space, at most `max` characters.
 */
export function safeName(text: string, max = 180): string {
  return text
    .split('')
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '-' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** 'Acme Castings 2024-05-01 Current State Assessment.xlsx', safe on every file system. */
export function reportFileName(parts: (string | null | undefined)[]): string {
  return `${safeName(parts.filter(Boolean).join(' ')) || 'report'}.xlsx`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
