import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './envelope.js';

type ErrorBody = { isSuccess: false; message: string; statusCode: number };

const body = (statusCode: number, message: string): ErrorBody => ({ isSuccess: false, message, statusCode });

/** Field paths and messages of a failed validation, as one sentence a person can act on. */
function validationMessage(error: { validation: { instancePath: string; message?: string }[] }): string {
  const parts = error.validation.slice(0, 5).map((v) => {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return field ? `${field}: ${v.message ?? 'Invalid'}` : `Request body: ${v.message ?? 'Invalid'}`;
  });
  return `Invalid request. ${parts.join('; ')}`;
}

/** One error handler for every route: readable 4xx, and 5xx without internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(body(error.statusCode, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(body(400, validationMessage(error)));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(400).send(body(400, 'The request body is too large.'));
    }
    if (status === 415) {
      return reply
        .status(400)
        .send(body(400, 'The request body must be JSON (Content-Type: application/json).'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send(body(400, 'The request body is not valid JSON.'));
    }
    if (status === 429) {
      return reply.status(429).send(body(429, error.message));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(status, error.message || 'The request could not be processed.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body(500, 'An unexpected error occurred. Please try again later.'));
  });
}

export function apiNotFound(method: string, url: string): ErrorBody {
  return body(404, `No API call ${method} ${url.split('?')[0]} exists.`);
}
