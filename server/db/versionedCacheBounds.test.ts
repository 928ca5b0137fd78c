import { describe, expect, it } from 'vitest';
import type { Executor } from './database.js';
import { versionedCache } from './versionedCache.js';

// The bounds of a versioned cache: keys and bytes per database, the least recently asked going first.
// The change count is given as a function here, so no database is read; the cache is the real one.
describe('a versioned cache in memory', () => {
  const setUp = (bounds: Parameters<typeof versionedCache<string>>[2]) => {
    let version = 1;
    const loads: string[] = [];
    const cache = versionedCache<string>(
      async () => version,
      async (_db, key) => {
        loads.push(key);
        return key === 'missing' ? undefined : `${key}@${version}`;
      },
      bounds,
    );
    const db = {} as Executor;
    return { get: (key: string) => cache(db, key), loads, bump: () => version++ };
  };

  it('keeps at most maxKeys, dropping the least recently asked', async () => {
    const c = setUp({ maxKeys: 2 });
    await c.get('a');
    await c.get('b');
    await c.get('a'); // kept; now the most recent
    await c.get('c'); // drops b
    await c.get('a');
    await c.get('b');
    expect(c.loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps at most maxBytes, and never an entry larger than that alone', async () => {
    const c = setUp({ maxKeys: 100, maxBytes: 10, sizeOf: (v) => (v.startsWith('big') ? 11 : 4) });
    await c.get('a');
    await c.get('b');
    await c.get('c'); // 12 bytes: drops a
    await c.get('big');
    await c.get('big');
    await c.get('b');
    await c.get('a');
    expect(c.loads).toEqual(['a', 'b', 'c', 'big', 'big', 'a']);
  });

  it('loads again after the count moves, and keeps nothing for what is not found', async () => {
    const c = setUp({});
    expect(await c.get('a')).toBe('a@1');
    c.bump();
    expect(await c.get('a')).toBe('a@2');
    expect(await c.get('missing')).toBeUndefined();
    expect(await c.get('missing')).toBeUndefined();
    expect(c.loads).toEqual(['a', 'a', 'missing', 'missing']);
  });
});
