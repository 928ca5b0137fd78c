import { isAscii } from 'node:buffer';
import type { FastifyRequest } from 'fastify';

// A JSON body's bytes as received, and the text JSON.parse reads them from
// (docs/decisions.md#performance-json-body-text).

/** Bodies below this decode as they are: only a long text with one non-Latin-1 character is slow. */
const ESCAPE_FROM_BYTES = 32 * 1024;
/** Mostly non-ASCII text (another script) is decoded as it is: escaping it would triple it. */
const MAX_NON_ASCII_SHARE = 1 / 16;
const BACKSLASH = 0x5c;
const NON_ASCII_RUNS = /[\x80-\xff]+/g;

/**
 * The body as text for JSON.parse, or undefined when only the plain UTF-8 decoding will do. A body
 * of over 64K characters holding one character outside Latin-1 (a curly apostrophe pasted into a
 * question's rich text: the seeded trial's 78 KB submission has two) decodes into a two-byte string
 * too large for V8's ordinary heap pages; making one cost 1.3-1.6 ms of CPU in Node 20, against
 * 0.08 ms here, and everything that read the text after paid for its width. So the ASCII is kept
 * as it is and each run of other bytes is written as the \uXXXX escapes of its UTF-8 decoding: one
 * narrow string, which JSON.parse turns into the same value. The escapes mean the same only inside
 * a JSON string; outside one the plain text is refused too (JSON has no non-ASCII outside strings,
 * and a backslash there is an error as well). A run right after a backslash could turn an invalid
 * escape into a valid one, so such a body, like any the parser refuses, is decoded plainly.
 */
export function escapedJsonText(bytes: Buffer): string | undefined {
  if (bytes.length < ESCAPE_FROM_BYTES || isAscii(bytes)) return undefined;
  const narrow = bytes.toString('latin1');
  let out = '';
  let from = 0;
  let nonAscii = 0;
  const maxNonAscii = bytes.length * MAX_NON_ASCII_SHARE;
  for (const [start, end] of nonAsciiRuns(bytes, narrow)) {
    nonAscii += end - start;
    if (nonAscii > maxNonAscii || (start > 0 && bytes[start - 1] === BACKSLASH)) return undefined;
    // Runs split at ASCII bytes, which no UTF-8 sequence contains: each decodes as in the whole.
    out += narrow.slice(from, start) + escaped(bytes.toString('utf8', start, end));
    from = end;
  }
  return out + narrow.slice(from);
}

/** Bytes that isAscii (native, vectorized) clears at a time before the expression looks at them. */
const ASCII_BLOCK = 2048;

/**
 * The runs of bytes over 0x7F, [start, end), in order: what matchAll(NON_ASCII_RUNS) finds in the
 * Latin-1 text, with the ASCII blocks between them passed over natively (the expression over the
 * whole of a 78 KB body was two thirds of this function's time; it has a few runs).
 */
function* nonAsciiRuns(bytes: Buffer, narrow: string): Generator<[number, number]> {
  let from = 0;
  while (from < bytes.length) {
    while (from < bytes.length && isAscii(bytes.subarray(from, from + ASCII_BLOCK))) from += ASCII_BLOCK;
    if (from >= bytes.length) return;
    NON_ASCII_RUNS.lastIndex = from;
    const run = NON_ASCII_RUNS.exec(narrow);
    if (!run) return;
    const end = run.index + run[0].length;
    yield [run.index, end];
    from = end;
  }
}

function escaped(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** The bytes of each request's JSON body, for the Idempotency-Key's fingerprint (idempotency.ts). */
const bodyBytes = new WeakMap<FastifyRequest, Buffer>();

export function keepBodyBytes(request: FastifyRequest, bytes: Buffer): void {
  bodyBytes.set(request, bytes);
}

/** The JSON body's bytes as received; empty when the request had none. */
export function bodyBytesOf(request: FastifyRequest): Buffer {
  return bodyBytes.get(request) ?? EMPTY;
}

const EMPTY = Buffer.alloc(0);
