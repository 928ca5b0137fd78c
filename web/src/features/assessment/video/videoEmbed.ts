/**
 * Hosts whose players a section's help video may come from: the same video services the server's
 * sanitiser accepts when an administrator saves a section (server/html/sanitize.ts).
 */
export const SECTION_VIDEO_HOSTS: readonly string[] = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'vimeo.com',
  'fast.wistia.net',
  'player.wistia.com',
];

/**
 * The embed address in a help video field (an https URL, or iframe HTML as the section editor stores
 * it), or null when there is none or it is not https on one of the allowed hosts.
 */
export function videoEmbedUrl(raw: string | null | undefined, hosts: readonly string[]): string | null {
  const text = raw?.trim();
  if (!text) return null;
  const candidate = text.startsWith('<') ? /\bsrc\s*=\s*["']([^"']+)["']/i.exec(text)?.[1] : text;
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate.replace(/&amp;/g, '&'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  return hosts.includes(url.hostname.toLowerCase()) ? url.href : null;
}
