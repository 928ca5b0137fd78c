import { type RequestOptions, requestBlob } from './client';

/** The file name of a Content-Disposition header; RFC 5987 `filename*` wins over `filename`. */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
  if (quoted?.[1]) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare?.[1] ?? null;
}

/** Saves a blob through a temporary link: the only way a SPA can hand the browser a file. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a report or CSV and saves it under the server's file name (or the fallback). */
export async function downloadFile(
  path: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<void> {
  const { blob, contentDisposition } = await requestBlob(path, options);
  saveBlob(blob, filenameFromContentDisposition(contentDisposition) ?? fallbackName);
}
