import type { Deps, ZodApp } from '../http/types.js';

/** Issue 17 (INTERFACES.md 'Beyond SPEC.md'): being built. */
export function roleAlignmentRoutes(_app: ZodApp, _deps: Deps): void {}
