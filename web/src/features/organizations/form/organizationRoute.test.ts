import { OrganizationType } from '@domain/codes';
import { accessFor } from '@web/lib/routeAccess';
import { describe, expect, it } from 'vitest';
import {
  cancelTargetOf,
  organizationListPath,
  organizationLocationOf,
  organizationPath,
} from './organizationRoute';

describe('the organization form routes', () => {
  it("reads 'mine', 'new' and ids, with or without a type", () => {
    expect(organizationLocationOf({ id: 'mine' })).toEqual({ source: { kind: 'mine' }, choosesType: false });
    expect(organizationLocationOf({ id: 'new' })).toEqual({
      source: { kind: 'blank', type: OrganizationType.Manufacturer },
      choosesType: true,
    });
    expect(organizationLocationOf({ type: 'consultant', id: 'new' })).toEqual({
      source: { kind: 'blank', type: OrganizationType.Consultant },
      choosesType: false,
    });
    expect(organizationLocationOf({ type: 'admin', id: '4' })).toEqual({
      source: { kind: 'saved', id: 4 },
      choosesType: false,
    });
    expect(organizationLocationOf({ id: '12' })).toEqual({
      source: { kind: 'saved', id: 12 },
      choosesType: false,
    });
  });

  it('refuses anything else', () => {
    for (const params of [
      { id: 'abc' },
      { id: '0' },
      { id: '-3' },
      { type: 'visitor', id: '3' },
      { type: 'manufacturer', id: 'mine' },
      { type: 'Manufacturer', id: '3' },
    ]) {
      expect(organizationLocationOf(params)).toBeNull();
    }
  });

  it("builds an organization's page and its type's list", () => {
    expect(organizationPath(OrganizationType.Manufacturer, 77)).toBe('/admin/organization/manufacturer/77');
    expect(organizationPath(OrganizationType.Consultant, 'new')).toBe('/admin/organization/consultant/new');
    expect(organizationListPath(OrganizationType.Consultant)).toBe('/admin/organization/list/consultant');
  });
});

describe('Cancel', () => {
  const { Manufacturer, Consultant } = OrganizationType;
  const cancel = (role: Parameters<typeof cancelTargetOf>[0]['role'], type: number, returnTo?: string) =>
    cancelTargetOf({ role, type, returnTo, accessOf: accessFor });

  it("goes to the type's list, or back to the list the user came from", () => {
    expect(cancel('admin', Consultant)).toBe('/admin/organization/list/consultant');
    expect(cancel('consultant', Manufacturer)).toBe('/admin/organization/list/manufacturer');
    expect(cancel('admin', Manufacturer, '/admin/organization/list/manufacturer/unassigned')).toBe(
      '/admin/organization/list/manufacturer/unassigned',
    );
    expect(cancel('admin', Manufacturer, '//evil.example')).toBe('/admin/organization/list/manufacturer');
  });

  it('goes home for a champion, and for a consultant on their own firm', () => {
    expect(cancel('manufacturer-champion', Manufacturer)).toBe('/');
    expect(cancel('consultant', Consultant)).toBe('/');
  });
});
