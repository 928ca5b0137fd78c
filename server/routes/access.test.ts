import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helpers.js';

// Every later route gets its permissions the same way: by stating them. One that states nothing fails here.
describe('route access declarations', () => {
  it('every API route states who may call it', async () => {
    const app = await buildTestApp('sqlite');
    expect(app.apiRoutes.length).toBeGreaterThan(5);
    const silent = app.apiRoutes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(silent).toEqual([]);
  });
});
