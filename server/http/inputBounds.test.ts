import { describe, expect, it } from 'vitest';
import { MAX_INT, outOfBounds } from './inputBounds.js';

// The stack walk outOfBounds replaced: which problem it named first, when there are several, is part
// of the answer (a 400's text), so the frame walk must name the same one.
function stackWalk(value: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string };
    const field = path || 'Request body';
    if (typeof current === 'number') {
      if (!Number.isFinite(current) || Math.abs(current) > MAX_INT) return `${field}: Number out of range.`;
    } else if (typeof current === 'string') {
      if (current.includes('\u0000')) return `${field}: Text must not contain NUL characters.`;
    } else if (current !== null && typeof current === 'object') {
      const entries = Array.isArray(current) ? current.entries() : Object.entries(current);
      for (const [key, child] of entries) {
        if (typeof key === 'string' && key.includes('\u0000'))
          return `${field}: Keys must not contain NUL characters.`;
        stack.push({ value: child, path: path ? `${path}.${key}` : String(key) });
      }
    }
  }
  return undefined;
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generated(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 6 : 8));
  const leaves = [1, MAX_INT + 1, 'ok', 'n\u0000l', null, true];
  if (pick < 6) return leaves[Math.floor(next() * leaves.length)];
  const size = Math.floor(next() * 4);
  if (pick === 6) return Array.from({ length: size }, () => generated(next, depth + 1));
  const keys = ['a', 'b', '', 'k\u0000', '0', 'z'];
  const object: Record<string, unknown> = {};
  for (let i = 0; i < size; i++)
    object[keys[Math.floor(next() * keys.length)] as string] = generated(next, depth + 1);
  return object;
}

describe('outOfBounds', () => {
  it("names a request's problem as it did, first of several included", () => {
    const next = random(25);
    let problems = 0;
    for (let i = 0; i < 3000; i++) {
      const value = generated(next, 0);
      const expected = stackWalk(value);
      if (expected) problems++;
      expect(outOfBounds(value), JSON.stringify(value)).toBe(expected);
    }
    expect(problems).toBeGreaterThan(500);
  });

  it('names the path of the value that cannot be stored', () => {
    expect(outOfBounds({ answers: [{ id: 1 }, { id: 2_147_483_648 }] })).toBe(
      'answers.1.id: Number out of range.',
    );
    expect(outOfBounds({ a: 'x', b: { 'k\u0000': 1 } })).toBe('b: Keys must not contain NUL characters.');
    expect(outOfBounds('\u0000')).toBe('Request body: Text must not contain NUL characters.');
    expect(outOfBounds({ a: [1, 'ok', null], b: { c: true } })).toBeUndefined();
  });
});
