import { describe, expect, it } from 'vitest';
import { menuItemsFor, menuLabel } from './menuItems';

const labels = (role: Parameters<typeof menuItemsFor>[0]) => menuItemsFor(role).map((item) => item.label);

describe('user menu by role (docs/product.md#screens, Other screens)', () => {
  it('admin', () => {
    expect(labels('admin')).toEqual([
      'Manage Consulting Firms',
      'Manage Manufacturers',
      'Client Portfolio',
      'Manage Visitors',
      'All Consultants',
      'All Assessment Invites',
      'Download Benchmark CSV',
      'Manage Assessment Sections',
      'Manage Assessment Questions',
      'Manage Lookup Items',
      'Manage My Organization',
      'Edit My Profile',
      'Logout',
    ]);
  });

  it('consultant', () => {
    expect(labels('consultant')).toEqual([
      'Manage Manufacturers',
      'Client Portfolio',
      'Manage My Firm',
      'Edit My Profile',
      'Logout',
    ]);
  });

  it('manufacturer champion', () => {
    expect(labels('manufacturer-champion')).toEqual(['Manage Roadmap', 'Edit My Profile', 'Logout']);
  });

  it('manufacturer', () => {
    expect(labels('manufacturer')).toEqual(['Edit My Profile', 'Logout']);
  });

  it('visitor: Logout only', () => {
    expect(menuItemsFor('visitor')).toEqual([{ label: 'Logout', kind: 'logout' }]);
  });

  it('nobody logged in: no menu', () => {
    expect(menuItemsFor(null)).toEqual([]);
  });

  it('links go where the brief says', () => {
    const targets = Object.fromEntries(
      menuItemsFor('admin').flatMap((item) => (item.kind === 'link' ? [[item.label, item.to]] : [])),
    );
    expect(targets).toEqual({
      'Manage Consulting Firms': '/admin/organization/list/consultant',
      'Manage Manufacturers': '/admin/organization/list/manufacturer',
      'Client Portfolio': '/portfolio',
      'Manage Visitors': '/admin/user/list/visitor',
      'All Consultants': '/admin/user/list/consultant/all',
      'All Assessment Invites': '/admin/assessmentinvite/list',
      'Manage Assessment Sections': '/admin/section/list',
      'Manage Assessment Questions': '/admin/question/list',
      'Manage Lookup Items': '/admin/lookup/list',
      'Manage My Organization': '/admin/organization/mine',
      'Edit My Profile': '/profile',
    });
    expect(menuItemsFor('consultant').find((i) => i.label === 'Manage My Firm')).toMatchObject({
      to: '/admin/organization/mine',
    });
    expect(menuItemsFor('manufacturer-champion')[0]).toMatchObject({ to: '/admin/organization/mine' });
  });
});

describe('menuLabel: the first word of the full name', () => {
  it.each([
    ['Ada Lovelace', 'Ada'],
    ['  Grace   Brewster Hopper ', 'Grace'],
    ['Cher', 'Cher'],
    ['Jean-Luc Picard', 'Jean-Luc'],
    ['Ana\tMaría', 'Ana'],
  ])('%j -> %s', (fullName, label) => {
    expect(menuLabel(fullName)).toBe(label);
  });

  it('falls back when there is no name', () => {
    expect(menuLabel('   ', 'admin')).toBe('admin');
    expect(menuLabel(null, 'admin')).toBe('admin');
  });
});
