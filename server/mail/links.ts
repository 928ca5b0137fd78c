import type { AppConfig } from '../config.js';

/** A URL-ish text ('https://x.org/path', 'x.org:8080') parsed, host lower-cased, or undefined. */
function parse(text: string): URL | undefined {
  try {
    return new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
}

const isLoopback = (hostname: string) => ['localhost', '127.0.0.1', '[::1]'].includes(hostname);

/**
 * Where links in e-mails point (docs/product.md#running-mail). With PUBLIC_URL set, links start with it; the
 * host the client names replaces PUBLIC_URL's host only when it is one of ALLOWED_HOSTS, and the scheme
 * and path stay PUBLIC_URL's. Without PUBLIC_URL, an allowed client host is used with the scheme the
 * operator wrote for it in ALLOWED_HOSTS (https unless written, or a loopback host); otherwise this
 * server on localhost (a developer's machine). Nothing but the host is ever taken from the client, so a
 * link never points to a host, scheme or path the operator did not set.
 */
export function linkBase(
  config: Pick<AppConfig, 'publicUrl' | 'allowedHosts' | 'port'>,
  clientHost?: string | null,
): string {
  const publicUrl = config.publicUrl ? parse(config.publicUrl) : undefined;
  const client = clientHost ? parse(clientHost.trim()) : undefined;
  const allowed = config.allowedHosts
    .map((entry) => ({ entry: entry.trim(), url: parse(entry.trim()) }))
    .filter((a): a is { entry: string; url: URL } => !!a.url);
  const match = client && allowed.find((a) => a.url.host === client.host);
  if (publicUrl) {
    const host = match ? match.url.host : publicUrl.host;
    return `${publicUrl.protocol}//${host}${publicUrl.pathname.replace(/\/+$/, '')}`;
  }
  if (match) {
    const written = /^(https?):\/\//i.exec(match.entry)?.[1]?.toLowerCase();
    const scheme = written ?? (isLoopback(match.url.hostname) ? 'http' : 'https');
    return `${scheme}://${match.url.host}`;
  }
  return `http://localhost:${config.port}`;
}
