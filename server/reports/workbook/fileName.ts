/** 'Acme Castings 2024-05-01 Current State Assessment.xlsx', safe on every file system. */
export function reportFileName(parts: (string | null | undefined)[]): string {
  const name = parts
    .filter(Boolean)
    .join(' ')
    .split('')
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '-' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 180);
  return `${name || 'report'}.xlsx`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
