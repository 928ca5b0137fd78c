import { describe, expect, it } from 'vitest';
import { LookupType, OrganizationType, UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, login, testDialects } from '../test/helpers.js';
import { buildManufacturer, lookupIds, manufacturerSave } from '../test/organizations.js';

// docs/decisions.md#sign-in-names (low): aliases, lookup names, department, phone and certificate numbers took a leading =,
// tabs, line breaks and bidi controls; an alias is a group's name in the API and the report.
describe.each(testDialects())('single-line labels on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const call = async (url: string, payload: object) =>
    api(await appPromise, { method: 'POST', url: `/api/${url}`, token: await adminToken, payload });

  const HOSTILE = [
    '=HYPERLINK("https://evil.example")',
    'Line\nbreak',
    'Tab\there',
    'Rtl\u202Egnp',
    'Iso\u2067x',
  ];
  const refused = (res: { statusCode: number; json(): { message: string } }, what: string) => {
    expect(res.statusCode, what).toBe(400);
    expect(res.json().message, what).toContain(messages.validation.nameCharacters);
  };

  it('refuses them in functional-role aliases, and keeps ordinary aliases', async () => {
    const app = await appPromise;
    const maker = await buildManufacturer(app, await adminToken);
    const role = await lookupIds(app).first(LookupType.FunctionalRole);
    const save = async (alias: string) => {
      const body = await manufacturerSave(app, { id: maker.id, name: maker.body.organization.name });
      body.organization.functionalRoleAliases = [{ id: role, alias }];
      return call('admin/organization/update', body);
    };
    for (const alias of HOSTILE) refused(await save(alias), JSON.stringify(alias));
    for (const alias of ["O'Brien's team", 'R&D', 'Smith-Jones', 'Leaders'])
      expect((await save(alias)).json(), alias).toMatchObject({ isSuccess: true });
  });

  it('refuses them in lookup names', async () => {
    for (const name of HOSTILE)
      refused(
        await call('admin/lookup/add', { name, lookupType: LookupType.Division }),
        JSON.stringify(name),
      );
    const fine = await call('admin/lookup/add', { name: unique('R&D - '), lookupType: LookupType.Division });
    expect(fine.json()).toMatchObject({ isSuccess: true });
  });

  it('refuses them in department, phone and certificate numbers; a leading + stays valid', async () => {
    const app = await appPromise;
    const ids = lookupIds(app);
    const maker = await buildManufacturer(app, await adminToken);
    const userBody = async (extra: object) => {
      const userName = unique('label');
      return {
        user: {
          userName,
          fullName: "Pat O'Brien-Smith",
          email: `${userName}@example.com`,
          phoneNumber: '+1 (555) 010-0101',
          group: { enumValue: UserGroup.Manufacturer },
          functionalRole: { id: await ids.first(LookupType.FunctionalRole) },
          department: 'R&D',
          certificateNumber: 'C-1234',
          organization: {
            id: maker.id,
            businessType: { id: await ids.first(LookupType.BusinessType, OrganizationType.Manufacturer) },
          },
          ...extra,
        },
      };
    };
    for (const field of ['department', 'phoneNumber', 'certificateNumber'])
      for (const value of HOSTILE)
        refused(
          await call('admin/user/visitor/add', await userBody({ [field]: value })),
          `${field} ${value}`,
        );
    expect((await call('admin/user/visitor/add', await userBody({}))).json()).toMatchObject({
      isSuccess: true,
    });
    // The organization form's user rows too.
    const body = await manufacturerSave(app, {
      id: maker.id,
      name: maker.body.organization.name,
      users: [{ id: -1, fullName: 'Row Person', userName: unique('row') }],
    });
    body.users[0] = { ...body.users[0]!, department: 'Ops\u202E' } as (typeof body.users)[0];
    refused(await call('admin/organization/update', body), 'row department');
  });
});
