import { buildTestApp } from '@server/test/helpers.js';
import { describe, expect, it } from 'vitest';

// DESIGN.md 'Enforced': every route declares its answer as a zod schema (`schema.response`), so the
// OpenAPI description shows what comes back and the web derives its types from the same schemas.

/** The success codes an answer schema may be declared under. */
const SUCCESS = ['200', '201'];

describe('answer schemas', () => {
  it('are declared by every route under /api for its success status', async () => {
    const app = await buildTestApp('sqlite');
    const missing = app.apiRoutes
      .filter((route) => {
        const response = route.schema?.response;
        if (!response || typeof response !== 'object') return true;
        return !SUCCESS.some((code) => (response as Record<string, unknown>)[code] !== undefined);
      })
      .map((route) => `${[route.method].flat().join(',')} ${route.url}`);
    expect(app.apiRoutes.length).toBeGreaterThan(50);
    expect(missing, 'routes without a response schema for 200 or 201').toEqual([]);
  });
});
