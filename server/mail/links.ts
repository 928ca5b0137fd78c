import type { AppConfig } from '../config.js';

/** The origin of a URL-ish text ('https://x.org/path', 'x.org:8080'), lower-cased, or undefined. */
function originOf(text: string): URL | undefined {
  try {
    return new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
}

/**
 * Where links in e-mails point (INTERFACES.md 'links'): the host the client names, only when it is
 * PUBLIC_URL's host or one of ALLOWED_HOSTS; else PUBLIC_URL; else this server on localhost. A reset
 * link therefore never points to a host the operator did not allow.
 */
export function linkBase(
  config: Pick<AppConfig, 'publicUrl' | 'allowedHosts' | 'port'>,
  clientHost?: string | null,
): string {
  const publicUrl = config.publicUrl ? originOf(config.publicUrl) : undefined;
  const client = clientHost ? originOf(clientHost.trim()) : undefined;
  if (client) {
    const allowed = [publicUrl?.host, ...config.allowedHosts.map((h) => originOf(h)?.host)].filter(Boolean);
    if (allowed.includes(client.host)) return client.origin;
  }
  if (publicUrl) return `${publicUrl.origin}${publicUrl.pathname.replace(/\/+$/, '')}`;
  return `http://localhost:${config.port}`;
}
