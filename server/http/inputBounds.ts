import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { HttpError } from './envelope.js';

/** The database's integer columns are 32-bit on PostgreSQL; no number this product takes is larger. */
export const MAX_INT = 2_147_483_647;

/** Why a number or a text cannot be stored, as a problem of `field`. */
function leafProblem(value: unknown, field: string): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) > MAX_INT) return `${field}: Number out of range.`;
  } else if (typeof value === 'string') {
    if (value.includes('\u0000')) return `${field}: Text must not contain NUL characters.`;
  }
  return undefined;
}

const fieldOf = (path: string) => path || 'Request body';
const childPath = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** An object or array being walked: its members are visited from the last to the first. */
type Frame = {
  members: Record<string | number, unknown>;
  keys: string[] | undefined;
  index: number;
  path: string;
};

/**
 * The first value of a validated request that no database column can take, as a readable problem:
 * a number outside the 32-bit range (ids, paging, orders) or text with a NUL byte (PostgreSQL refuses
 * it). Checked on what the schemas produced, so coerced strings ('2147483648') count too. Iterative,
 * so no body can exhaust the stack. Which problem is named when there are several is part of the
 * answer: an object's keys first, then its members from the last to the first, each one's own members
 * before its earlier siblings. One frame per object or array and a path only for those (a leaf's only
 * when it is the problem): a submission holds thousands of leaves.
 */
export function outOfBounds(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return leafProblem(value, fieldOf(''));
  const frames: Frame[] = [];
  const enter = (container: object, path: string): string | undefined => {
    if (Array.isArray(container)) {
      frames.push({
        members: container as unknown as Frame['members'],
        keys: undefined,
        index: container.length,
        path,
      });
      return undefined;
    }
    const keys = Object.keys(container);
    for (const key of keys)
      if (key.includes('\u0000')) return `${fieldOf(path)}: Keys must not contain NUL characters.`;
    frames.push({ members: container as Record<string, unknown>, keys, index: keys.length, path });
    return undefined;
  };
  const first = enter(value, '');
  if (first) return first;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame;
    if (frame.index === 0) {
      frames.pop();
      continue;
    }
    frame.index--;
    const key = frame.keys ? (frame.keys[frame.index] as string) : frame.index;
    const member = frame.members[key];
    const problem =
      member !== null && typeof member === 'object'
        ? enter(member, childPath(frame.path, key))
        : // Named only when it is the problem: no path string for every leaf.
          leafProblem(member, '') && leafProblem(member, fieldOf(childPath(frame.path, key)));
    if (problem) return problem;
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
