import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { HttpError } from './envelope.js';

/** The database's integer columns are 32-bit on PostgreSQL; no number this product takes is larger. */
export const MAX_INT = 2_147_483_647;

/**
 * The first value of a validated request that no database column can take, as a readable problem:
 * a number outside the 32-bit range (ids, paging, orders) or text with a NUL byte (PostgreSQL refuses
 * it). Checked on what the schemas produced, so coerced strings ('2147483648') count too. Iterative,
 * so no body can exhaust the stack.
 */
export function outOfBounds(value: unknown): string | undefined {
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

/** The zod validator of every route, then the database's bounds over its output (both databases). */
export function registerBoundedValidator(app: FastifyInstance): void {
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return (data: unknown) => {
      const result = validate(data) as { value?: unknown; error?: Error };
      if (result.error) return result;
      const problem = outOfBounds(result.value);
      return problem ? { error: new HttpError(400, `Invalid request. ${problem}`) } : result;
    };
  });
}
