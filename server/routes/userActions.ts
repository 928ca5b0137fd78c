import type { Deps, ZodApp } from '../http/types.js';

/** Admin users (SPEC.md section 7): delete, convert and one-time passcodes. */
export function userActionRoutes(_app: ZodApp, _deps: Deps): void {}
