import { describe, expect, it } from 'vitest';
import { stableJson } from './idempotency.js';

// The text kept requests are matched by (its digest is stored with each kept answer): the one-string
// writer must give exactly what the recursive join it replaced gave, or a resent request after an
// upgrade would be refused as a reused key.
function joined(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(joined).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${joined(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

describe('stableJson', () => {
  const samples: unknown[] = [
    null,
    undefined,
    0,
    -1.5,
    Number.NaN,
    true,
    'text "quoted" \\ \u0000 \u2028 é',
    [],
    {},
    [undefined, null, 1, [2, [3]], { b: 1, a: 2 }],
    { b: undefined, a: null, c: new Date(Date.UTC(2026, 10, 27)) },
    { Z: 1, a: 2, _: 3, '10': 4, '9': 5, é: 6, 'k"ey': 7, '': 8, aa: { y: [1, 'x'], x: {} } },
    // biome-ignore lint/suspicious/noSparseArray: a hole, which a parsed body never has
    [1, , 3],
    Object.assign(Object.create(null), { b: 1, a: [{ d: 1, c: 2 }] }),
  ];

  it('gives the same text as the recursive join it replaced', () => {
    for (const sample of samples) expect(stableJson(sample)).toBe(joined(sample));
  });

  it('gives equal texts for bodies that differ only in key order', () => {
    expect(stableJson({ a: 1, b: { d: [1], c: 2 } })).toBe(stableJson({ b: { c: 2, d: [1] }, a: 1 }));
  });
});
