import { z } from 'zod';

// The shapes every answer of the API shares. Each route declares its answer with these around a view
// schema of its area (domain/schemas/*View or the area's file), as `schema.response[200]`: the OpenAPI
// description then shows the answer, the server serializes through it (fields not named are dropped,
// a field of the wrong type is a 500 before anything leaves) and the web takes its types from it.

/** The envelope of a call that acts: { isSuccess, message, data? }. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ isSuccess: z.boolean(), message: z.string(), data: data.optional() });
}

/** An envelope that carries no data (a save, a delete, a mail sent). */
export const emptyEnvelope = z.object({
  isSuccess: z.boolean(),
  message: z.string(),
  data: z.unknown().optional(),
});

/** One page of a list: the rows and the count before Skip and Take. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), count: z.number().int() });
}

/**
 * A file (an Excel workbook, a CSV, a PDF): streamed as it is, never serialized. Declared so the
 * OpenAPI description says what comes back and every route has an answer schema.
 */
export const fileAnswer = z.any().describe('A file download; the content-disposition header names it.');

/** An answer the server hands on as text already serialized (a cached read) or with no body. */
export const noBody = z.null().describe('No body.');
