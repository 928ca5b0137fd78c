import type { Deps, ZodApp } from '../http/types.js';
import { accountRoutes } from './account.js';
import { authRoutes } from './auth.js';
import { lookupRoutes } from './lookups.js';
import { systemRoutes } from './system.js';

/** Every area of SPEC.md section 7, mounted under /api. */
export const routeAreas: ((app: ZodApp, deps: Deps) => void)[] = [
  systemRoutes,
  authRoutes,
  accountRoutes,
  lookupRoutes,
];
