import { describe, expect, it } from 'vitest';
import { OrganizationType } from '../codes.js';
import type { Role } from '../rules/roles.js';
import { canSeePeerFigures, readsPeerFiguresOf } from './peers.js';

const maker = { id: 10, type: OrganizationType.Manufacturer, consultingFirmId: 20 };
const as = (role: Role, organizationId: number | null) => ({ role, organizationId });

describe('canSeePeerFigures', () => {
  it('lets admins see every organization', () => {
    expect(canSeePeerFigures(as('admin', 1), maker)).toBe(true);
    expect(canSeePeerFigures(as('admin', null), maker)).toBe(true);
  });

  it('lets every member of the organization see it, whatever their role', () => {
    for (const role of ['manufacturer-champion', 'manufacturer', 'visitor', 'consultant'] as const)
      expect(canSeePeerFigures(as(role, 10), maker), role).toBe(true);
  });

  it("lets the consultants of the manufacturer's firm see it, not those of another firm", () => {
    expect(canSeePeerFigures(as('consultant', 20), maker)).toBe(true);
    expect(canSeePeerFigures(as('consultant', 21), maker)).toBe(false);
    expect(canSeePeerFigures(as('consultant', 20), { ...maker, consultingFirmId: null })).toBe(false);
  });

  it('refuses members of other organizations and people outside any', () => {
    for (const role of ['manufacturer-champion', 'manufacturer', 'visitor'] as const) {
      expect(canSeePeerFigures(as(role, 11), maker), role).toBe(false);
      expect(canSeePeerFigures(as(role, null), maker), role).toBe(false);
    }
    // A champion whose organization happens to be the firm's id is not the firm's consultant.
    expect(canSeePeerFigures(as('manufacturer-champion', 20), maker)).toBe(false);
  });
});

describe('readsPeerFiguresOf', () => {
  const client = { organizationId: 10, consultingFirmId: 20 };
  const outsider = { organizationId: 11, consultingFirmId: 21 };

  it("leaves out the viewer's own organization, whatever the role", () => {
    for (const role of ['manufacturer-champion', 'manufacturer', 'visitor'] as const) {
      expect(readsPeerFiguresOf(as(role, 10), client), role).toBe(true);
      expect(readsPeerFiguresOf(as(role, 10), outsider), role).toBe(false);
    }
  });

  it("leaves out every client of a consultant's firm, not another firm's", () => {
    expect(readsPeerFiguresOf(as('consultant', 20), client)).toBe(true);
    expect(readsPeerFiguresOf(as('consultant', 20), outsider)).toBe(false);
    expect(readsPeerFiguresOf(as('consultant', 20), { ...client, consultingFirmId: null })).toBe(false);
    // A champion whose organization happens to be the firm's id is not the firm's consultant.
    expect(readsPeerFiguresOf(as('manufacturer-champion', 20), client)).toBe(false);
  });

  it('leaves out nothing for admins or people outside any organization', () => {
    expect(readsPeerFiguresOf(as('admin', 10), client)).toBe(false);
    expect(readsPeerFiguresOf(as('visitor', null), client)).toBe(false);
  });
});
