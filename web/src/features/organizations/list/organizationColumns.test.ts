import { describe, expect, it } from 'vitest';
import { organizationColumns } from './organizationColumns';

const headers = (type: number | null, admin: boolean) =>
  organizationColumns(type, admin).map((column) => column.header);

describe('organization list columns', () => {
  it('name the type when the list holds every type', () => {
    expect(headers(null, true)).toEqual(['Edit', 'Name', 'Type', 'Business Area']);
  });

  it('keep the admin organizations to their name and business area', () => {
    expect(headers(1, true)).toEqual(['Edit', 'Name', 'Business Area']);
  });
});
