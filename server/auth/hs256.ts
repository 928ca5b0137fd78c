import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';

// Compact JWS with HMAC-SHA256, and nothing else. The session token is checked on every call and
// renewed on every answer; through WebCrypto (jose) each of those is an asynchronous job costing more
// than the request's database work, while node:crypto's HMAC is synchronous and takes microseconds.
// The claims are checked by the caller (tokens.ts); the tests forge tokens with jose, an independent
// implementation, so both sides of the format are held to the standard.

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const SEGMENT = /^[A-Za-z0-9_-]+$/;

const mac = (key: KeyObject, input: string) => createHmac('sha256', key).update(input).digest();

export function signHs256(key: KeyObject, payload: Record<string, unknown>): string {
  const input = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${input}.${mac(key, input).toString('base64url')}`;
}

function decodeJson(segment: string): Record<string, unknown> | undefined {
  const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * The payload of a token whose header names HS256 (no other algorithm, no critical extensions) and
 * whose signature matches; undefined for anything else. Throws nothing.
 */
export function verifyHs256(key: KeyObject, token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const protectedHeader = decodeJson(header);
    if (protectedHeader?.alg !== 'HS256' || 'crit' in protectedHeader) return undefined;
    if (protectedHeader.typ !== undefined && protectedHeader.typ !== 'JWT') return undefined;
    const expected = mac(key, `${header}.${payload}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return decodeJson(payload);
  } catch {
    return undefined; // not base64url JSON
  }
}
