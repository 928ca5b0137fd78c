import { describe, expect, it } from 'vitest';
import { OrganizationType } from '../codes.js';
import type { Role } from '../rules/roles.js';
import { canHandleShareLinks, canSearchAllShareLinks, type ShareLinkAction } from './shareLinks.js';

const FIRM = 10;
const MAKER = 20;
const maker = { id: MAKER, type: OrganizationType.Manufacturer, consultingFirmId: FIRM };
const actor = (role: Role, organizationId: number | null) => ({ role, organizationId });
const actions: ShareLinkAction[] = ['create', 'list', 'revoke'];

describe("who handles a manufacturer's shared roadmap links", () => {
  it.each([
    ['admin', actor('admin', 1), true],
    ['consultant of its firm', actor('consultant', FIRM), true],
    ['consultant of another firm', actor('consultant', 11), false],
    ['its champion', actor('manufacturer-champion', MAKER), true],
    ['champion of another manufacturer', actor('manufacturer-champion', 99), false],
    ['a plain member of it', actor('manufacturer', MAKER), false],
    ['a visitor', actor('visitor', 5), false],
    ['a consultant without a firm', actor('consultant', null), false],
  ] as const)('%s: %s', (_who, a, allowed) => {
    for (const action of actions) expect(canHandleShareLinks(a, maker, action)).toBe(allowed);
  });

  it('lets only admins search every link', () => {
    expect(canSearchAllShareLinks({ role: 'admin' })).toBe(true);
    for (const role of ['consultant', 'manufacturer-champion', 'manufacturer', 'visitor'] as const)
      expect(canSearchAllShareLinks({ role })).toBe(false);
  });
});
