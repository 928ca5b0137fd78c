import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mimeMessage, quotedPrintable } from './mime.js';

// The product's own MIME writer (mime.ts): what a mail reader decodes is what was written, and every
// line stays within the lengths RFC 2045 and 5322 set.

/** Quoted-printable decoding as a reader does it (soft breaks joined, =XX bytes restored). */
const decodeQp = (text: string) =>
  Buffer.from(
    text
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Encoded words (RFC 2047, base64) decoded and unfolded. */
const decodeHeader = (value: string) =>
  value
    .replace(/\?=\n =\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'))
    .replace(/\n /g, ' ');

const headerOf = (message: string, name: string) =>
  new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'm').exec(message)?.[1] ?? '';

describe('the MIME writer', () => {
  it('writes quoted-printable that decodes to the text, lines of 76 characters at most', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const encoded = quotedPrintable(text);
        expect(decodeQp(encoded)).toBe(text.replace(/\r\n?/g, '\n'));
        for (const line of encoded.split('\n')) expect(line.length).toBeLessThanOrEqual(76);
        // No line ends in a space or a tab a mail system could strip.
        for (const line of encoded.split('\n')) expect(/[ \t]$/.test(line)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('writes a two-part message with the subject, names and text a reader decodes', () => {
    const { recipients, message } = mimeMessage(
      {
        from: 'SM Roadmap <no-reply@roadmap.example.org>',
        to: 'zoe@example.com',
        subject: 'Überfällig: Kalibrierung der Messgeräte für die Linie 2 und alles was dazu gehört',
        text: 'Hello Zoë,\n\nLine two = important.\n',
        html: '<p>Hello Zoë,</p>',
      },
      new Date('2026-11-28T09:30:00.000Z'),
    );
    expect(recipients).toEqual(['zoe@example.com']);
    expect(decodeHeader(headerOf(message, 'Subject'))).toBe(
      'Überfällig: Kalibrierung der Messgeräte für die Linie 2 und alles was dazu gehört',
    );
    expect(headerOf(message, 'From')).toBe('"SM Roadmap" <no-reply@roadmap.example.org>');
    expect(headerOf(message, 'Date')).toBe('Sat, 28 Nov 2026 09:30:00 +0000');
    expect(headerOf(message, 'Message-ID')).toMatch(/^<[0-9a-f-]{36}@roadmap\.example\.org>$/);
    const boundary = /boundary="([^"]+)"/.exec(message)?.[1] as string;
    const parts = message.split(`--${boundary}`).slice(1, -1);
    expect(parts).toHaveLength(2);
    const bodyOf = (part: string) => decodeQp(part.slice(part.indexOf('\n\n') + 2).replace(/\n$/, ''));
    expect(parts[0]).toContain('Content-Type: text/plain; charset=utf-8');
    expect(bodyOf(parts[0] as string)).toBe('Hello Zoë,\n\nLine two = important.\n');
    expect(parts[1]).toContain('Content-Type: text/html; charset=utf-8');
    expect(bodyOf(parts[1] as string)).toBe('<p>Hello Zoë,</p>');
    expect(message.endsWith(`--${boundary}--\n`)).toBe(true);
    for (const line of message.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('keeps several recipients and quotes names that need it', () => {
    const { recipients, message } = mimeMessage({
      from: 'Jane "JJ" Doe <jane@example.org>',
      to: ['a@example.com', 'Björn <b@example.com>'],
      subject: 'Plain',
      text: 't',
      html: 'h',
    });
    expect(recipients).toEqual(['a@example.com', 'b@example.com']);
    // The address parser drops the quotes inside a display name; what is left is quoted again.
    expect(headerOf(message, 'From')).toBe('"Jane JJ Doe" <jane@example.org>');
    expect(decodeHeader(headerOf(message, 'To'))).toBe('a@example.com, Björn <b@example.com>');
  });
});
