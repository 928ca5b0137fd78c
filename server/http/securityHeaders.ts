import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

type Header = readonly [name: string, value: string | number | readonly string[]];

/**
 * The headers @fastify/helmet sets with these options, in its order and spelling, read once from a
 * throwaway instance: what its hooks have put on the raw answer when a handler runs.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Header[]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  let headers: Header[] = [];
  probe.get('/', async (_request, reply) => {
    const raw = reply.raw;
    // Node has this on every outgoing message; its types declare it on client requests only.
    const names = (raw as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames();
    headers = names.map((name) => [name, raw.getHeader(name) as Header[1]] as const);
    return '';
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (headers.length === 0) throw new Error('@fastify/helmet set no headers');
  return headers;
}

/**
 * Helmet's security headers on every answer, as @fastify/helmet would set them. The plugin builds
 * helmet's middleware anew on every request (its options parsed, its Content-Security-Policy text
 * joined again) in two hooks, one of them async; no option here depends on the request, so the
 * headers are computed once at start and set in one synchronous hook at the plugin's place.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}

/**
 * Helmet's headers that only a document (or a worker) reads: the policy, framing, opener and referrer
 * rules of the page. A hashed script or stylesheet is never a document (nosniff and its type keep a
 * browser from rendering it as one) and the app starts no workers, so on those files the headers are
 * bytes for nothing: about 0.75 KB a response, over HTTP/1.1 uncompressed, on each of the login page's
 * ten requests (docs/decisions.md#web-asset-headers). nosniff, CORP and HSTS stay on every answer.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
