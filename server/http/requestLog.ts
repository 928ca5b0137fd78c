import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Pages whose last path segment is a secret: the links of invite, reset and confirmation e-mails, and
 * shared roadmap links (the page /shared/{token} and its call /api/shared/{token}, docs/decisions.md#trust-share-links).
 */
const SECRET_PATHS = /(\/(?:invite|resetpassword|confirmemail|shared)\/)[^/?#\s]+/gi;
/** Query parameters that carry secrets, whatever the call. */
const SECRET_PARAMS = /([?&](?:[a-z]*token|code|password|secret)=)[^&#\s]*/gi;

/** Text with the invite, reset and shared-link tokens, and secret-looking query values, replaced by [redacted]. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PATHS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}

/** One JSON line per request (docs/product.md#running), instead of Fastify's 'incoming' and 'completed' pair. */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    _error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    request.log.info(
      {
        method: request.method,
        url: redactSecrets(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        userId: request.actor?.userId,
      },
      'request',
    );
  }
}
