import { z } from 'zod';

/**
 * JSON serialized earlier (a cached read, a kept idempotent answer), typed as the answer it holds
 * so it satisfies the route's response schema. Fastify sends a string or a Buffer as it is, past the
 * route's serializer: the text was built from the same view when it was kept.
 */
export const preserialized = <T>(json: string | Buffer): T => json as unknown as T;

/**
 * A kept answer's UTF-8 bytes. Sent as a Buffer, an answer is written as it is: a string would be
 * measured (content-length) and encoded again on every request, which for the lookups (28 KB) and an
 * assessment's criteria costs more than everything else the request does.
 */
export const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/**
 * A view's bytes exactly as the route's response serializer (fastify-type-provider-zod) writes them:
 * the schema's encoding, then JSON.stringify. Kept, they are sent as they are (preserialized).
 */
export const encodedBytes = <S extends z.ZodType>(schema: S, value: z.output<S>): Buffer =>
  Buffer.from(JSON.stringify(z.encode(schema, value)));
