import type { Deps, ZodApp } from '../http/types.js';

/** Admin users (SPEC.md section 7): searches, downloads, the user form's calls. */
export function userRoutes(_app: ZodApp, _deps: Deps): void {}
