import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** One JSON line per request (INTERFACES.md), instead of Fastify's 'incoming' and 'completed' pair. */
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
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        userId: request.actor?.userId,
      },
      'request',
    );
  }
}
