import type { Role } from '../rules/roles.js';

/**
 * The roles whose home page shows figures (docs/decisions.md#dashboard-figures): administrators (the
 * whole product), consultants (their firm's clients) and champions (their own organization). A
 * manufacturer's and a visitor's home page shows their own assessments only (docs/product.md#screens-dashboard).
 */
export const dashboardFigureRoles = [
  'admin',
  'consultant',
  'manufacturer-champion',
] as const satisfies readonly Role[];

export function hasDashboardFigures(role: Role | null | undefined): boolean {
  return (dashboardFigureRoles as readonly string[]).includes(role ?? '');
}
